/**
 * HTML → Portable Text with @portabletext/html (Sanity's converter), parsing with linkedom.
 * Images that were uploaded become Sanity image objects referencing their asset document.
 */
import { htmlToPortableText } from "@portabletext/html";
import { collapseWhitespace, parseHtmlDocument, tagOf, withXPath } from "./dom";

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
          const rows = Array.from((el as Element).querySelectorAll("tr")).map((tr) => ({
            _type: "tableRow",
            _key: nextKey(),
            cells: Array.from(tr.children)
              .filter((c) => tagOf(c) === "td" || tagOf(c) === "th")
              .map((c) => collapseWhitespace(c.textContent ?? "").trim()),
          }));
          const first = (el as Element).querySelector("tr");
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
