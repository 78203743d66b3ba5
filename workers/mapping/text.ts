/**
 * Words and concepts: how the deterministic mapper compares a target field's name with the names,
 * classes and roles found in source markup ("field--name-field-hero-title", "cmp-teaser__title",
 * "wp-block-cover__inner-container" ...).
 */

/** Groups of words that mean the same thing in component markup and content models. */
const CONCEPT_WORDS: Record<string, readonly string[]> = {
  title: ["title", "titles", "headline", "heading", "header", "h1", "h2", "h3", "h4", "h5", "h6", "name", "question", "term", "hed"],
  subtitle: ["subtitle", "subheading", "subheadline", "subhead", "strapline", "tagline", "kicker", "eyebrow", "overline", "pretitle", "lead", "deck", "dek", "standfirst"],
  body: ["body", "text", "content", "copy", "description", "desc", "richtext", "rte", "answer", "details", "paragraph", "prose", "blurb", "intro", "summary", "excerpt", "teaser", "abstract", "bio"],
  image: ["image", "img", "picture", "photo", "media", "thumbnail", "thumb", "visual", "figure", "background", "bg", "banner", "cover", "icon", "logo", "avatar", "portrait", "headshot", "poster"],
  link: ["link", "url", "href", "cta", "button", "btn", "action", "more", "readmore", "target", "destination"],
  label: ["label", "caption", "cta", "button", "btn", "linktext", "action"],
  date: ["date", "time", "published", "publish", "posted", "pubdate", "created", "datetime", "when", "issued"],
  // A page's last change is a date of its own: "dateModified" never takes the publication date.
  updated: ["updated", "modified", "lastmod", "revised", "changed"],
  author: ["author", "authors", "byline", "by", "writer", "attribution", "cite", "citation", "source", "speaker", "person", "creator", "contributor", "autor", "auteur"],
  // The site or its owner, never the page: siteName = publisher = brand.
  site: ["site", "sitename", "publisher", "brand", "publication", "outlet", "website"],
  language: ["language", "lang", "locale", "inlanguage"],
  canonical: ["canonical", "permalink"],
  role: ["role", "position", "jobtitle", "job", "company", "organisation", "organization", "affiliation"],
  quote: ["quote", "blockquote", "testimonial", "pullquote", "statement"],
  items: ["items", "list", "entries", "bullets", "points", "features", "faqs", "steps", "tags", "categories", "keywords", "topics"],
  alt: ["alt", "alternative", "alttext"],
  price: ["price", "cost", "amount", "fee"],
  email: ["email", "mail", "mailto"],
  phone: ["phone", "tel", "telephone", "mobile"],
  form: ["form", "action", "submit", "fields"],
  category: ["category", "section", "topic", "type", "tag"],
  seo: ["meta", "seo", "og", "opengraph"],
};

const CONCEPT_OF = new Map<string, string[]>();
for (const [concept, words] of Object.entries(CONCEPT_WORDS)) {
  for (const w of words) CONCEPT_OF.set(w, [...(CONCEPT_OF.get(w) ?? []), concept]);
}

/** Words that carry no meaning in class names (CMS and framework noise). */
const NOISE = new Set([
  "wp", "block", "blocks", "field", "fields", "field--name", "cmp", "component", "components", "container", "wrapper", "inner", "outer",
  "col", "row", "md", "lg", "sm", "xs", "xl", "is", "has", "style", "default", "item", "items-wrapper", "element", "el", "module", "mod",
  "paragraph--type", "view", "views", "node", "the", "a", "an", "of", "and", "or", "for", "to", "in", "on", "with", "js", "c", "u", "o", "l",
  "main", "section", "sections", "region", "d", "flex", "grid", "mt", "mb", "pt", "pb", "px", "py", "text-center",
]);

/**
 * Presentational classes of CSS frameworks (Bootstrap, Tailwind, WordPress "has-"/"is-" classes):
 * they describe looks, not content, and would otherwise lend their words ("justify-content",
 * "has-text-align-center") to every element.
 */
const UTILITY_CLASS =
  /^(?:[a-z]{2,3}:)?(?:has-|is-|d-|p[xytbse]?-\d|m[xytbse]?-(?:\d|auto|n\d)|g[xy]?-\d|gap-|col-|row-cols-|justify-|align-|fw-|fs-|lh-|border|rounded|shadow|w-\d|h-\d|mw-|mh-|order-|flex|float-|position-|top-|bottom-|start-|end-|z-|opacity-|overflow-|font-|leading-|tracking-|max-w|min-h|space-|grid-cols|items-|self-|place-|sr-only|visually-hidden|mx-auto|my-auto|bg-|text-(?:center|left|right|start|end|muted|white|dark|light|body|bg|uppercase|lowercase|capitalize|small|sm|md|lg|xl|\d|primary|secondary|success|danger|warning|info|decoration|nowrap|truncate|wrap|balance|gray|slate|zinc|neutral|reset|emphasis)|display-\d|h\d$|small$|lead-?\d|fade$|show$|collapse$|collapsed$|container(?:-\w+)?$|row$|col$|clearfix$|img-fluid|w-100|h-100|list-unstyled|list-inline|ms-\d|me-\d|ps-\d|pe-\d)/;

