/**
 * A small rich text tree read once from sanitised HTML, so each platform format (Contentful Rich Text,
 * Storyblok rich text, Gutenberg blocks) is a plain mapping from the same structure.
 */
import { HEADING_TAGS, MARK_TAGS, TEXT_NODE, collapseWhitespace, isElement, parseFragment, tagOf } from "./dom";

export type MarkType = "bold" | "italic" | "underline" | "code" | "strike";
export type Mark = { type: MarkType } | { type: "link"; href: string; title?: string };

export type Inline =
  | { type: "text"; text: string; marks: Mark[] }
  | { type: "image"; src: string; alt: string; assetId: string | null }
  | { type: "break" };

export interface ListItem {
  blocks: Block[];
}

export interface TableCell {
  header: boolean;
  blocks: Block[];
}

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: "list"; ordered: boolean; items: ListItem[] }
  | { type: "table"; rows: TableCell[][] }
  | { type: "quote"; blocks: Block[] }
  | { type: "image"; src: string; alt: string; assetId: string | null }
  | { type: "hr" }
  | { type: "code"; text: string };

const CONTAINER_TAGS = new Set(["div", "section", "article", "main", "header", "footer", "aside", "figure", "body", "span", "nav"]);

function imageOf(el: Element): { src: string; alt: string; assetId: string | null } | null {
  const src = el.getAttribute("src");
  if (!src) return null;
  return { src, alt: el.getAttribute("alt") ?? "", assetId: el.getAttribute("data-asset-id") };
}

/** Reads inline content of an element, carrying marks down. */
function readInlines(node: Node, marks: Mark[], out: Inline[]): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === TEXT_NODE) {
      const text = collapseWhitespace(child.textContent ?? "");
      if (text) out.push({ type: "text", text, marks });
      continue;
    }
    if (!isElement(child)) continue;
    const tag = tagOf(child);
    if (tag === "br") out.push({ type: "break" });
    else if (tag === "img") {
      const img = imageOf(child);
      if (img) out.push({ type: "image", ...img });
    } else if (tag === "a") {
      const href = child.getAttribute("href");
      const title = child.getAttribute("title") ?? undefined;
      readInlines(child, href ? [...marks, { type: "link", href, ...(title ? { title } : {}) }] : marks, out);
    } else if (MARK_TAGS[tag]) {
      const type = MARK_TAGS[tag];
      readInlines(child, marks.some((m) => m.type === type) ? marks : [...marks, { type }], out);
    } else readInlines(child, marks, out);
  }
}

/** Trims leading and trailing spaces of a run of inlines and drops empty runs. */
function tidy(inlines: Inline[]): Inline[] {
  const out = inlines.filter((i) => i.type !== "text" || i.text !== "");
  const first = out[0];
  if (first?.type === "text") first.text = first.text.replace(/^\s+/, "");
  const last = out[out.length - 1];
  if (last?.type === "text") last.text = last.text.replace(/\s+$/, "");
  return out.filter((i) => i.type !== "text" || i.text !== "");
}

function readListItems(list: Element): ListItem[] {
  const items: ListItem[] = [];
  for (const child of Array.from(list.children)) {
    if (tagOf(child) !== "li") continue;
    const blocks = readBlocks(child);
    items.push({ blocks: blocks.length ? blocks : [{ type: "paragraph", children: [] }] });
  }
  return items;
}

/** The table's own rows, in order: those of a table nested in one of its cells belong to that table. */
export function ownRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of Array.from(table.children)) {
    const tag = tagOf(child);
    if (tag === "tr") rows.push(child);
    else if (tag === "thead" || tag === "tbody" || tag === "tfoot") rows.push(...Array.from(child.children).filter((c) => tagOf(c) === "tr"));
  }
  return rows;
}

function readTable(table: Element): TableCell[][] {
  const rows: TableCell[][] = [];
  for (const tr of ownRows(table)) {
    const cells: TableCell[] = [];
    for (const cell of Array.from(tr.children)) {
      const tag = tagOf(cell);
      if (tag !== "td" && tag !== "th") continue;
      const blocks = readBlocks(cell);
      cells.push({ header: tag === "th", blocks: blocks.length ? blocks : [{ type: "paragraph", children: [] }] });
    }
    if (cells.length) rows.push(cells);
  }
  return rows;
}

/** Reads the block structure of an element's children. Loose inline content becomes paragraphs. */
export function readBlocks(parent: Node): Block[] {
  const blocks: Block[] = [];
  let pending: Inline[] = [];
  const flush = () => {
    const children = tidy(pending);
    pending = [];
    if (children.length) blocks.push({ type: "paragraph", children });
  };
  for (const child of Array.from(parent.childNodes)) {
    if (!isElement(child)) {
      if (child.nodeType === TEXT_NODE) readInlines({ childNodes: [child] } as unknown as Node, [], pending);
      continue;
    }
    const tag = tagOf(child);
    if ((HEADING_TAGS as readonly string[]).includes(tag)) {
      flush();
      const children: Inline[] = [];
      readInlines(child, [], children);
      blocks.push({ type: "heading", level: Number(tag[1]) as 1 | 2 | 3 | 4 | 5 | 6, children: tidy(children) });
    } else if (tag === "p") {
      flush();
      const children: Inline[] = [];
      readInlines(child, [], children);
      const tidied = tidy(children);
      // A paragraph that only wraps images is a block image in every target format.
      if (tidied.length && tidied.every((i) => i.type === "image")) {
        for (const i of tidied) if (i.type === "image") blocks.push({ type: "image", src: i.src, alt: i.alt, assetId: i.assetId });
      } else if (tidied.length) blocks.push({ type: "paragraph", children: tidied });
    } else if (tag === "ul" || tag === "ol") {
      flush();
      blocks.push({ type: "list", ordered: tag === "ol", items: readListItems(child) });
    } else if (tag === "table") {
      flush();
      blocks.push({ type: "table", rows: readTable(child) });
    } else if (tag === "blockquote") {
      flush();
      blocks.push({ type: "quote", blocks: readBlocks(child) });
    } else if (tag === "hr") {
      flush();
      blocks.push({ type: "hr" });
    } else if (tag === "pre") {
      flush();
      blocks.push({ type: "code", text: child.textContent ?? "" });
    } else if (tag === "img" && !pending.some((i) => i.type === "text")) {
      flush();
      const img = imageOf(child);
      if (img) blocks.push({ type: "image", ...img });
    } else if (CONTAINER_TAGS.has(tag) && child.querySelector("p,h1,h2,h3,h4,h5,h6,ul,ol,table,blockquote,pre,hr,figure,div")) {
      flush();
      blocks.push(...readBlocks(child));
    } else if (tag === "script" || tag === "style" || tag === "noscript" || tag === "template") {
      continue;
    } else {
      readInlines({ childNodes: [child] } as unknown as Node, [], pending);
    }
  }
  flush();
  return blocks;
}

/** Parses sanitised HTML into blocks. */
export function htmlToBlocks(html: string): Block[] {
  return readBlocks(parseFragment(html));
}

/** Plain text of inlines. */
export function inlineText(inlines: Inline[]): string {
  return inlines.map((i) => (i.type === "text" ? i.text : i.type === "break" ? "\n" : "")).join("");
}
