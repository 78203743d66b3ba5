/**
 * A small allow-list sanitizer for the system notification's HTML. The server already sanitizes the
 * message when it is saved; the browser cleans it again before rendering so a row written some other
 * way (an older release, a database edit) still cannot run script on every page.
 */

/** Formatting and links, as the server allows. */
const ALLOWED_TAGS = new Set(["a", "b", "strong", "i", "em", "u", "s", "br", "p", "span", "code", "ul", "ol", "li"]);
/** Elements removed with everything inside them; any other unknown element is unwrapped. */
const DROPPED_WITH_CONTENT = new Set([
  "script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math", "textarea", "title", "select", "head", "link", "meta", "frame", "frameset",
]);
const SAFE_SCHEMES = /^(https?:|mailto:)/i;

/** Whether an href may stay: absolute http(s) or mailto only (no javascript:, data:, protocol-relative). */
export function isSafeHref(href: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  return SAFE_SCHEMES.test(compact);
}

interface ElementLike {
  tagName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

function cleanAttributes(el: ElementLike, tag: string) {
  const names = Array.from(el.attributes, (a) => a.name);
  for (const name of names) {
    const keep = tag === "a" && (name === "href" || name === "target");
    if (!keep) el.removeAttribute(name);
  }
  if (tag !== "a") return;
  const href = el.getAttribute("href");
  if (href !== null && !isSafeHref(href.trim())) el.removeAttribute("href");
  const target = el.getAttribute("target");
  if (target !== null && target !== "_blank" && target !== "_self") el.removeAttribute("target");
  // A new tab must not get a handle on this page.
  if (el.getAttribute("target") === "_blank") el.setAttribute("rel", "noopener noreferrer");
}

/** Cleans a parsed tree in place. `root` is a container whose children are the message. */
export function sanitizeTree(root: Node): void {
  for (const child of Array.from(root.childNodes)) {
    if (child.nodeType === 3) continue; // text
    if (child.nodeType !== 1) {
      root.removeChild(child); // comments, processing instructions
      continue;
    }
    const el = child as unknown as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) {
      root.removeChild(child);
      continue;
    }
    sanitizeTree(child);
    if (ALLOWED_TAGS.has(tag)) {
      cleanAttributes(el, tag);
    } else {
      while (child.firstChild) root.insertBefore(child.firstChild, child);
      root.removeChild(child);
    }
  }
}

/**
 * Sanitizes an HTML fragment with the browser's inert parser. `DOMParser` documents never run
 * scripts or load images, so parsing itself is safe. Returns "" where no parser exists (server render):
 * the banner is only ever shown after hydration.
 */
export function sanitizeBannerHtml(html: string, parser?: { parseFromString(s: string, type: "text/html"): Document }): string {
  const p = parser ?? (typeof DOMParser === "undefined" ? undefined : new DOMParser());
  if (!p) return "";
  const doc = p.parseFromString(`<!doctype html><html><body>${html}</body></html>`, "text/html");
  const body = doc.body;
  if (!body) return "";
  sanitizeTree(body);
  return body.innerHTML.trim();
}
