import type { ComponentInstance, SourceField } from "../contracts/extraction";
import { absoluteUrl, backgroundImage, boxOf, classesOf, cleanChildren, collapse, cssPath, DROPPED_TAGS, imageSource, tagOf, textOf, videoPoster } from "./html";

/** Natural sizes measured in the browser, by absolute image URL. */
export type ImageSizes = Record<string, { width: number; height: number }>;

export interface FieldContext {
  base: string;
  /** The site's host: links to it are internal. */
  host: string;
  imageSizes: ImageSizes;
}

/**
 * The CSS selector of each component definition. Definitions are the site configuration's
 * `components` map (workers/contracts/definitions.ts): an object with a `selector`; a plain string is
 * read as the selector too. Definitions without one are not located on pages.
 */
export function definitionSelectors(definitions: Record<string, unknown>): { key: string; selector: string }[] {
  const out: { key: string; selector: string }[] = [];
  for (const [key, def] of Object.entries(definitions ?? {})) {
    let selector = "";
    if (typeof def === "string") selector = def;
    else if (def && typeof def === "object") {
      const s = (def as { selector?: unknown }).selector;
      if (typeof s === "string") selector = s;
    }
    if (selector.trim()) out.push({ key, selector: selector.trim() });
  }
  return out;
}

const RICHTEXT_CLASS = /(^|[-_])(rich-?text|wysiwyg|prose|body-?text|content-?body|article-?body|text-?block)($|[-_])/i;
const BUTTON_CLASS = /(^|[-_])(btn|button|cta)($|[-_])/i;
const INLINE_TAGS = new Set(["a", "strong", "b", "em", "i", "u", "s", "br", "code", "sup", "sub", "small", "mark", "abbr", "q", "cite", "span"]);

function roleName(el: Element, tag: string, headingsSeen: number): string {
  const explicit = el.getAttribute("data-field") || el.getAttribute("itemprop");
  if (explicit) return explicit;
  const cls = classesOf(el)[0];
  if (cls) return cls;
  if (/^h[1-6]$/.test(tag)) return headingsSeen === 0 ? "title" : "heading";
  if (tag === "img") return "image";
  if (tag === "a") return BUTTON_CLASS.test(el.getAttribute("class") ?? "") ? "cta" : "link";
  if (tag === "ul" || tag === "ol") return "list";
  if (tag === "time") return "date";
  if (tag === "blockquote") return "quote";
  if (tag === "p") return "text";
  return tag;
}

function hasElementChildren(el: Element): boolean {
  return Array.from(el.children).some((c) => !DROPPED_TAGS.has(tagOf(c)));
}

function onlyInline(el: Element): boolean {
  return Array.from(el.querySelectorAll("*")).every((c) => INLINE_TAGS.has(tagOf(c)));
}

/**
 * The source fields inside a component instance, in document order: headings, paragraphs, rich-text
 * blocks, images, links, lists, dates and leaf elements that carry text. Each has a stable name (data
 * attribute, class or tag role), a kind, a value and its CSS path inside the instance.
 */
