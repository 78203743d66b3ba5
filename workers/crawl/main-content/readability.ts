/**
 * Mozilla Readability as a main-content candidate. It runs on a fresh parse of the page's HTML (it
 * rewrites the document it reads), with every element numbered first, so what it keeps maps back to
 * the elements of the page the rest of extraction reads.
 */
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { bodyIsFound, contentBody, pageElements, regularHtml } from "./dom";

const ID = "data-mc-id";
/** Past this many elements Readability is too slow on linkedom for a Worker's CPU budget. */
const MAX_ELEMENTS = 30_000;

export type ReadabilityResult =
  /** `kept`: the elements of the page's own parse that hold what Readability kept. */
  | { ok: true; kept: Element[] }
  /** `mismatch`: the document given is not a plain parse of the HTML (it was changed). */
  | { ok: false; why: string; mismatch?: boolean };

const TEXT_NODE = 3;
const norm = (s: string) => s.replace(/\s+/g, " ").trim();

function textChildren(el: Element): string[] {
  const out: string[] = [];
  for (const node of Array.from(el.childNodes)) if (node.nodeType === TEXT_NODE && norm(node.textContent ?? "")) out.push(norm(node.textContent ?? ""));
  return out;
}

/**
 * The page's elements behind Readability's result: those it kept by number, and the parents of the
 * text it kept. Readability replaces some elements with new, unnumbered ones (a div turned into the
 * paragraph it wraps) but moves text nodes unchanged, so text is matched too: first under the
 * numbered elements, then between them, then outwards from them.
 */
function keptElements(content: Element, source: readonly Element[]): Element[] {
  const numbered = new Set<Element>();
  let first = Infinity;
  let last = -1;
  for (const el of Array.from(content.querySelectorAll(`[${ID}]`))) {
    const i = Number(el.getAttribute(ID));
    if (!source[i]) continue;
    numbered.add(source[i]);
    [first, last] = [Math.min(first, i), Math.max(last, i)];
  }
  const texts = new Map<string, number>();
  const walk = (el: Element) => {
    for (const t of textChildren(el)) texts.set(t, (texts.get(t) ?? 0) + 1);
    for (const child of Array.from(el.children)) walk(child);
  };
  walk(content);
  const kept = new Set(numbered);
  const take = (el: Element) => {
    if (el.closest("head")) return;
    for (const t of textChildren(el)) {
      const n = texts.get(t) ?? 0;
      if (n > 0) {
        if (n > 1) texts.set(t, n - 1);
        else texts.delete(t);
        kept.add(el);
      }
    }
  };
  for (const el of numbered) take(el);
  if (last < 0) [first, last] = [source.length, source.length - 1];
  for (let i = first; i <= last; i++) take(source[i]);
  // Text of replaced elements at either end (a lead paragraph turned into a new <p>).
  for (let i = first - 1; i >= 0 && texts.size; i--) take(source[i]);
  for (let i = last + 1; i < source.length && texts.size; i++) take(source[i]);
  return [...kept];
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs Readability over `html`. `source` are the elements of the page's own parse of the same HTML,
 * in document order (`pageElements`): element i of the fresh parse is element i there.
 */
export function runReadability(html: string, source: readonly Element[]): ReadabilityResult {
  let doc: Document;
  try {
    doc = (parseHTML(html) as unknown as { document: Document }).document;
  } catch (err) {
    return { ok: false, why: `could not parse the page (${message(err)})` };
  }
  if (!doc.documentElement) return { ok: false, why: "the page has no document element" };
  // Listed before anything reads `doc.body`, which may insert an element.
  const fresh = pageElements(doc);
  if (fresh.length !== source.length || fresh.some((el, i) => el.tagName !== source[i].tagName)) {
    return { ok: false, why: "the page's document does not match its HTML", mismatch: true };
  }
  if (fresh.length > MAX_ELEMENTS) return { ok: false, why: `the page has ${fresh.length} elements, too many to run it` };
  fresh.forEach((el, i) => el.setAttribute(ID, String(i)));
  const body = contentBody(doc);
  // Readability reads `document.body`: give it a document where that is the page's body.
  if (!bodyIsFound(doc, body)) doc = (parseHTML(regularHtml(doc, body)) as unknown as { document: Document }).document;
  let article: ReturnType<Readability<Element>["parse"]>;
  try {
    // The serializer hands back the element itself, not its HTML, so its numbers can be read.
    article = new Readability<Element>(doc, { serializer: (node) => node as Element }).parse();
  } catch (err) {
    return { ok: false, why: `Readability failed (${message(err)})` };
  }
  const content = article?.content;
  if (!content) return { ok: false, why: "Readability found no article" };
  const kept = keptElements(content, source);
  if (!kept.length) return { ok: false, why: "Readability kept no element of the page" };
  return { ok: true, kept };
}
