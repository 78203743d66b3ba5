/**
 * HTML → Portable Text with @portabletext/html (Sanity's converter), parsing with linkedom.
 * Images that were uploaded become Sanity image objects referencing their asset document.
 */
import { htmlToPortableText } from "@portabletext/html";
import { BLOCK_TAGS, collapseWhitespace, isElement, parseHtmlDocument, tagOf, TEXT_NODE, withXPath } from "./dom";
import { ownRows } from "./ast";

export interface PortableTextBlock {
  _type: string;
  _key: string;
  [key: string]: unknown;
}

/** Deterministic keys: the same HTML always gives the same blocks, so unchanged pages compare equal. */
function keyGenerator(): () => string {
  let n = 0;
  return () => `k${(n++).toString(36).padStart(4, "0")}`;
}


/** A cell's text, with a space where its paragraphs, lines or nested cells meet ("October 2020 Mo Tu"). */
function cellText(node: Node): string {
  if (node.nodeType === TEXT_NODE) return node.textContent ?? "";
  if (!isElement(node)) return "";
  const inner = Array.from(node.childNodes).map(cellText).join("");
  const tag = tagOf(node);
  return BLOCK_TAGS.has(tag) || tag === "br" ? ` ${inner} ` : inner;
}

/**
 * Converts sanitised HTML (links and images already rewritten) into Portable Text.
 * `imageRef(src)` answers the Sanity asset id of an uploaded image, or null to keep a plain URL.
 */
export function htmlToPortableTextBlocks(html: string, imageRef: (src: string) => string | null = () => null): PortableTextBlock[] {
  const nextKey = keyGenerator();
  return htmlToPortableText(html, {
    parseHtml: (input) => withXPath(parseHtmlDocument(input)),
    keyGenerator: nextKey,
    rules: [
      {
        // Tables in the shape of Sanity's table plugin (@sanity/table): rows of plain-text cells.
        deserialize: (el) => {
          if (tagOf(el) !== "table") return undefined;
          // Its own rows: a table nested in a cell is that cell's text, not rows of this table.
          const own = ownRows(el as Element);
          const rows = own.map((tr) => ({
            _type: "tableRow",
            _key: nextKey(),
            cells: Array.from(tr.children)
              .filter((c) => tagOf(c) === "td" || tagOf(c) === "th")
              .map((c) => collapseWhitespace(cellText(c)).trim()),
          }));
          const first = own[0];
          const headerRows = first && Array.from(first.children).every((c) => tagOf(c) === "th") ? 1 : 0;
          return { _type: "table", _key: nextKey(), headerRows, rows };
        },
      },
    ],
    whitespaceMode: "normalize",
    types: {
      image: ({ context, value }) => {
        const src = value.src ?? "";
        const ref = src ? imageRef(src) : null;
        return {
          _type: "image",
          _key: context.keyGenerator(),
          ...(ref ? { asset: { _type: "reference", _ref: ref } } : { src }),
          ...(value.alt ? { alt: value.alt } : {}),
        };
      },
    },
  }) as PortableTextBlock[];
}
