/**
 * Where a page's parts are, for the readers of what it shows: its elements in document order, its
 * headline, what stands between the headline and the body text, what is inside the article, and
 * which elements are noise (comments, sidebars, related lists, the footer), whose names and dates
 * belong to other posts.
 */
import { collapse, tagOf, textOf, unseen } from "../html";
import { looseKey } from "./collect";
import { titleParts } from "./title";

/** Words of a class, id or itemprop ("c-byline__author", "postAuthor" → c, byline, author / post, author). */
export function wordsOf(value: string): string[] {
  return value.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export const markOf = (el: Element) => `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""} ${el.getAttribute("itemprop") ?? ""}`;

/** Words of a comment section's class or id. */
const COMMENT_WORDS = ["comment", "comments", "kommentar", "kommentare", "commentaire", "commentaires", "comentarios", "reply", "replies", "respond", "disqus"];
const NOISE_WORDS = new Set([
  ...COMMENT_WORDS, "discussion", "sidebar", "widget", "widgets", "related", "recommended", "recommendations", "popular", "trending",
  "newsletter", "share", "sharing", "social", "breadcrumb", "breadcrumbs", "cookie", "cookies", "promo", "advert", "ads",
  "outbrain", "taboola", "nav", "navigation", "menu", "complementary",
]);

/** Not part of what the page says. (A <form> is not here: ASP.NET wraps whole pages in one.) */
const CHROME_TAGS = new Set(["aside", "nav", "template", "noscript", "dialog", "button", "select"]);

const noiseCache = new WeakMap<Element, boolean>();
/** A post's own container, whose footer holds the post's author and date. */
const ARTICLE = "article, .article, .hentry, .post, .entry, [itemtype*=Article], [itemtype*=BlogPosting]";

/**
 * A page-wide container: `<body class="has-sidebar">`, `<div class="content-sidebar-wrap">` name
 * the layout, not their content, when they hold the headline or the main content.
 */
function holdsPage(el: Element): boolean {
  const tag = tagOf(el);
  // Blogger's posts are a widget among widgets: "widget Blog" (the sidebar's are "widget BlogArchive", "widget Profile").
  if (/(?:^|\s)Blog(?:\s|$)/.test(el.getAttribute("class") ?? "")) return true;
  return tag === "html" || tag === "body" || tag === "main" || !!el.querySelector("h1, main, [role=main]");
}

/**
 * An <aside> around every h1 of the page is the page's content in the wrong element (rnz.de wraps its
 * articles in `<aside class="nfy-pa">`), not a sidebar.
 */
function holdsEveryH1(el: Element): boolean {
  const h1s = Array.from(el.ownerDocument?.querySelectorAll("h1") ?? []);
  return h1s.length > 0 && h1s.every((h) => el.contains(h));
}

/**
 * The words of an element's class and id that say its role: taxonomy and state classes
 * ("tag-social-media", "category-share", "has-social-tools") and the page's column layout
 * ("layoutTwoColumnsRightSidebar" on its wrapper) describe the content or the layout, not the
 * element's role; a column itself ("layout-sidebar-first") keeps its role.
 */
const roleWords = (el: Element) => wordsOf(markOf(el).replace(/(?:^|\s)(?:(?:tag|category|categories|cat|topic|tax|term|format|has|with|is)-\S*|layout\S*column\S*)/gi, " "));

/** Inside comments, a sidebar, a related list, navigation or the page's own footer. */
/** Whether `el` lies in a comment section, by the words of its or a container's class or id. */
export function inComments(el: Element): boolean {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) if (roleWords(cur).some((w) => COMMENT_WORDS.includes(w))) return true;
  return false;
}

export function isNoise(el: Element): boolean {
  const cached = noiseCache.get(el);
  if (cached !== undefined) return cached;
  const tag = tagOf(el);
  const words = roleWords(el);
  // An article's own footer holds its date and author; the page footer does not.
  const footer = tag === "footer" || el.getAttribute("role") === "contentinfo" || words.includes("footer") || words.includes("colophon");
  const noise =
    (CHROME_TAGS.has(tag) && !(tag === "aside" && holdsEveryH1(el))) ||
    (words.some((w) => NOISE_WORDS.has(w)) && !holdsPage(el)) ||
    el.getAttribute("role") === "complementary" ||
    (footer && !el.parentElement?.closest(`${ARTICLE}, main, [role=main]`) && !holdsPage(el)) ||
    (!!el.parentElement && isNoise(el.parentElement));
  noiseCache.set(el, noise);
  return noise;
}

/** Text length without building clean text: enough to tell a paragraph from a byline. */
export const rawLength = (el: Element) => collapse(el.textContent ?? "").length;

