/**
 * Page-level metadata with provenance: every source a rendered page has (JSON-LD, microdata, RDFa,
 * Open Graph, Twitter cards, Dublin Core, meta and link tags, `<time>`, bylines, the `<title>` and
 * the h1) read into candidate values per field, best first, each saying where it came from and how
 * far that kind of source is to be trusted. Pure and synchronous; runs on linkedom in the Worker.
 */
import type { PageMetadata } from "../contracts/extraction";
import { collapse } from "./html";
import { type Candidate, Collector, looseKey, primaryLanguage, type ReadContext } from "./metadata/collect";
import { refineAuthors } from "./metadata/authors";
import { isArticle, readHeadlines, TITLE_GUESS, TITLE_TAG } from "./metadata/headline";
import { alignUtcDays, preferShownDay, readAgencyDateline, readDateLines, readTitleDate, readUrlDate, updateStandsIn } from "./metadata/datelines";
import { readJsonLd } from "./metadata/jsonld";
import { readMarkup } from "./metadata/markup";
import { declaredLanguage, readTags } from "./metadata/tags";
import { hostLabel, isHomePage, stripSection, stripSiteSuffix, titleParts } from "./metadata/title";
import { readBrand, readSiteNames } from "./metadata/site-name";
import { type Layout, pageLayout, shownTexts } from "./metadata/layout";
import { readAuthorPageLinks, readRelAuthor } from "./metadata/author-links";
import { readVisible } from "./metadata/visible";
import { readTextLanguage } from "./metadata/text-language";
import { contentBody } from "./main-content/dom";

export { sharedTitleAffix, stripSiteSuffix, titleParts, hostLabel } from "./metadata/title";
export { normalizeDate } from "./metadata/dates";
export { cleanByline } from "./metadata/visible";

export interface MetadataContext {
  /** Where the page ended up after redirects; relative URLs resolve against it. */
  finalUrl: string;
  /** Site names that most of the run's page titles share (see `sharedTitleAffix`). */
  siteTitleSuffixes?: string[];
  /** The time of capture (default: now): later dates are not publication dates. */
  now?: Date;
  /** The page's main content as text: the language it is written in is a source of `language`. */
  mainText?: string;
  /** The body that holds the page, where the caller has found it already (default: `contentBody`). */
  body?: Element;
}

/** Families whose title is the page's title as its author or SEO plugin set it. */
const STRUCTURED = new Set(["jsonld", "og", "twitter", "microdata", "rdfa", "dc"]);

/** The document's `<title>` (not an SVG's). */
function documentTitle(document: Document): string {
  const title = Array.from(document.querySelectorAll("title")).find((t) => !t.closest("svg"));
  return collapse(title?.textContent ?? "");
}

/**
 * Titles without the site name, and the h1 when it agrees with them (a lone h1 only when nothing
 * else names the page: on many sites it is a section name or the logo).
 */
