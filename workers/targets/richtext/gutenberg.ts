/**
 * HTML → WordPress block markup (Gutenberg's serialised form: `<!-- wp:name {attrs} -->html<!-- /wp:name -->`)
 * for the core blocks paragraph, heading, list, image, table, quote, separator and code.
 */
import { escapeAttr, escapeText } from "../../lib/escape";
import { type Block, type Inline, type Mark, htmlToBlocks } from "./ast";


const MARK_TAG: Record<string, string> = { bold: "strong", italic: "em", underline: "u", code: "code", strike: "s" };

function openMark(m: Mark): string {
  if (m.type === "link") return `<a href="${escapeAttr(m.href)}"${m.title ? ` title="${escapeAttr(m.title)}"` : ""}>`;
  return `<${MARK_TAG[m.type]}>`;
}
const closeMark = (m: Mark) => (m.type === "link" ? "</a>" : `</${MARK_TAG[m.type]}>`);

function imgTag(src: string, alt: string, assetId: string | null): string {
  return `<img src="${escapeAttr(src)}" alt="${escapeAttr(alt)}"${assetId ? ` class="wp-image-${escapeAttr(assetId)}"` : ""}/>`;
}

/** Renders inlines as HTML, reopening marks only where they change. */
export function renderInlines(children: Inline[]): string {
  let html = "";
  for (const child of children) {
    if (child.type === "break") html += "<br/>";
    else if (child.type === "image") html += imgTag(child.src, child.alt, child.assetId);
    else html += child.marks.map(openMark).join("") + escapeText(child.text) + [...child.marks].reverse().map(closeMark).join("");
  }
  return html.replace(/<\/(strong|em|u|code|s)><\1>/g, "");
}

const comment = (name: string, attrs: Record<string, unknown> | null, inner: string) =>
  `<!-- wp:${name}${attrs && Object.keys(attrs).length ? ` ${JSON.stringify(attrs)}` : ""} -->\n${inner}\n<!-- /wp:${name} -->`;

/** Plain HTML of blocks nested inside a list item or table cell (no block comments there in core markup). */
function innerHtml(blocks: Block[]): string {
  let html = "";
  let previousInline = false;
  for (const b of blocks) {
    const part = innerPart(b);
    const inline = b.type === "paragraph" || b.type === "heading" || b.type === "code" || b.type === "image";
    // Consecutive paragraphs inside one item keep their break; a nested list or table needs none.
    html += (previousInline && inline ? "<br/>" : "") + part;
    previousInline = inline;
  }
  return html;
}

function innerPart(b: Block): string {
  {
    {
      switch (b.type) {
        case "paragraph":
          return renderInlines(b.children);
        case "heading":
          return `<strong>${renderInlines(b.children)}</strong>`;
        case "list":
          return listHtml(b);
        case "image":
          return imgTag(b.src, b.alt, b.assetId);
        case "code":
          return `<code>${escapeText(b.text)}</code>`;
        case "quote":
          return innerHtml(b.blocks);
        case "table":
          return tableHtml(b.rows);
        case "hr":
          return "";
      }
    }
  }
}

function listHtml(block: Extract<Block, { type: "list" }>): string {
  const tag = block.ordered ? "ol" : "ul";
  return `<${tag}>${block.items.map((i) => `<li>${innerHtml(i.blocks)}</li>`).join("")}</${tag}>`;
}

function tableHtml(rows: Extract<Block, { type: "table" }>["rows"]): string {
  const headerRows = rows.length > 1 && rows[0].every((c) => c.header) ? 1 : 0;
  const row = (r: (typeof rows)[number]) => `<tr>${r.map((c) => `<${c.header ? "th" : "td"}>${innerHtml(c.blocks)}</${c.header ? "th" : "td"}>`).join("")}</tr>`;
  const head = headerRows ? `<thead>${row(rows[0])}</thead>` : "";
  return `<table>${head}<tbody>${rows.slice(headerRows).map(row).join("")}</tbody></table>`;
}

function convert(block: Block): string {
  switch (block.type) {
    case "paragraph":
      return comment("paragraph", null, `<p>${renderInlines(block.children)}</p>`);
    case "heading":
      return comment("heading", block.level === 2 ? null : { level: block.level }, `<h${block.level} class="wp-block-heading">${renderInlines(block.children)}</h${block.level}>`);
    case "list":
      return comment("list", block.ordered ? { ordered: true } : null, listHtml(block));
    case "table":
      return comment("table", null, `<figure class="wp-block-table">${tableHtml(block.rows)}</figure>`);
    case "quote":
      return comment("quote", null, `<blockquote class="wp-block-quote">${block.blocks.map(convert).join("\n")}</blockquote>`);
    case "image": {
      const id = block.assetId && /^\d+$/.test(block.assetId) ? Number(block.assetId) : null;
      return comment("image", id ? { id, sizeSlug: "full", linkDestination: "none" } : { sizeSlug: "full" }, `<figure class="wp-block-image size-full">${imgTag(block.src, block.alt, block.assetId)}</figure>`);
    }
    case "hr":
      return comment("separator", null, `<hr class="wp-block-separator has-alpha-channel-opacity"/>`);
    case "code":
      return comment("code", null, `<pre class="wp-block-code"><code>${escapeText(block.text)}</code></pre>`);
  }
}

/** Converts sanitised HTML (links and images already rewritten) into Gutenberg block markup. */
export function htmlToGutenberg(html: string): string {
  return htmlToBlocks(html).map(convert).join("\n\n");
}

/** A heading block on its own (component titles). */
export function gutenbergHeading(text: string, level = 2): string {
  return convert({ type: "heading", level: Math.min(6, Math.max(1, level)) as 2, children: [{ type: "text", text, marks: [] }] });
}

/** An image block on its own (component images). */
export function gutenbergImage(src: string, alt: string, assetId: string | null): string {
  return convert({ type: "image", src, alt, assetId });
}

/** A paragraph block holding a link (component calls to action). */
export function gutenbergLink(href: string, text: string): string {
  return convert({ type: "paragraph", children: [{ type: "text", text, marks: [{ type: "link", href }] }] });
}
