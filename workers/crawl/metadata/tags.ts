/**
 * Meta and link tags: Open Graph, Twitter cards, Dublin Core, the classic `name=` tags and
 * `itemprop` metas in the head, `link rel=canonical|author|image_src`, a feed link's title (the site's
 * name, as WordPress and Blogger write it), and `<html lang>` (or `xml:lang`).
 */
import { absoluteUrl, collapse, htmlLang, htmlLangAttribute } from "../html";
import { Collector, type Field, isNameLike, normalizeLanguage, type ReadContext } from "./collect";
import { normalizeDate } from "./dates";

type Kind = "text" | "date" | "url" | "language" | "name";

interface Rule {
  field: Field;
  strength: number;
  kind: Kind;
}

/** Keys are lower-cased `property`/`name`/`itemprop` values; Dublin Core is matched separately. */
const RULES: Record<string, Rule[]> = {
  "og:title": [{ field: "title", strength: 0.88, kind: "text" }],
  "twitter:title": [{ field: "title", strength: 0.85, kind: "text" }],
  "og:site_name": [{ field: "siteName", strength: 0.9, kind: "text" }],
  "application-name": [{ field: "siteName", strength: 0.75, kind: "text" }],
  "apple-mobile-web-app-title": [{ field: "siteName", strength: 0.7, kind: "text" }],
  author: [{ field: "author", strength: 0.82, kind: "name" }],
  // Facebook wants a profile URL here; many CMSes print the name instead.
  "article:author": [{ field: "author", strength: 0.85, kind: "name" }],
  "parsely-author": [{ field: "author", strength: 0.82, kind: "name" }],
  "sailthru.author": [{ field: "author", strength: 0.82, kind: "name" }],
  // Shareaholic, a WordPress sharing plugin, names the post's author for its share cards.
  "shareaholic:article_author_name": [{ field: "author", strength: 0.82, kind: "name" }],
  "article:published_time": [{ field: "datePublished", strength: 0.88, kind: "date" }],
  "og:published_time": [{ field: "datePublished", strength: 0.85, kind: "date" }],
  date: [{ field: "datePublished", strength: 0.78, kind: "date" }],
  pubdate: [{ field: "datePublished", strength: 0.8, kind: "date" }],
  "publish-date": [{ field: "datePublished", strength: 0.8, kind: "date" }],
  publish_date: [{ field: "datePublished", strength: 0.8, kind: "date" }],
  "sailthru.date": [{ field: "datePublished", strength: 0.8, kind: "date" }],
  "parsely-pub-date": [{ field: "datePublished", strength: 0.82, kind: "date" }],
  citation_publication_date: [{ field: "datePublished", strength: 0.8, kind: "date" }],
  datepublished: [{ field: "datePublished", strength: 0.85, kind: "date" }],
  "article:modified_time": [{ field: "dateModified", strength: 0.88, kind: "date" }],
  "og:updated_time": [{ field: "dateModified", strength: 0.85, kind: "date" }],
  "last-modified": [{ field: "dateModified", strength: 0.7, kind: "date" }],
  datemodified: [{ field: "dateModified", strength: 0.85, kind: "date" }],
  description: [{ field: "description", strength: 0.85, kind: "text" }],
  "og:description": [{ field: "description", strength: 0.88, kind: "text" }],
  "twitter:description": [{ field: "description", strength: 0.82, kind: "text" }],
  "og:locale": [{ field: "language", strength: 0.85, kind: "language" }],
  "content-language": [{ field: "language", strength: 0.8, kind: "language" }],
  language: [{ field: "language", strength: 0.7, kind: "language" }],
  inlanguage: [{ field: "language", strength: 0.85, kind: "language" }],
  "og:url": [{ field: "canonical", strength: 0.85, kind: "url" }],
  "og:image": [{ field: "image", strength: 0.88, kind: "url" }],
  "og:image:url": [{ field: "image", strength: 0.88, kind: "url" }],
  "og:image:secure_url": [{ field: "image", strength: 0.88, kind: "url" }],
  "twitter:image": [{ field: "image", strength: 0.85, kind: "url" }],
  "twitter:image:src": [{ field: "image", strength: 0.85, kind: "url" }],
  image: [{ field: "image", strength: 0.8, kind: "url" }],
  "og:type": [{ field: "type", strength: 0.85, kind: "text" }],
  headline: [{ field: "title", strength: 0.85, kind: "text" }],
};

