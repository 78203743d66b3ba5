/**
 * HTML helpers of extraction: clean (sanitised) HTML, plain text, absolute URLs and CSS paths, over
 * the DOM that linkedom builds from the rendered page.
 */
import parseSrcset from "parse-srcset";
import type { Box } from "../contracts/extraction";
import { HTML_DROPPED_WITH_CONTENT, HTML_LINK_SCHEMES, HTML_POLICY, HTML_RESOURCE_SCHEMES, HTML_URL_ATTRIBUTES, allowedUrl } from "../contracts/html-policy";
import { escapeAttr, escapeText } from "../lib/escape";

/**
 * Clean HTML keeps the content profile of the one sanitizer policy (workers/contracts/html-policy.ts):
 * its elements and attributes, its URL schemes (made absolute first); the policy's dropped elements go
 * with their whole subtree, any other element is unwrapped.
 */
export const DROPPED_TAGS: ReadonlySet<string> = new Set(HTML_DROPPED_WITH_CONTENT);
const KEPT_TAGS: ReadonlySet<string> = new Set(HTML_POLICY.content.tags);
const KEPT_ATTRS = HTML_POLICY.content.attributes;

const URL_ATTRS: ReadonlySet<string> = new Set(HTML_URL_ATTRIBUTES);
const VOID_TAGS = new Set(["br", "hr", "img"]);
const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "blockquote", "pre", "figure", "figcaption", "tr", "caption", "section", "article", "div", "br", "hr", "table", "ul", "ol"]);

const CELL_TAGS = new Set(["td", "th"]);

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

export const tagOf = (el: Element) => el.tagName.toLowerCase();

/** Whether the element's own style hides it (`display: none`, `visibility: hidden`). */
export const hiddenByStyle = (el: Element) => /display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.getAttribute("style") ?? "");

/** Classes that hide an element from everyone, screen readers too ("hidden", Bootstrap's "d-none" and "invisible", Avada's "rich-snippet-hidden"). */
export const NOT_SHOWN_CLASSES = ["hidden", "d-none", "invisible", "is-hidden", "u-hidden", "rich-snippet-hidden"];
/** Classes that hide an element from sight but not from screen readers (Bootstrap's "sr-only", WordPress's "screen-reader-text"). */
export const SCREEN_READER_CLASSES = ["sr-only", "screen-reader-text", "screen-reader", "visually-hidden", "visuallyhidden", "hide-accessible", "element-invisible", "offscreen", "a11y-hidden", "aural"];
/** A pattern of whole class names: one of `classes` as a class of its own, or with a namespace ("o-VisuallyHidden", "u-sr-only"). */
export const classNamed = (classes: string[]) => new RegExp(`(?:^|\\s)(?:[a-z]{1,2}-)?(?:${classes.join("|")})(?:\\s|$)`, "i");
const NOT_SHOWN_CLASS = classNamed(NOT_SHOWN_CLASSES);
const UNSEEN_CLASS = classNamed([...SCREEN_READER_CLASSES, ...NOT_SHOWN_CLASSES]);

/**
 * Whether readers do not see the element itself: the `hidden` attribute, `aria-hidden`, or a class that
 * hides it from sight ("sr-only", "aural": a heading only screen readers get, "Navigation und Service").
 */
export const unseen = (el: Element) => el.hasAttribute("hidden") || el.getAttribute("aria-hidden") === "true" || UNSEEN_CLASS.test(el.getAttribute("class") ?? "");

/**
 * Whether the element or one of its two nearest ancestors is hidden from every reader: the `hidden`
 * attribute, its own style, or a class that hides it (a theme's copy of the date for search engines).
 */
export function hiddenFromAll(el: Element): boolean {
  for (let cur: Element | null = el, i = 0; cur && i < 3; cur = cur.parentElement, i++) {
    if (cur.hasAttribute("hidden") || hiddenByStyle(cur) || NOT_SHOWN_CLASS.test(cur.getAttribute("class") ?? "")) return true;
  }
  return false;
}

/**
 * The language the document element declares, with the attribute that declares it: `lang`, or
 * `xml:lang` in an XHTML document that has only that (`<html xmlns="http://www.w3.org/1999/xhtml"
 * xml:lang="en-GB">`). Null when neither is set.
 */
