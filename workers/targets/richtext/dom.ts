import { DOMParser } from "linkedom";

/** Element node type, text node type (DOM constants, spelled out because linkedom's nodes lack them in types). */
export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

/** Parses an HTML fragment into a document whose body holds the fragment. */
export function parseHtmlDocument(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, "text/html") as unknown as Document;
}

/** The body of a parsed fragment. */
export function parseFragment(html: string): HTMLElement {
  return parseHtmlDocument(html).body;
}

export function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}

export function tagOf(node: Node): string {
  return isElement(node) ? node.tagName.toLowerCase() : "";
}

export const HEADING_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
export const BLOCK_TAGS = new Set([
  "p", "div", "section", "article", "main", "header", "footer", "aside", "figure", "figcaption",
  "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "thead", "tbody", "tfoot", "tr", "td", "th",
  "blockquote", "pre", "hr",
]);

/** Inline formatting marks the converters understand, by tag. */
export const MARK_TAGS: Record<string, "bold" | "italic" | "underline" | "code" | "strike"> = {
  strong: "bold", b: "bold", em: "italic", i: "italic", u: "underline", code: "code", s: "strike", del: "strike", strike: "strike",
};

/** Collapses runs of whitespace as HTML rendering does. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ");
}

interface XPathLikeResult {
  snapshotLength: number;
  snapshotItem(i: number): Node | null;
  iterateNext(): Node | null;
}

function allNodes(root: Node, accept: (n: Node) => boolean, out: Node[] = []): Node[] {
  for (const child of Array.from(root.childNodes)) {
    if (accept(child)) out.push(child);
    allNodes(child, accept, out);
  }
  return out;
}

/**
 * linkedom has no XPath. Converters that pre-process documents with `document.evaluate` use a handful
 * of simple paths (`//*`, `//tag`, `//comment()`, `/html/body/text()`, an id-contains test); this answers
 * those by walking the tree, and any other path with no match.
 */
export function withXPath(doc: Document): Document {
  const evaluate = (expression: string): XPathLikeResult => {
    const found: Node[] = [];
    for (const raw of expression.split("|")) {
      const path = raw.trim();
      const idContains = path.match(/^\/\/\*\[@id and contains\(@id, "([^"]+)"\)\]$/);
      if (idContains) found.push(...Array.from(doc.querySelectorAll(`[id*="${idContains[1]}"]`)));
      else if (path === "//*") found.push(...allNodes(doc, (n) => isElement(n)));
      else if (path === "//comment()") found.push(...allNodes(doc, (n) => n.nodeType === 8));
      else if (/^\/\/[a-z]+$/.test(path)) found.push(...Array.from(doc.querySelectorAll(path.slice(2))));
      else if (/^(\/[a-z]+)+\/text\(\)$/.test(path)) {
        let nodes: Node[] = [doc];
        for (const step of path.split("/").slice(1, -1)) {
          nodes = nodes.flatMap((n) => Array.from(n.childNodes).filter((c) => tagOf(c) === step));
        }
        found.push(...nodes.flatMap((n) => Array.from(n.childNodes).filter((c) => c.nodeType === TEXT_NODE)));
      }
    }
    let cursor = 0;
    return { snapshotLength: found.length, snapshotItem: (i) => found[i] ?? null, iterateNext: () => found[cursor++] ?? null };
  };
  Object.defineProperty(doc, "evaluate", { value: evaluate, configurable: true });
  return doc;
}
