/**
 * linkedom quirks that matter to main-content extraction. Its `document.body` getter only finds a body
 * that directly follows the head; otherwise (scripts between </head> and <body>, an unclosed head) it
 * inserts a new empty body and returns that, so the page's text seems to vanish.
 */
import { escapeAttr } from "../../lib/escape";
import { htmlLang } from "../html";

/** The body that holds the page (the one with the most text), or null when the parse has none. */
export function contentBody(doc: Document): Element | null {
  let best: Element | null = null;
  let size = -1;
  for (const body of Array.from(doc.querySelectorAll("body"))) {
    const n = (body.textContent ?? "").length;
    if (n > size) [best, size] = [body, n];
  }
  return best;
}

/** The page's elements in document order, leaving out empty bodies (the ones the getter inserts). */
export function pageElements(doc: Document): Element[] {
  return Array.from(doc.querySelectorAll("*")).filter((el) => el.tagName !== "BODY" || el.childNodes.length > 0);
}

/** Whether `document.body` returns the page's own body, so Readability reads the page. */
export function bodyIsFound(doc: Document, body: Element | null): boolean {
  const head = doc.documentElement?.firstElementChild;
  return body !== null && head?.tagName === "HEAD" && head.nextElementSibling === body;
}

/**
 * The same page as a regular document: head metadata, then the content body. Element attributes
 * (the numbering Readability's result is matched by) survive the round trip.
 */
export function regularHtml(doc: Document, body: Element | null): string {
  const lang = htmlLang(doc);
  const head = Array.from(doc.querySelectorAll('title, meta, script[type="application/ld+json" i]')).filter((el) => !body || !body.contains(el));
  const content = body ? body.outerHTML : `<body>${doc.documentElement?.innerHTML ?? ""}</body>`;
  return `<!DOCTYPE html><html${lang ? ` lang="${escapeAttr(lang)}"` : ""}><head>${head.map((el) => el.outerHTML).join("")}</head>${content}</html>`;
}