function readTitles(document: Document, col: Collector, ctx: MetadataContext, layout: Layout, title: string): void {
  const label = hostLabel(ctx.finalUrl);
  const siteNames = [...col.list("siteName").filter((c) => c.family !== "host").map((c) => c.value), ...(label ? [label] : [])];
  // A title that is the site's name ("ICON Magazine" as og:title on every page) names the home page only.
  const named = isHomePage(ctx.finalUrl) ? new Set<string>() : new Set(siteNames.map(looseKey).filter((k) => k.length >= 3));
  const structured: Candidate[] = col.list("title").map((c) => {
    if (named.has(looseKey(c.value))) return { ...c, provenance: `${c.provenance}, the site's name`, strength: Math.round((c.strength - 0.4) * 100) / 100 };
    const bare = stripSiteSuffix(c.value, siteNames);
    const stripped = stripSection(bare, ctx.finalUrl);
    if (stripped === c.value) return c;
    // The stripped value is inferred: a source that states the bare title directly ranks above it.
    const without = [bare !== c.value ? "the site name" : "", stripped !== bare ? "its section" : ""].filter(Boolean).join(" and ");
    return { ...c, value: stripped, provenance: `${c.provenance} without ${without}`, strength: c.strength - 0.04 };
  });
  col.replace("title", structured);

  const parts = titleParts(title);
  if (title) {
    const stripped = stripSiteSuffix(title, siteNames);
    const isSiteName = siteNames.some((n) => looseKey(n) === looseKey(title));
    if (stripped !== title) {
      const rest = titleParts(stripped);
      // "Weichen für die Zukunft - Eintracht Presse - News" once the site's name is gone: the parts after
      // the first name its sections. With no other stated title, the first part leads, below auto-apply.
      // A stated title that is only the site's name (demoted above) states no title of the page.
      if (rest.length > 1 && structured.every((c) => named.has(looseKey(c.value)))) {
        col.add("title", rest[0], "<title>'s first part, without the site name", 0.6, TITLE_GUESS);
        col.add("title", stripped, "<title> without the site name", 0.55, TITLE_TAG);
      } else col.add("title", stripped, "<title> without the site name", 0.8, TITLE_TAG);
    }
    // Unstripped, a title of several parts keeps a site or section name as often as not.
    else col.add("title", title, "<title>", isSiteName ? 0.35 : parts.length > 1 ? 0.45 : 0.6, TITLE_TAG);
    // With no site name known, most sites put theirs last: a guess that ranks above the whole title.
    if (stripped === title && parts.length > 1) {
      const head = title.slice(0, title.lastIndexOf(parts[parts.length - 1])).replace(/[\s|–—\-:·•»/›~]+$/u, "").trim();
      if (head) col.add("title", head, "<title> without its last part", 0.5, TITLE_GUESS);
    }
  }

  readHeadlines(document, col, layout, siteNames, STRUCTURED, title, isArticle(col, ctx.finalUrl));
}

/**
 * Every metadata source of a rendered page, per field, best first. Values that several independent
 * sources state merge into one that is a little stronger for each of them.
 */
export function extractMetadata(document: Document, ctx: MetadataContext): PageMetadata {
  const read: ReadContext = { finalUrl: ctx.finalUrl, language: declaredLanguage(document), now: ctx.now ?? new Date() };
  const col = new Collector();
  // linkedom's document.body throws on an empty document, and where something stands between </head> and
  // <body> it returns an empty body of its own: the body that holds the page's text is read (main-content/dom.ts).
  const root = document.documentElement;
  const title = root ? documentTitle(document) : "";
  const body = root ? (ctx.body ?? contentBody(document) ?? root) : null;
  const layout = body ? pageLayout(body) : null;
  if (root && body && layout) {
    readJsonLd(document, col, read);
    readTags(document, col, read);
    // A text written in another language than the page declares (a theme's lang="en" over a Spanish
    // article): free-text dates are read in the declared language, then in the text's ("26, Abril, 2022").
    const written = readTextLanguage(col, ctx.mainText);
    if (written && typeof read.language === "string" && primaryLanguage(read.language) !== written) read.language = [read.language, written];
    readMarkup(document, col, read);
    readVisible(body, col, read, layout);
    readRelAuthor(col, read, layout);
    readAuthorPageLinks(col, read, layout);
    readDateLines(col, read, layout);
    readAgencyDateline(col, ctx.mainText);
    readBrand(layout.elements, col, ctx.finalUrl);
  }
  readUrlDate(col, read);
  readTitleDate(col, read, title);
  alignUtcDays(col);
  preferShownDay(col);
  updateStandsIn(col);
  readSiteNames(col, ctx.finalUrl, ctx.siteTitleSuffixes ?? [], title, layout?.h1 ? collapse(layout.h1.textContent ?? "") : null, () => (layout ? shownTexts(layout, true) : []));
  // The host's label names the site, but a personal site's host is also its author's name.
  refineAuthors(col, layout, col.list("siteName").filter((c) => c.family !== "host").map((c) => c.value));
  if (layout) readTitles(document, col, ctx, layout, title);
  return col.finish();
}