/** Where the page's headline is, and which elements stand between it and the body text. */
export interface Layout {
  /** Every element of the body in document order (one query: linkedom's selectors are slow on big pages). */
  elements: Element[];
  h1s: Element[];
  /** The h1s readers see: not those only screen readers get, nor those hidden from all (see `unseen`). */
  seenH1s: Element[];
  h1: Element | null;
  /**
   * The headline the other parts are placed by: the h1, or on a page without one the first h2 of its
   * article (or, with no article landmark, the first h2 the <title> holds), as templates that keep the
   * h1 for nothing or for the logo head their posts; failing those, a lesser heading that states the
   * <title> (see `minorHeadline`).
   */
  headline: Element | null;
  /** How provenance names the headline: its tag ("h1" when there is none). */
  headlineTag: "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
  near(el: Element): boolean;
  /** Whether `el` is one of the few elements just before the headline, in its block: a kicker or a date line above it. */
  above(el: Element): boolean;
  inArticle(el: Element): boolean;
  /** Whether `el` is the first paragraph of the body text after the headline (its lead). */
  lead(el: Element): boolean;
  /** Whether `el` is the paragraph of body text after the lead (where a standfirst comes first, the text's opening). */
  second(el: Element): boolean;
}

const LANDMARKS = "article, main, [role=main], [itemtype*=Article], [itemtype*=BlogPosting]";

/** How many elements before the headline count as its kicker or date line. */
const ABOVE_ELEMENTS = 8;

/** See `Layout.headline`: a page without an h1 heads its post with an h2 of two words or more. */
function headlineH2(all: Element[], landmarked: boolean, title: string): Element | null {
  const h2s = all.filter((el) => tagOf(el) === "h2" && !isNoise(el) && textOf(el).split(" ").length >= 2);
  if (landmarked) return h2s.find((el) => el.closest(LANDMARKS)) ?? null;
  return titledHeading(h2s, title);
}

/**
 * The first of `headings` that the `<title>` states (as `looseKey`s), and that is at least `share` of it
 * or one of `parts` (its parts of two words or more: "Ear Candy!" in "Ear Candy! | Novalanalove").
 */
function titledHeading(headings: Element[], title: string, share = 0, parts: string[] = []): Element | null {
  return (
    headings.find((el) => {
      const key = looseKey(textOf(el));
      return key.length >= 8 && title.includes(key) && (key.length >= share * title.length || parts.includes(key));
    }) ?? null
  );
}

/** The `<title>`'s parts of two words or more when it has several, as `looseKey`s. */
function wordedParts(title: string): string[] {
  const parts = titleParts(title);
  return parts.length < 2 ? [] : parts.filter((p) => p.split(" ").length >= 2).map(looseKey);
}

/**
 * A page without an h1 or h2 headline heads its post with a lesser heading that states the `<title>`:
 * its whole text, or one of its parts of two words or more ("<h4>ATLANTIS PARADISE ISLAND … TO BAARK</h4>"
 * under "ATLANTIS PARADISE ISLAND … TO BAARK | Nassau | Bahamas Local News").
 */
function minorHeadline(all: Element[], title: string): Element | null {
  const lesser = all.filter((el) => /^h[3-6]$/.test(tagOf(el)) && !isNoise(el));
  // A share of 1 is the whole <title>.
  return titledHeading(lesser, looseKey(title), 1, wordedParts(title));
}

/** Words that mark a sign-up box or a pop-up ("newsletter_teaser_block flyin_mode", "modal-subscribe"). */
const SIGN_UP_WORDS = new Set(["newsletter", "subscribe", "subscription", "signup", "flyin"]);

/**
 * Inside a sign-up box or a pop-up: its heading ("Das ist Liebe in deinem Posteingang: Unser
 * Newsletter!") is never the page's headline, even where the box holds an h1 of its own (isNoise
 * keeps a box that holds an h1, as it would the page's wrapper).
 */
function inSignUp(el: Element): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) if (roleWords(p).some((w) => SIGN_UP_WORDS.has(w))) return true;
  return false;
}

