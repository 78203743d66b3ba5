/**
 * HTML → Storyblok rich text (the ProseMirror/Tiptap JSON that Storyblok's richtext field stores and
 * that @storyblok/richtext renders): doc, paragraph, heading, bullet_list, ordered_list, list_item,
 * blockquote, code_block, horizontal_rule, hard_break, image, table/tableRow/tableHeader/tableCell, and
 * the marks bold, italic, underline, strike, code and link.
 */
import { type Block, type Inline, htmlToBlocks } from "./ast";

export interface StoryblokNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: StoryblokNode[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
}

function linkAttrs(href: string): Record<string, unknown> {
  if (href.startsWith("mailto:")) return { href: href.slice(7), linktype: "email", target: null, uuid: null, anchor: null };
  const [path, anchor] = href.split("#");
  return { href: path, linktype: "url", target: /^https?:/i.test(href) ? "_blank" : "_self", uuid: null, anchor: anchor ?? null };
}

function inlines(children: Inline[]): StoryblokNode[] {
  return children.map((child): StoryblokNode => {
    if (child.type === "break") return { type: "hard_break" };
    if (child.type === "image") return { type: "image", attrs: { src: child.src, alt: child.alt, title: child.alt, id: child.assetId ? Number(child.assetId) || null : null } };
    const marks = child.marks.map((m) => (m.type === "link" ? { type: "link", attrs: linkAttrs(m.href) } : { type: m.type }));
    return marks.length ? { type: "text", text: child.text, marks } : { type: "text", text: child.text };
  });
}

function paragraph(children: Inline[]): StoryblokNode {
  const content = inlines(children);
  return content.length ? { type: "paragraph", content } : { type: "paragraph" };
}

function convert(block: Block): StoryblokNode {
  switch (block.type) {
    case "paragraph":
      return paragraph(block.children);
    case "heading":
      return { type: "heading", attrs: { level: block.level }, content: inlines(block.children) };
    case "list":
      return {
        type: block.ordered ? "ordered_list" : "bullet_list",
        ...(block.ordered ? { attrs: { order: 1 } } : {}),
        content: block.items.map((item) => ({ type: "list_item", content: item.blocks.map(convert) })),
      };
    case "table":
      return {
        type: "table",
        content: block.rows.map((row) => ({
          type: "tableRow",
          content: row.map((cell) => ({
            type: cell.header ? "tableHeader" : "tableCell",
            attrs: { colspan: 1, rowspan: 1, colwidth: null },
            content: cell.blocks.map(convert),
          })),
        })),
      };
    case "quote":
      return { type: "blockquote", content: block.blocks.map(convert) };
    case "image":
      return paragraph([{ type: "image", src: block.src, alt: block.alt, assetId: block.assetId }]);
    case "hr":
      return { type: "horizontal_rule" };
    case "code":
      return { type: "code_block", content: block.text ? [{ type: "text", text: block.text }] : [] };
  }
}

/** Converts sanitised HTML (links and images already rewritten) into a Storyblok rich text document. */
export function htmlToStoryblokRichText(html: string): StoryblokNode {
  return { type: "doc", content: htmlToBlocks(html).map(convert) };
}
