/**
 * The one sanitizer policy for HTML that a person or a crawled page supplies (architecture rule 12).
 * It is applied by libraries, never by hand: sanitize-html on the server (workers/lib/sanitize.ts: the
 * system notification when it is saved) and DOMPurify in the browser (app/lib/safe-html.ts: wherever such
 * HTML is shown). The crawler's extraction (workers/crawl/html.ts) keeps exactly the content profile's
 * tags and attributes as it makes URLs absolute.
 *
 * Two profiles of one policy: `content` for a page's content, `inline` (a subset of it) for a one-line
 * message such as the banner. Both share the schemes and the elements dropped with everything inside.
 */

/** Elements removed together with their whole content (code, embeds, foreign markup, forms, chrome). */
export const HTML_DROPPED_WITH_CONTENT = [
  "script", "style", "noscript", "template", "iframe", "frame", "frameset", "object", "embed", "svg", "math", "canvas",
  "form", "input", "button", "select", "textarea", "option", "nav", "link", "meta", "head", "title", "base", "video",
  "audio", "source", "track", "map", "area", "dialog",
] as const;

/** URL schemes a link may use; anything else (javascript:, data:, vbscript:, file:) loses the URL. */
export const HTML_LINK_SCHEMES = ["http", "https", "mailto", "tel"] as const;
/** URL schemes an image or a quote's source may use. */
export const HTML_RESOURCE_SCHEMES = ["http", "https"] as const;
/** Attributes whose value is a URL, checked against the schemes above. */
export const HTML_URL_ATTRIBUTES = ["href", "src", "cite"] as const;
/** The only link targets kept; a link opening a new tab gets rel="noopener noreferrer". */
export const HTML_LINK_TARGETS = ["_blank", "_self"] as const;

export interface HtmlProfile {
  /** Elements kept; any other element is unwrapped (its content kept) unless it is dropped with its content. */
  tags: readonly string[];
  /** Attributes kept per element; every other attribute (handlers, style, class, id) is removed. */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** Whether a link may be protocol-relative ("//host/path"). */
  protocolRelative: boolean;
}

/** A page's content as extraction keeps it: text structure, links, images and tables. */
const CONTENT: HtmlProfile = {
  tags: [
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "a", "strong", "b", "em", "i", "u", "s",
    "blockquote", "q", "cite", "pre", "code", "br", "hr", "img", "figure", "figcaption", "table", "thead", "tbody", "tfoot",
    "tr", "th", "td", "caption", "sup", "sub", "small", "mark", "abbr", "time", "section", "article", "div", "span",
  ],
  attributes: {
    a: ["href", "title"],
    img: ["src", "alt", "width", "height", "title"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    time: ["datetime"],
    ol: ["start", "reversed"],
    abbr: ["title"],
    q: ["cite"],
    blockquote: ["cite"],
  },
  protocolRelative: false,
};

/** A short message shown on every page (the system notification): simple formatting and links only. */
const INLINE: HtmlProfile = {
  tags: ["a", "b", "strong", "i", "em", "u", "s", "br", "p", "span", "code", "ul", "ol", "li"],
  attributes: { a: ["href", "target"] },
  protocolRelative: false,
};

export const HTML_POLICY = { content: CONTENT, inline: INLINE } as const;
export type HtmlProfileName = keyof typeof HTML_POLICY;

/**
 * Whether a URL may stay in a URL attribute: absolute with one of `schemes`, or a fragment of the same
 * page ("#top"). Relative and protocol-relative URLs do not (a crawled page's are made absolute before
 * this check). Browsers ignore ASCII white space and control characters inside a scheme
 * ("java\tscript:"), so they are ignored here too.
 */
export function allowedUrl(value: string, schemes: readonly string[]): boolean {
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (compact.startsWith("#")) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme !== undefined && schemes.includes(scheme);
}

/** The schemes a URL attribute of an element may use. */
export function urlSchemesOf(tag: string): readonly string[] {
  return tag === "a" ? HTML_LINK_SCHEMES : HTML_RESOURCE_SCHEMES;
}