export function pageLayout(body: Element): Layout {
  const all = Array.from(body.querySelectorAll("*"));
  const order = new Map(all.map((el, i) => [el, i]));
  const h1s = all.filter((el) => tagOf(el) === "h1" && !isNoise(el) && !inSignUp(el) && textOf(el));
  // The h1 readers see leads; one only screen readers get ("Navigation und Service") stands in where none is seen.
  const seenH1s = h1s.filter((el) => !unseen(el));
  const inMain = (el: Element) => !!el.closest("main, article, [role=main]");
  const h1 = seenH1s.find(inMain) ?? seenH1s[0] ?? h1s.find(inMain) ?? h1s[0] ?? null;
  // One query (linkedom's selectors are slow on big pages), and only where it is needed.
  let landmarks: Element[] | undefined;
  const landmarkList = () => (landmarks ??= Array.from(body.querySelectorAll(LANDMARKS)));
  const hasLandmarks = () => landmarkList().length > 0;
  // What el.closest(LANDMARKS) says, without compiling the selector on every call: the body and the
  // elements above it count too.
  let landmarkSet: Set<Element> | undefined;
  const inLandmark = (el: Element) => {
    if (!landmarkSet) {
      landmarkSet = new Set(landmarkList());
      for (let at: Element | null = body; at; at = at.parentElement) if (at.matches(LANDMARKS)) landmarkSet.add(at);
    }
    if (!landmarkSet.size) return false;
    for (let at: Element | null = el; at; at = at.parentElement) if (landmarkSet.has(at)) return true;
    return false;
  };
  const rawTitle = collapse(body.ownerDocument?.querySelector("title")?.textContent ?? "");
  const title = looseKey(rawTitle);
  // An h1 the <title> does not state ("Quicklinks" over a box of links; "Leslie Clio Brave New Woman", the
  // album's name, over the news) heads the post less than an h2 that states most of the <title> ("Leslie
  // Clio präsentiert das Album 'Brave New Woman'"). A misspelt h1 ("ll Climate Clock …") stays the headline.
  const untitled = !!h1 && !!title && !title.includes(looseKey(textOf(h1)));
  const titled = untitled ? titledHeading(all.filter((el) => tagOf(el) === "h2" && !isNoise(el)), title, 0.6, wordedParts(rawTitle)) : null;
  const headline = titled ?? h1 ?? headlineH2(all, hasLandmarks(), title) ?? minorHeadline(all, rawTitle);
  let start = -1;
  let end = -1;
  let header: Element | null = null;
  let lead = -1;
  let second = -1;
  let story: Element | null = null;
  if (headline) {
    start = order.get(headline)!;
    // The body text starts at the first real paragraph after the headline.
    const isText = (el: Element) => tagOf(el) === "p" && rawLength(el) >= 120 && !isNoise(el);
    const bodyStart = all.findIndex((el, i) => i > start && isText(el));
    if (bodyStart > 0) second = all.findIndex((el, i) => i > bodyStart && isText(el));
    end = bodyStart > 0 ? bodyStart : Math.min(all.length, start + 60);
    lead = bodyStart;
    header = headline.closest("header, hgroup");
    // A page without article landmarks: its article is the block that holds the headline and the body text after it.
    if (bodyStart > 0 && !hasLandmarks()) {
      const first = all[bodyStart]!;
      for (let cur = headline.parentElement; cur && cur !== body; cur = cur.parentElement) {
        if (cur.contains(first)) {
          story = cur;
          break;
        }
      }
      // The headline in a title bar of its own beside the text's block (both children of the body): that block.
      if (!story) for (let cur: Element | null = first; cur && cur.parentElement; cur = cur.parentElement) if (cur.parentElement === body) story = cur;
    }
  }
  return {
    elements: all,
    h1s,
    seenH1s,
    h1,
    headline,
    headlineTag: headline && /^h[2-6]$/.test(tagOf(headline)) ? (tagOf(headline) as Layout["headlineTag"]) : "h1",
    near: (el) => {
      const i = order.get(el) ?? -1;
      return (i > start && i < end) || !!header?.contains(el);
    },
    above: (el) => {
      const i = order.get(el) ?? -1;
      const block = headline?.parentElement?.parentElement;
      return !!block && i >= 0 && i < start && i >= start - ABOVE_ELEMENTS && block.contains(el) && !el.contains(headline);
    },
    inArticle: (el) => inLandmark(el) || (!!story?.contains(el) && (order.get(el) ?? -1) > start),
    lead: (el) => lead > 0 && order.get(el) === lead,
    second: (el) => second > 0 && order.get(el) === second,
  };
}

/**
 * The texts the page shows, a text node or an image's alt text each, for lookups: outside navigation,
 * sidebars, comments and the page footer for whether the page shows an author's name; with them
 * (`chrome`) for how the page writes the host's name, which its header and footer write most often.
 */
export function shownTexts(layout: Layout, chrome = false): string[] {
  const parts: string[] = [];
  for (const el of layout.elements) {
    const tag = tagOf(el);
    if (tag === "script" || tag === "style" || tag === "template" || tag === "noscript" || (!chrome && isNoise(el))) continue;
    for (const node of Array.from(el.childNodes)) if (node.nodeType === 3) parts.push(node.textContent ?? "");
    const alt = tag === "img" ? el.getAttribute("alt") : null;
    if (alt) parts.push(alt);
  }
  return parts;
}