export function htmlLangAttribute(doc: Document): { value: string; attribute: "lang" | "xml:lang" } | null {
  for (const attribute of ["lang", "xml:lang"] as const) {
    const value = doc.documentElement?.getAttribute(attribute)?.trim();
    if (value) return { value, attribute };
  }
  return null;
}

/** The language the document element declares (see htmlLangAttribute), or null. */
export function htmlLang(doc: Document): string | null {
  return htmlLangAttribute(doc)?.value ?? null;
}

/** Collapses runs of white space to one space and trims. */
export function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/**
 * An absolute URL for an attribute value, or null when it must not survive cleaning
 * (javascript:, data:, vbscript: and anything unparseable). Fragment-only links stay as they are.
 */
export function absoluteUrl(value: string | null, base: string, allowMailto = false): string | null {
  if (!value) return null;
  const v = value.trim();
  if (v.startsWith("#")) return v;
  try {
    const u = new URL(v, base).toString();
    return allowedUrl(u, allowMailto ? HTML_LINK_SCHEMES : HTML_RESOURCE_SCHEMES) ? u : null;
  } catch {
    return null;
  }
}

/** A source that stands for no image of its own: an inline placeholder of lazy loading, or nothing. */
const PLACEHOLDER = /^(?:data:|about:blank$|#|$)/i;

/** The largest candidate of a srcset (by width, else by pixel density), or null. */
export function largestCandidate(srcset: string | null): string | null {
  if (!srcset?.trim()) return null;
  let best: { url: string; size: number } | null = null;
  for (const c of parseSrcset(srcset)) {
    if (!c.url || PLACEHOLDER.test(c.url)) continue;
    const size = c.w ?? (c.d ?? 1) * 1e-6;
    if (!best || size > best.size) best = { url: c.url, size };
  }
  return best?.url ?? null;
}

/**
 * The source of an image: the largest candidate of its srcset (or of its <picture>'s first raster
 * source), else its src, else the lazy-loading attributes (data-src, data-lazy-src, data-original). A src
 * that is an inline placeholder (data: URI) counts as none.
 */
export function imageSource(img: Element): string | null {
  const attr = (name: string) => {
    const v = img.getAttribute(name)?.trim() ?? "";
    return PLACEHOLDER.test(v) ? null : v;
  };
  const own = largestCandidate(attr("srcset") ?? attr("data-srcset"));
  if (own) return own;
  const picture = img.parentElement && tagOf(img.parentElement) === "picture" ? img.parentElement : null;
  if (picture) {
    for (const source of Array.from(picture.children)) {
      if (tagOf(source) !== "source" || (source.getAttribute("media") ?? "").includes("prefers-color-scheme")) continue;
      const type = source.getAttribute("type") ?? "";
      if (type && !/^image\/(?:jpeg|png|webp|gif|avif)$/i.test(type)) continue;
      const candidate = largestCandidate(source.getAttribute("srcset") ?? source.getAttribute("data-srcset"));
      if (candidate) return candidate;
    }
  }
  return attr("src") ?? attr("data-src") ?? attr("data-lazy-src") ?? attr("data-original");
}

/**
 * The CSS background image of a content block: what the browser found (`data-bg`, see crawl/browser.ts),
 * else a url() in the element's own style attribute. Null for none or an inline data: image.
 */
export function backgroundImage(el: Element): string | null {
  const measured = el.getAttribute("data-bg");
  if (measured) return measured;
  const style = el.getAttribute("style") ?? "";
  if (!/background/i.test(style)) return null;
  const url = /background(?:-image)?\s*:[^;]*url\(\s*["']?([^"')]+)["']?\s*\)/i.exec(style);
  return url && !url[1].startsWith("data:") ? url[1].trim() : null;
}

/** A video's poster image and a name for it (its title or label), or null. */
export function videoPoster(el: Element): { src: string; alt: string } | null {
  const poster = el.getAttribute("poster")?.trim();
  if (!poster || poster.startsWith("data:")) return null;
  return { src: poster, alt: el.getAttribute("title") ?? el.getAttribute("aria-label") ?? "" };
}

export interface CleanResult {
  html: string;
  text: string;
}

/**
 * Serialises the children of `root` as clean HTML (allow-listed tags and attributes, URLs made
 * absolute, scripts, styles, handlers and embeds removed) together with its plain text. `skip` leaves
 * out more subtrees; `unwrap` keeps the content of a dropped element that only wraps content (a
 * <form> around a whole ASP.NET page or a shop's product text).
 */
export function cleanChildren(root: Element, base: string, skip?: (el: Element) => boolean, unwrap?: (el: Element) => boolean): CleanResult {
  const html: string[] = [];
  const text: string[] = [];
  const walk = (node: Node, pre: boolean) => {
    if (node.nodeType === TEXT_NODE) {
      const raw = node.textContent ?? "";
      const t = pre ? raw : raw.replace(/\s+/g, " ");
      html.push(escapeText(t));
      text.push(t);
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const el = node as Element;
    const tag = tagOf(el);
    if (skip && skip(el)) return;
    // A video stays out of clean HTML, its poster comes in as an image (the content's own picture of it).
    if (tag === "video") {
      const poster = videoPoster(el);
      const src = poster ? absoluteUrl(poster.src, base) : null;
      if (poster && src) html.push(`<img src="${escapeAttr(src)}" alt="${escapeAttr(poster.alt)}">`);
      return;
    }
    if (DROPPED_TAGS.has(tag) && !unwrap?.(el)) return;
    const block = BLOCK_TAGS.has(tag);
    // A table's cells are words apart, however tightly they are written ("<td>Mo</td><td>Tu</td>").
    const apart = block ? "\n" : CELL_TAGS.has(tag) ? " " : "";
    if (apart) text.push(apart);
    if (!KEPT_TAGS.has(tag)) {
      for (const child of Array.from(el.childNodes)) walk(child, pre);
      if (apart) text.push(apart);
      return;
    }
    let attrs = "";
    for (const name of KEPT_ATTRS[tag] ?? []) {
      let value = tag === "img" && name === "src" ? imageSource(el) : el.getAttribute(name);
      if (value === null) continue;
      if (URL_ATTRS.has(name)) value = absoluteUrl(value, base, tag === "a");
      if (value === null) continue;
      attrs += ` ${name}="${escapeAttr(value)}"`;
    }
    if (tag === "img" && !attrs.includes(' src="')) return; // an image without a usable source is noise
    html.push(`<${tag}${attrs}>`);
    if (!VOID_TAGS.has(tag)) {
      for (const child of Array.from(el.childNodes)) walk(child, pre || tag === "pre");
      html.push(`</${tag}>`);
    }
    if (apart) text.push(apart);
  };
  for (const child of Array.from(root.childNodes)) walk(child, false);
  const plain = text
    .join("")
    .split("\n")
    .map((line) => collapse(line))
    .filter(Boolean)
    .join("\n");
  return { html: html.join("").trim(), text: plain };
}

/** Plain text of an element (dropped subtrees excluded), white space collapsed. */
export function textOf(el: Element): string {
  return collapse(cleanChildren(el, "http://localhost/").text);
}

/** The element's class names that are usable in a selector. */
export function classesOf(el: Element): string[] {
  return (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => /^[A-Za-z_-][\w-]*$/.test(c));
}

/** One step of a CSS path: tag, classes, and :nth-of-type when same-tag siblings exist. */
function pathStep(el: Element): string {
  const tag = tagOf(el);
  const classes = classesOf(el);
  let step = tag + classes.map((c) => `.${c}`).join("");
  const parent = el.parentElement;
  if (parent) {
    const same = Array.from(parent.children).filter((c) => tagOf(c) === tag);
    if (same.length > 1) step += `:nth-of-type(${same.indexOf(el) + 1})`;
  }
  return step;
}

/** The CSS path of `el` from `root` (exclusive), e.g. "main > section.cards > div.card:nth-of-type(2)". */
export function cssPath(el: Element, root: Element | null): string {
  const steps: string[] = [];
  let cur: Element | null = el;
  while (cur && cur !== root && tagOf(cur) !== "html") {
    steps.unshift(pathStep(cur));
    cur = cur.parentElement;
  }
  return steps.join(" > ");
}

/**
 * Where the browser drew an element: the `data-box="x,y,w,h"` the capture step writes on visible
 * elements. Null when the page was not rendered in a browser or the element was not visible.
 */
export function boxOf(el: Element): Box | null {
  const parts = (el.getAttribute("data-box") ?? "").split(",").map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)) || parts[2] <= 0 || parts[3] <= 0) return null;
  const [x, y, width, height] = parts;
  return { x, y, width, height };
}