const DUBLIN_CORE: Record<string, Rule> = {
  title: { field: "title", strength: 0.8, kind: "text" },
  creator: { field: "author", strength: 0.8, kind: "name" },
  // Not a Dublin Core term, but written as one ("DC.author") as often as dc.creator.
  author: { field: "author", strength: 0.78, kind: "name" },
  date: { field: "datePublished", strength: 0.8, kind: "date" },
  "date.issued": { field: "datePublished", strength: 0.8, kind: "date" },
  issued: { field: "datePublished", strength: 0.8, kind: "date" },
  created: { field: "datePublished", strength: 0.78, kind: "date" },
  modified: { field: "dateModified", strength: 0.8, kind: "date" },
  "date.modified": { field: "dateModified", strength: 0.8, kind: "date" },
  description: { field: "description", strength: 0.8, kind: "text" },
  language: { field: "language", strength: 0.8, kind: "language" },
  publisher: { field: "siteName", strength: 0.7, kind: "text" },
};

/** Sources that come from one template and so do not corroborate each other. */
function familyOf(key: string, attr: string): string {
  if (/^(og|article):/.test(key)) return "og";
  if (key.startsWith("twitter:")) return "twitter";
  if (attr === "itemprop") return "microdata";
  return `meta ${key}`;
}

/** One person in Dublin Core's catalogue order, "Surname, Given name" ("Harm, Robert"): as the page would write it. */
const CATALOGUE_NAME = /^(\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)?), (\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*)?)$/u;

/** A Dublin Core creator as the page would write the name: "Harm, Robert" is Robert Harm. */
function dublinCoreName(raw: string): string {
  const m = CATALOGUE_NAME.exec(raw);
  // Not two agencies ("AFP, Reuters"): a surname is written in lower case after its capital.
  return m && /\p{Ll}/u.test(m[1]!) && /\p{Ll}|\.$/u.test(m[2]!) ? `${m[2]} ${m[1]}` : raw;
}

/** Value of a tag after the rule's kind, or null when it is not such a value. */
function convert(kind: Kind, raw: string, ctx: ReadContext): string | null {
  switch (kind) {
    case "date":
      return normalizeDate(raw, ctx.language, ctx.now);
    case "url":
      return absoluteUrl(raw, ctx.finalUrl);
    case "language":
      return normalizeLanguage(raw);
    case "name":
      return isNameLike(raw) ? raw : null;
    default:
      return raw;
  }
}

/** The page language as the document declares it, before every source is weighed (for dates). */
export function declaredLanguage(document: Document): string | null {
  const metaLang = (selector: string) => document.querySelector(selector)?.getAttribute("content");
  return (
    normalizeLanguage(htmlLang(document)) ??
    normalizeLanguage(metaLang('meta[property="og:locale"]')) ??
    normalizeLanguage(metaLang('meta[http-equiv="content-language" i]'))
  );
}

/** Labels of an "enhanced data" pair (twitter:label1 / twitter:data1) whose value is the author, as WordPress SEO plugins write them. */
const WRITTEN_BY = /^(?:written\s+by|posted\s+by|author|verfasst\s+von|geschrieben\s+von|autor(?:in)?|écrit\s+par|auteur|escrito\s+por|autor\s+del\s+artículo|scritto\s+da|autore|geschreven\s+door|auteur)$/i;

/** The author in Twitter's label/data pairs: `twitter:label1` "Written by", `twitter:data1` "Jane Doe". */
function readTwitterLabels(document: Document, col: Collector): void {
  const content = (name: string) => collapse(document.querySelector(`meta[name="${name}"], meta[property="${name}"]`)?.getAttribute("content") ?? "");
  for (let i = 1; i <= 4; i++) {
    const label = content(`twitter:label${i}`);
    if (!label) break;
    const value = content(`twitter:data${i}`);
    if (WRITTEN_BY.test(label) && isNameLike(value)) col.add("author", value, `meta twitter:data${i} ("${label}")`, 0.8, "twitter");
  }
}

