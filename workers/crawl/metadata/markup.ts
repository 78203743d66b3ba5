/**
 * Structured data written into the markup itself: microdata (`itemscope`/`itemprop`), RDFa
 * (`property="dc:creator"`, `schema:author`, Drupal's `sioc:has_creator` + `foaf:name`) and the
 * hAtom microformat's dates (`<abbr class="published" title="2017-09-09T10:52:00+02:00">`), with the
 * date header Blogger prints above a day's posts.
 */
import { absoluteUrl, collapse, tagOf, textOf } from "../html";
import { Collector, type Field, isNameLike, normalizeLanguage, type ReadContext } from "./collect";
import { findDate, normalizeDate } from "./dates";

const MAIN_ITEM = /(^|\/)(Article|NewsArticle|BlogPosting|Report|ScholarlyArticle|TechArticle|SocialMediaPosting|LiveBlogPosting|Review|Product|Event|Recipe|WebPage|AboutPage|CollectionPage|ItemPage|ProfilePage|QAPage|FAQPage)$/;

/** An element's value as microdata defines it: content, datetime, href or src, else its text. */
function itemValue(el: Element, base: string): string {
  const content = el.getAttribute("content");
  if (content !== null) return collapse(content);
  const tag = tagOf(el);
  if (tag === "time") return collapse(el.getAttribute("datetime") ?? "") || textOf(el);
  if (tag === "a" || tag === "link" || tag === "area") return absoluteUrl(el.getAttribute("href"), base) ?? "";
  if (tag === "img" || tag === "source" || tag === "video" || tag === "audio") return absoluteUrl(el.getAttribute("src"), base) ?? "";
  if (tag === "meta") return "";
  return textOf(el);
}

/** The item an element's itemprop belongs to: the nearest itemscope above it. */
function owner(el: Element): Element | null {
  return el.parentElement?.closest("[itemscope]") ?? null;
}

