/**
 * The landmark candidate: the page's own main landmark (`main`, `[role=main]`, a single `article`,
 * `#content`...), or the body without its page chrome when there is none.
 */
import { tagOf } from "../html";
import { contentBody } from "./dom";

const MAIN_SELECTORS = ["main", "[role=main]", "article", "#content", "#main", ".main-content"];
/** Page chrome left out of the main content when the page has no main landmark. */
const CHROME_TAGS = new Set(["header", "footer", "nav", "aside"]);

export interface Landmark {
  el: Element;
  /** What was found, e.g. "<main>" or "the body (no landmark)". */
  name: string;
  /** True when the page has no landmark and the body stands in. */
  fallback: boolean;
}

/** A header, footer or aside of the page itself (not of an article or section inside it). */
export function isPageChrome(el: Element): boolean {
  if (!CHROME_TAGS.has(tagOf(el))) return false;
  for (let cur = el.parentElement; cur; cur = cur.parentElement) if (tagOf(cur) === "article" || tagOf(cur) === "section") return false;
  return true;
}

export function findLandmark(document: Document): Landmark {
  for (const selector of MAIN_SELECTORS) {
    const found = document.querySelectorAll(selector);
    // Several <article>s are a listing, not one main article.
    if (found.length === 1 || (found.length > 1 && selector !== "article")) return { el: found[0], name: selector, fallback: false };
  }
  return { el: contentBody(document) ?? document.documentElement, name: "the body (no landmark)", fallback: true };
}
