/**
 * HTML → Contentful Rich Text (the `Document` of @contentful/rich-text-types).
 * Contentful has no inline images: an image inside a paragraph is moved after it as an
 * embedded-asset-block (or a hyperlink when the image was not uploaded).
 */
import { BLOCKS, INLINES, MARKS, type Block as CfBlock, type Document, type Inline as CfInline, type Text } from "@contentful/rich-text-types";
import { type Block, type Inline, type Mark, htmlToBlocks } from "./ast";

type CfChild = CfBlock | CfInline | Text;

const MARK_MAP: Record<string, MARKS> = {
  bold: MARKS.BOLD, italic: MARKS.ITALIC, underline: MARKS.UNDERLINE, code: MARKS.CODE, strike: MARKS.STRIKETHROUGH,
};
const HEADINGS = [BLOCKS.HEADING_1, BLOCKS.HEADING_2, BLOCKS.HEADING_3, BLOCKS.HEADING_4, BLOCKS.HEADING_5, BLOCKS.HEADING_6];

const text = (value: string, marks: Mark[] = []): Text => ({
  nodeType: "text",
  value,
  marks: marks.filter((m) => m.type !== "link").map((m) => ({ type: MARK_MAP[m.type] })),
  data: {},
});

function assetBlock(assetId: string): CfBlock {
  return { nodeType: BLOCKS.EMBEDDED_ASSET, data: { target: { sys: { type: "Link", linkType: "Asset", id: assetId } } }, content: [] };
}

/** Inlines of a paragraph/heading, with images split out as blocks that follow. */
function inlines(children: Inline[]): { content: CfChild[]; after: CfBlock[] } {
  const content: CfChild[] = [];
  const after: CfBlock[] = [];
  for (const child of children) {
    if (child.type === "break") content.push(text("\n"));
    else if (child.type === "image") {
      if (child.assetId) after.push(assetBlock(child.assetId));
      else content.push({ nodeType: INLINES.HYPERLINK, data: { uri: child.src }, content: [text(child.alt || child.src)] });
    } else {
      const link = child.marks.find((m): m is Extract<Mark, { type: "link" }> => m.type === "link");
      const node = text(child.text, child.marks);
      const prev = content[content.length - 1];
      if (link && prev?.nodeType === INLINES.HYPERLINK && (prev as CfInline).data.uri === link.href) (prev as CfInline).content.push(node);
      else if (link) content.push({ nodeType: INLINES.HYPERLINK, data: { uri: link.href }, content: [node] });
      else content.push(node);
    }
  }
  // Contentful requires at least one text node and text at both ends around inline nodes.
  if (!content.length || content[0].nodeType !== "text") content.unshift(text(""));
  if (content[content.length - 1].nodeType !== "text") content.push(text(""));
  return { content, after };
}

function paragraphs(children: Inline[], nodeType: BLOCKS = BLOCKS.PARAGRAPH): CfBlock[] {
  const { content, after } = inlines(children);
  return [{ nodeType, data: {}, content } as CfBlock, ...after];
}

/** Blocks allowed inside list items and quotes: paragraphs, headings, lists (and hr in list items). */
function nested(blocks: Block[], allowLists: boolean): CfBlock[] {
  const out: CfBlock[] = [];
  for (const block of blocks) {
    if (block.type === "list" && allowLists) out.push(...convert(block));
    else if (block.type === "paragraph" || block.type === "heading") out.push(...paragraphs(block.children).filter((b) => b.nodeType === BLOCKS.PARAGRAPH));
    else if (block.type === "image" || block.type === "code" || block.type === "table" || block.type === "quote" || block.type === "list") {
      out.push(...paragraphs([{ type: "text", text: blockText(block), marks: [] }]));
    }
  }
  return out.length ? out : paragraphs([]);
}

function blockText(block: Block): string {
  switch (block.type) {
    case "paragraph":
    case "heading":
      return block.children.map((c) => (c.type === "text" ? c.text : "")).join("");
    case "image":
      return block.alt;
    case "code":
      return block.text;
    case "hr":
      return "";
    case "list":
      return block.items.map((i) => i.blocks.map(blockText).join(" ")).join("; ");
    case "quote":
      return block.blocks.map(blockText).join(" ");
    case "table":
      return block.rows.map((r) => r.map((c) => c.blocks.map(blockText).join(" ")).join(" | ")).join("\n");
  }
}

function convert(block: Block): CfBlock[] {
  switch (block.type) {
    case "paragraph":
      return paragraphs(block.children);
    case "heading":
      return paragraphs(block.children, HEADINGS[block.level - 1]);
    case "list":
      return [{
        nodeType: block.ordered ? BLOCKS.OL_LIST : BLOCKS.UL_LIST,
        data: {},
        content: block.items.map((item) => ({ nodeType: BLOCKS.LIST_ITEM, data: {}, content: nested(item.blocks, true) })),
      }];
    case "table":
      return [{
        nodeType: BLOCKS.TABLE,
        data: {},
        content: block.rows.map((row) => ({
          nodeType: BLOCKS.TABLE_ROW,
          data: {},
          content: row.map((cell) => ({
            nodeType: cell.header ? BLOCKS.TABLE_HEADER_CELL : BLOCKS.TABLE_CELL,
            data: {},
            content: nested(cell.blocks, false).filter((b) => b.nodeType === BLOCKS.PARAGRAPH),
          })),
        })),
      }];
    case "quote":
      return [{ nodeType: BLOCKS.QUOTE, data: {}, content: nested(block.blocks, false).filter((b) => b.nodeType === BLOCKS.PARAGRAPH) }];
    case "image":
      return block.assetId ? [assetBlock(block.assetId)] : paragraphs([{ type: "image", src: block.src, alt: block.alt, assetId: block.assetId }]);
    case "hr":
      return [{ nodeType: BLOCKS.HR, data: {}, content: [] }];
    case "code":
      return paragraphs([{ type: "text", text: block.text, marks: [{ type: "code" }] }]);
  }
}

/** Converts sanitised HTML (links and images already rewritten) into a Contentful Rich Text document. */
export function htmlToContentfulRichText(html: string): Document {
  const content = htmlToBlocks(html).flatMap(convert);
  return { nodeType: BLOCKS.DOCUMENT, data: {}, content: content as Document["content"] };
}