function itemType(scope: Element): string {
  const type = (scope.getAttribute("itemtype") ?? "").trim().split(/\s+/)[0];
  return type.replace(/^https?:\/\/schema\.org\//i, "");
}

/** Properties of `scope` itself (not of items nested in it) named `name`. */
function props(scope: Element, name: string): Element[] {
  return Array.from(scope.querySelectorAll("[itemprop]")).filter(
    (el) => owner(el) === scope && (el.getAttribute("itemprop") ?? "").split(/\s+/).includes(name),
  );
}

/** A person or organisation property: its own `name` property when it is an item, else its text. */
function nameOf(el: Element, base: string): { value: string; el: Element } | null {
  if (el.hasAttribute("itemscope")) {
    const [name] = props(el, "name");
    return name ? { value: itemValue(name, base), el: name } : null;
  }
  return { value: itemValue(el, base), el };
}

function readMicrodata(document: Document, col: Collector, ctx: ReadContext): void {
  const scopes = Array.from(document.querySelectorAll("[itemscope][itemtype]")).filter((s) => MAIN_ITEM.test(itemType(s)));
  // An article or product item is the page's subject before a page-wide WebPage item.
  const main = scopes.find((s) => !/Page$/.test(itemType(s))) ?? scopes[0];
  if (!main) return;
  const s = 0.85;
  const add = (field: Field, prop: string, value: string | null, el: Element, strength = s) => col.add(field, value, `microdata itemprop=${prop}`, strength, "microdata", el);
  col.add("type", itemType(main), "microdata itemtype", 0.8, "microdata");
  for (const prop of ["headline", "name"]) {
    const [el] = props(main, prop);
    if (el) {
      add("title", prop, itemValue(el, ctx.finalUrl), el, prop === "name" ? 0.82 : s);
      break;
    }
  }
  for (const prop of ["author", "creator"]) {
    const found = props(main, prop).map((el) => nameOf(el, ctx.finalUrl)).filter((n): n is { value: string; el: Element } => !!n && isNameLike(n.value));
    if (found.length) {
      add("author", prop, found.map((n) => n.value).join(", "), found[0].el);
      break;
    }
  }
  for (const el of props(main, "publisher")) {
    const name = nameOf(el, ctx.finalUrl);
    if (name) add("siteName", "publisher", name.value, name.el, 0.8);
  }
  for (const el of props(main, "datePublished")) add("datePublished", "datePublished", normalizeDate(itemValue(el, ctx.finalUrl), ctx.language, ctx.now), el);
  for (const el of props(main, "dateModified")) add("dateModified", "dateModified", normalizeDate(itemValue(el, ctx.finalUrl), ctx.language, ctx.now), el);
  for (const el of props(main, "description")) add("description", "description", itemValue(el, ctx.finalUrl), el, 0.8);
  for (const el of props(main, "inLanguage")) add("language", "inLanguage", normalizeLanguage(itemValue(el, ctx.finalUrl)), el, 0.8);
  for (const el of props(main, "image").slice(0, 1)) {
    const image = el.hasAttribute("itemscope") ? props(el, "url").map((u) => itemValue(u, ctx.finalUrl))[0] : itemValue(el, ctx.finalUrl);
    add("image", "image", image ? absoluteUrl(image, ctx.finalUrl) : null, el, 0.8);
  }
}

/** RDFa terms by the field they state. Vocabulary-less terms count only under a schema.org vocab. */
const RDFA: Record<string, Field> = {
  "dc:title": "title", "dcterms:title": "title", "schema:headline": "title",
  "dc:creator": "author", "dcterms:creator": "author", "schema:author": "author", "sioc:has_creator": "author",
  "dc:date": "datePublished", "dc:created": "datePublished", "dcterms:created": "datePublished", "dcterms:issued": "datePublished", "schema:datepublished": "datePublished",
  "dc:modified": "dateModified", "dcterms:modified": "dateModified", "schema:datemodified": "dateModified",
  "dc:description": "description", "dcterms:description": "description", "schema:description": "description",
  "dc:language": "language", "dcterms:language": "language", "schema:inlanguage": "language",
};
const VOCAB_TERMS: Record<string, string> = { headline: "schema:headline", author: "schema:author", datepublished: "schema:datepublished", datemodified: "schema:datemodified" };

function readRdfa(document: Document, col: Collector, ctx: ReadContext): void {
  for (const el of Array.from(document.querySelectorAll("[property], [rel]"))) {
    if (tagOf(el) === "meta" && el.closest("head")) continue; // head metas are read as meta tags
    if (tagOf(el) === "link") continue;
    const underVocab = /schema\.org/i.test(el.closest("[vocab]")?.getAttribute("vocab") ?? "");
    // rel on links is HTML's (author, nofollow), not RDFa's.
    const terms = [
      ...(el.getAttribute("property") ?? "").split(/\s+/).map((term) => ({ attr: "property", term })),
      ...(tagOf(el) === "a" ? [] : (el.getAttribute("rel") ?? "").split(/\s+/).map((term) => ({ attr: "rel", term }))),
    ].filter((t) => t.term);
    for (const { attr, term } of terms) {
      const lower = term.toLowerCase();
      const field = RDFA[lower] ?? (underVocab ? RDFA[VOCAB_TERMS[lower] ?? ""] : undefined);
      if (!field) continue;
      let target = el;
      let raw = el.getAttribute("content") ?? (field.startsWith("date") ? el.getAttribute("datetime") : null) ?? textOf(el);
      // A creator given as a resource: its name is the nested foaf:name / schema:name.
      if (field === "author") {
        const named = el.querySelector('[property~="foaf:name"], [property~="schema:name"], [property~="name"]');
        if (named) {
          target = named;
          raw = named.getAttribute("content") ?? textOf(named);
        }
        if (!isNameLike(raw)) continue;
      }
      const value = field === "datePublished" || field === "dateModified" ? normalizeDate(raw, ctx.language, ctx.now) : field === "language" ? normalizeLanguage(raw) : collapse(raw);
      if (!value) continue;
      col.add(field, value, `RDFa ${attr}=${term}`, 0.8, "rdfa", target);
    }
  }
}

/**
 * hAtom's dates: the first `published` and `updated` element outside comments and sidebars that holds
 * a date, read from its `title` (where `<abbr>` keeps the machine date: its text is "10:52"), `datetime`
 * or text. The first: teasers of other posts below the post carry the class too.
 * Blogger's date header ("Samstag, 5. Oktober 2013" in `h2.date-header` above the post) is the day
 * of the posts under it: the first one is the page's post on a post page.
 */
function readMicroformats(document: Document, col: Collector, ctx: ReadContext): void {
  const marked = Array.from(document.querySelectorAll(".published, .updated, .date-header")).filter((el) => !el.closest(ASIDE));
  for (const [cls, field] of [["published", "datePublished"], ["updated", "dateModified"]] as const) {
    // The first few only: the class also marks a post's state ("Published") in some templates.
    for (const el of marked.filter((m) => m.classList.contains(cls)).slice(0, MAX_HATOM_TRIES)) {
      // A title may be a tooltip ("Published"): then the datetime or the text holds the date.
      const raws = [el.getAttribute("title"), el.getAttribute("datetime"), textOf(el)];
      let value: string | null = null;
      for (const raw of raws) if (raw && (value = normalizeDate(raw, ctx.language, ctx.now))) break;
      if (!value) continue;
      col.add(field, value, `hAtom class=${cls} (${tagOf(el)})`, HATOM_STRENGTH, "hatom", el);
      break;
    }
  }
  const header = marked.find((el) => el.classList.contains("date-header"));
  const day = header && findDate(textOf(header), ctx.language, ctx.now);
  if (header && day) col.add("datePublished", day.iso, "visible date header (class=date-header)", DATE_HEADER_STRENGTH, "date header", header);
}

/** How many elements of an hAtom class are read for a date. */
const MAX_HATOM_TRIES = 3;

/**
 * Where other posts' dates stand: comments, sidebars, related lists, the page footer. (Not every
 * "widget": Blogger puts its posts in `div.widget.Blog`.) Narrower than `isNoise` (layout.ts) on
 * purpose: hAtom classes mark posts, and templates put the page's own post in containers `isNoise`
 * counts as surroundings (Blogger's `div.widget`, for one). Reading hAtom dates through
 * `isNoise` instead moved date accuracy (bench:quality, source labels) from 0.831 to 0.814 on dev and
 * from 0.843 to 0.841 on train.
 */
const ASIDE = "aside, nav, footer, .sidebar, #sidebar, .comments, #comments, .comment, .related, .related-posts, #related-posts";
/** A machine date the hAtom microformat marks as the post's. */
const HATOM_STRENGTH = 0.8;
/** A day printed above the posts of that day, the first of which is the page's post. */
const DATE_HEADER_STRENGTH = 0.72;

export function readMarkup(document: Document, col: Collector, ctx: ReadContext): void {
  readMicrodata(document, col, ctx);
  readRdfa(document, col, ctx);
  readMicroformats(document, col, ctx);
}