export function isUtilityClass(token: string): boolean {
  return UTILITY_CLASS.test(token);
}

/** Splits identifiers, class names and prose into lower-case words ("ctaLink" → ["cta", "link"]). */
export function words(value: string): string[] {
  return value
    .split(/\s+/)
    .filter((token) => !isUtilityClass(token))
    // BEM: in "cmp-teaser__title" the block names the component; the element names the field.
    .map((token) => token.replace(/^[\w-]*__/, ""))
    .join(" ")
    // Drupal's field classes: "field--name-field-hero-title" names "hero title"; its type classes say nothing.
    .replace(/field--(type|label)-[\w-]+/g, " ")
    .replace(/field--name-(field-)?/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && !NOISE.has(w) && !/^\d+$/.test(w));
}

/** The concepts a set of words names ("hero-title" → title; "cta" → link, label). */
export function concepts(ws: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const w of ws) {
    for (const c of CONCEPT_OF.get(w) ?? CONCEPT_OF.get(singular(w)) ?? []) out.add(c);
  }
  return out;
}

function singular(w: string): string {
  return w.endsWith("s") && w.length > 3 ? w.slice(0, -1) : w;
}

/**
 * How well two names agree, 0..1: shared words count most, then shared concepts. The target side
 * is usually short (a field name and description), the source side a bag of class words.
 */
export function nameSimilarity(target: readonly string[], source: readonly string[]): number {
  if (target.length === 0 || source.length === 0) return 0;
  const s = new Set(source.map(singular));
  const exact = target.filter((w) => s.has(singular(w))).length / target.length;
  const tc = concepts(target);
  const sc = concepts(source);
  let shared = 0;
  for (const c of tc) if (sc.has(c)) shared++;
  const conceptScore = tc.size ? shared / tc.size : 0;
  // Shared meaning counts, and shared words on top of it tell "primaryCtaLabel" from "secondaryCtaLabel".
  return Math.min(1, 0.6 * Math.max(exact, 0.85 * conceptScore) + 0.4 * exact);
}

/** Removes tags and collapses white space. */
export function stripTags(html: string): string {
  return decodeEntities(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };
function decodeEntities(s: string): string {
  return s.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
    const lower = e.toLowerCase();
    if (ENTITIES[lower]) return ENTITIES[lower];
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return m;
  });
}

/** Collapses white space for comparing values. */
export function normalizeSpace(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

const MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december";
const DATE_PATTERNS = [
  /^\d{4}-\d{2}-\d{2}([t ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:?\d{2})?)?$/i,
  /^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/,
  new RegExp(`^(\\w+,?\\s+)?\\d{1,2}(st|nd|rd|th)?\\s+(${MONTHS})\\.?,?\\s+\\d{4}$`, "i"),
  new RegExp(`^(\\w+,?\\s+)?(${MONTHS})\\.?\\s+\\d{1,2}(st|nd|rd|th)?,?\\s+\\d{4}$`, "i"),
];

/** Whether a short text reads as a date ("2024-03-01", "March 3, 2024", "3 Mar 2024"). */
export function looksLikeDate(value: string): boolean {
  const v = normalizeSpace(value.replace(/^(published|posted|updated|on)\s*:?\s*/i, ""));
  return v.length <= 40 && DATE_PATTERNS.some((p) => p.test(v));
}

/** Whether a text is a number (with optional currency or unit). */
export function looksLikeNumber(value: string): boolean {
  return /^[^\d\s]{0,3}\s?-?\d[\d,. ]*\s?[%a-z€$£]{0,4}(\s?\/\s?[a-z]{1,6})?$/i.test(normalizeSpace(value)) && value.length <= 30;
}

/** Whether a text is an absolute or root-relative URL. */
export function looksLikeUrl(value: string): boolean {
  return /^(https?:\/\/|\/[^\s]*$|mailto:|tel:)/i.test(value.trim()) && !/\s/.test(value.trim());
}

/** A stable 64-bit FNV-1a hash as hex, for memory signatures (synchronous: runs in the CLI too). */
export function hash64(value: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
  }
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}