/**
 * A feed link's title as WordPress writes it (the site's name, a guillemet, the feed: "Jane's Garden »
 * Feed", "uncut-news.ch » Kommentar-Feed", "… » Flux") or Blogger ("Python Insider - Atom", "… - RSS").
 */
const FEED_TITLE = /^(.+?)(?:\s+»\s+(?:feed|kommentar-feed|comments feed|flux|flux des commentaires|fuente|feed de comentarios|feed dei commenti)|\s+-\s+(?:atom|rss))$/i;

export function readTags(document: Document, col: Collector, ctx: ReadContext): void {
  const declared = htmlLangAttribute(document);
  if (declared) col.add("language", normalizeLanguage(declared.value), `<html ${declared.attribute}>`, 0.85, "html lang");

  // Co-authors in one tag each ("dc.Creator" three times): one value, the names in page order.
  const authors = new Map<string, { names: string[]; strength: number; family: string }>();
  for (const meta of Array.from(document.querySelectorAll("meta"))) {
    const raw = collapse(meta.getAttribute("content") ?? "");
    if (!raw) continue;
    // Metas inside an itemscope are microdata of that item (read with the body's markup).
    if (meta.hasAttribute("itemprop") && meta.closest("[itemscope]")) continue;
    const attr = ["property", "name", "itemprop", "http-equiv"].find((a) => meta.getAttribute(a));
    if (!attr) continue;
    const written = collapse(meta.getAttribute(attr)!);
    // A property may list several names (RDFa): "og:title dc:title".
    for (const name of written.split(" ")) {
      const key = name.toLowerCase();
      const dc = /^(?:dc|dcterms)[.:](.+)$/.exec(key);
      const rules = dc ? (DUBLIN_CORE[dc[1]] ? [DUBLIN_CORE[dc[1]]] : []) : RULES[key] ?? [];
      for (const rule of rules) {
        const value = convert(rule.kind, dc && rule.kind === "name" ? dublinCoreName(raw) : raw, ctx);
        // og:, article:, twitter: and DC. tags are named as written; the rest by their attribute.
        const provenance = /^(og|article|twitter):/.test(key) || dc ? `meta ${name}` : `meta ${attr}=${name}`;
        const family = dc ? "dc" : familyOf(key, attr);
        if (rule.field !== "author" || !value) col.add(rule.field, value, provenance, rule.strength, family);
        else {
          const entry = authors.get(provenance) ?? { names: [], strength: rule.strength, family };
          if (!entry.names.includes(value)) entry.names.push(value);
          authors.set(provenance, entry);
        }
      }
    }
  }
  for (const [provenance, { names, strength, family }] of authors) col.add("author", names.join(", "), provenance, strength, family);
  readTwitterLabels(document, col);

  let sawFeed = false;
  for (const link of Array.from(document.querySelectorAll("link[rel]"))) {
    const rels = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    const href = absoluteUrl(link.getAttribute("href"), ctx.finalUrl);
    if (rels.includes("canonical")) col.add("canonical", href, "link rel=canonical", 0.9, "link");
    if (rels.includes("image_src")) col.add("image", href, "link rel=image_src", 0.75, "link");
    // A head link to the author's page names nobody, unless it has a title.
    const title = collapse(link.getAttribute("title") ?? "");
    if (rels.includes("author") && title && isNameLike(title)) col.add("author", title, "link rel=author", 0.75, "rel author");
    // WordPress and Blogger name their feeds after the site: "Jane's Garden » Feed", "Python Insider - Atom".
    const feed = rels.includes("alternate") && /application\/(?:rss|atom)\+xml/i.test(link.getAttribute("type") ?? "") ? FEED_TITLE.exec(title) : null;
    if (feed && !sawFeed) {
      sawFeed = true;
      col.add("siteName", feed[1]!, "feed title (link rel=alternate)", 0.7, "feed");
    }
  }
}