export function extractFields(root: Element, ctx: FieldContext): SourceField[] {
  const fields: SourceField[] = [];
  const used = new Map<string, number>();
  let headings = 0;
  const push = (el: Element, tag: string, kind: SourceField["kind"], value: string, attrs: SourceField["attrs"] = {}) => {
    let name = roleName(el, tag, headings);
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    if (n > 1) name = `${name}-${n}`;
    const cls = classesOf(el).join(" ");
    const box = boxOf(el);
    fields.push({ name, kind, value, selector: cssPath(el, root) || tag, attrs: { tag, ...(cls ? { class: cls } : {}), ...attrs }, ...(box ? { box } : {}) });
  };

  /** A block's CSS background image, as an image field named after the block ("hero-background"). */
  const background = (el: Element, tag: string) => {
    const raw = backgroundImage(el);
    const src = raw ? absoluteUrl(raw, ctx.base) : null;
    if (!src || !/^https?:/.test(src)) return;
    const size = ctx.imageSizes[src];
    const name = `${el.getAttribute("data-field") || classesOf(el)[0] || tag}-background`;
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    const box = boxOf(el);
    fields.push({
      name: n > 1 ? `${name}-${n}` : name,
      kind: "image",
      value: src,
      selector: el === root ? ":scope" : cssPath(el, root) || tag,
      attrs: { tag, background: true, alt: el.getAttribute("aria-label") ?? "", ...(size ? { width: size.width, height: size.height } : {}) },
      ...(box ? { box } : {}),
    });
  };

  const visit = (el: Element) => {
    const tag = tagOf(el);
    if (tag === "video") {
      // The poster stands for the video: an image field (the video itself is not content the target takes).
      const poster = videoPoster(el);
      const src = poster ? absoluteUrl(poster.src, ctx.base) : null;
      if (poster && src && /^https?:/.test(src)) push(el, tag, "image", src, { alt: poster.alt, poster: true });
      return;
    }
    if (DROPPED_TAGS.has(tag)) return;
    background(el, tag);
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      const text = textOf(el);
      if (text) push(el, tag, "text", text, { level: Number(heading[1]) });
      headings++;
      return;
    }
    if (tag === "img") {
      const src = absoluteUrl(imageSource(el), ctx.base);
      if (!src || src.startsWith("#")) return;
      const size = ctx.imageSizes[src];
      const width = size?.width ?? (Number(el.getAttribute("width")) || null);
      const height = size?.height ?? (Number(el.getAttribute("height")) || null);
      push(el, tag, "image", src, { alt: el.getAttribute("alt") ?? "", ...(width ? { width } : {}), ...(height ? { height } : {}) });
      return;
    }
    if (tag === "a") {
      const href = absoluteUrl(el.getAttribute("href"), ctx.base, true);
      if (href) {
        const internal = /^https?:/.test(href) ? new URL(href).host === ctx.host : href.startsWith("#");
        push(el, tag, "link", href, { text: textOf(el), internal });
      }
      // Images and headings inside a link are fields of their own (card links wrap whole cards).
      for (const child of Array.from(el.children)) if (tagOf(child) !== "a") visit(child);
      return;
    }
    if (tag === "ul" || tag === "ol") {
      const items = Array.from(el.children).filter((c) => tagOf(c) === "li").map((li) => textOf(li)).filter(Boolean);
      if (items.length) push(el, tag, "list", JSON.stringify(items), { items: items.length });
      return;
    }
    if (tag === "time") {
      const value = el.getAttribute("datetime") || textOf(el);
      if (value) push(el, tag, "date", value);
      return;
    }
    const classAttr = el.getAttribute("class") ?? "";
    if (el !== root && (RICHTEXT_CLASS.test(classAttr) || el.getAttribute("data-field-type") === "richtext") && hasElementChildren(el)) {
      const clean = cleanChildren(el, ctx.base);
      if (clean.text) push(el, tag, "richtext", clean.html);
      return;
    }
    if (tag === "p" || tag === "blockquote" || tag === "figcaption") {
      const text = textOf(el);
      if (text) {
        const rich = el.children.length > 0 && onlyInline(el) && el.querySelector("a, strong, b, em, i, br") !== null;
        push(el, tag, rich ? "richtext" : "text", rich ? cleanChildren(el, ctx.base).html : text);
        for (const a of Array.from(el.querySelectorAll("a"))) visit(a);
      }
      // Images inside a paragraph (alone, or beside its text) are fields of their own; links visited above
      // already took the images they wrap.
      for (const img of Array.from(el.querySelectorAll("img"))) if (!(text && img.closest("a"))) visit(img);
      return;
    }
    if (el !== root && !hasElementChildren(el)) {
      const text = collapse(el.textContent ?? "");
      if (text) push(el, tag, "text", text);
      return;
    }
    for (const child of Array.from(el.children)) visit(child);
  };
  background(root, tagOf(root));
  for (const child of Array.from(root.children)) visit(child);
  return fields;
}

/** Share of the outer element's text an inner match must hold to stand for it. */
const SAME_CONTENT = 0.8;

/**
 * One definition whose selector matches an element and another inside it ("main, article" on a page
 * whose <main> holds the <article>) names one piece of content, not two: writing both would put the
 * content in the target twice. The inner element is kept when it holds nearly all of the outer's text
 * (it is the tighter box), else the outer one, which holds it.
 */
function dropNested(matched: Map<Element, { key: string; selector: string }>): void {
  const length = (el: Element) => collapse(el.textContent ?? "").length;
  for (const [el, def] of [...matched]) {
    if (!matched.has(el)) continue;
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (matched.get(up)?.key !== def.key) continue;
      const outer = length(up);
      if (outer > 0 && length(el) >= SAME_CONTENT * outer) matched.delete(up);
      else matched.delete(el);
      break;
    }
  }
}

/**
 * Every element the definitions' selectors match, as component instances in document order. An
 * element matched by two definitions belongs to the first; one nested in another match of the same
 * definition is one instance (see `dropNested`). Invalid selectors are reported in
 * `invalid` and otherwise ignored.
 */
export function findComponents(document: Document, definitions: Record<string, unknown>, ctx: FieldContext): { instances: ComponentInstance[]; invalid: string[] } {
  const matched = new Map<Element, { key: string; selector: string }>();
  const invalid: string[] = [];
  for (const def of definitionSelectors(definitions)) {
    let els: Element[];
    try {
      els = Array.from(document.querySelectorAll(def.selector));
    } catch {
      invalid.push(def.key);
      continue;
    }
    for (const el of els) if (!matched.has(el)) matched.set(el, def);
  }
  dropNested(matched);
  if (!matched.size) return { instances: [], invalid };
  const order = new Map<Element, number>();
  Array.from(document.querySelectorAll("*")).forEach((el, i) => order.set(el, i));
  const sorted = [...matched.entries()].sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const instances = sorted.map(([el, def], position): ComponentInstance => {
    const clean = cleanChildren(el, ctx.base);
    return {
      definition: def.key,
      selector: def.selector,
      path: cssPath(el, null),
      classes: classesOf(el),
      position,
      html: clean.html,
      text: collapse(clean.text),
      fields: extractFields(el, ctx),
      box: boxOf(el),
    };
  });
  return { instances, invalid };
}
