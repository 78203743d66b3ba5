/**
 * schema.org JSON-LD: the page's main entity (an article, product, event or the web page itself)
 * gives title, author, dates, description, image and language; WebSite and the publisher give the
 * site name. Blocks may be arrays or `@graph`s whose nodes reference each other by `@id` (Yoast).
 */
import { jsonrepair } from "jsonrepair";
import { absoluteUrl } from "../html";
import { Collector, isNameLike, normalizeLanguage, plainText, type ReadContext } from "./collect";
import { normalizeDate } from "./dates";

type Json = Record<string, unknown>;

interface LdNode {
  node: Json;
  types: string[];
  /** Whether the node came from a `@graph` (named in provenance: "JSON-LD @graph WebSite.name"). */
  graph: boolean;
}

const ARTICLE_TYPES = new Set([
  "Article", "NewsArticle", "BlogPosting", "Report", "ScholarlyArticle", "TechArticle", "SocialMediaPosting", "LiveBlogPosting",
  "OpinionNewsArticle", "AnalysisNewsArticle", "ReportageNewsArticle", "BackgroundNewsArticle", "ReviewNewsArticle",
  "MedicalScholarlyArticle", "SatiricalArticle", "AdvertiserContentArticle", "DiscussionForumPosting", "Review",
]);
const THING_TYPES = new Set(["Product", "ProductGroup", "IndividualProduct", "ProductModel", "Event", "Recipe", "Course", "JobPosting", "HowTo", "Book"]);
const WEBPAGE_TYPES = new Set([
  "WebPage", "AboutPage", "CheckoutPage", "CollectionPage", "ContactPage", "FAQPage", "ItemPage", "MedicalWebPage", "ProfilePage",
  "QAPage", "RealEstateListing", "SearchResultsPage",
]);
const ORGANIZATION_TYPES = new Set(["Organization", "Corporation", "NewsMediaOrganization", "LocalBusiness", "OnlineBusiness", "OnlineStore", "EducationalOrganization", "GovernmentOrganization", "NGO"]);
/** Types too generic to name in provenance when a specific one is also given. */
const GENERIC = new Set(["Thing", "CreativeWork", "Article", "WebPage"]);

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const asObject = (v: unknown): Json => (isObject(v) ? v : {});
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

function typesOf(node: Json): string[] {
  return asArray(node["@type"])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, ""));
}

const isEvent = (t: string) => t === "Event" || /[a-z]Event$/.test(t);
function rank(types: string[]): number {
  if (types.some((t) => ARTICLE_TYPES.has(t))) return 3;
  if (types.some((t) => THING_TYPES.has(t) || isEvent(t))) return 2;
  if (types.some((t) => WEBPAGE_TYPES.has(t))) return 1;
  return 0;
}

/** The most specific type: "NewsArticle" from ["Article", "NewsArticle"]. */
function typeName(types: string[]): string {
  return types.find((t) => !GENERIC.has(t)) ?? types[0] ?? "Thing";
}

/** JSON as CMSes print it: HTML comments or CDATA around it, trailing commas, raw newlines in strings, and broken beyond that. */
function parseJson(text: string): unknown {
  const t = text.trim().replace(/^<!--|-->$/g, "").replace(/^\s*(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>\s*$/g, "");
  try {
    return JSON.parse(t);
  } catch {
    try {
      return JSON.parse(t.replace(/,\s*([}\]])/g, "$1").replace(/[\u0000-\u001f]+/g, " "));
    } catch {
      // Values the CMS printed without quotes ('"@author": Daniel Czyżewski,'), an unescaped quote in a
      // headline, a missing comma: jsonrepair mends what a lenient reader can. A block cut short is not
      // mended: its last value would be cut too.
      try {
        return /[}\]]\s*$/.test(t) ? JSON.parse(jsonrepair(t)) : undefined;
      } catch {
        return undefined;
      }
    }
  }
}

function gatherTops(data: unknown, graph: boolean, out: LdNode[]): void {
  if (Array.isArray(data)) for (const item of data) gatherTops(item, graph, out);
  else if (isObject(data)) {
    if (data["@graph"] !== undefined) gatherTops(data["@graph"], true, out);
    const types = typesOf(data);
    if (types.length) out.push({ node: data, types, graph });
  }
}

/** Every node with an `@id` and content, at any depth, so references resolve within the page. */
function indexIds(data: unknown, ids: Map<string, Json>, depth = 0): void {
  if (depth > 10) return;
  if (Array.isArray(data)) for (const item of data) indexIds(item, ids, depth + 1);
  else if (isObject(data)) {
    const id = data["@id"];
    if (typeof id === "string" && Object.keys(data).length > 1) {
      const known = ids.get(id);
      if (!known || Object.keys(known).length < Object.keys(data).length) ids.set(id, data);
    }
    for (const [key, value] of Object.entries(data)) if (key !== "@id") indexIds(value, ids, depth + 1);
  }
}

function text(v: unknown): string | null {
  if (typeof v === "string") return plainText(v) || null;
  if (typeof v === "number") return String(v);
  return null;
}

/** Reads one page's JSON-LD into the collector. */
export function readJsonLd(document: Document, col: Collector, ctx: ReadContext): void {
  const tops: LdNode[] = [];
  const ids = new Map<string, Json>();
  for (const script of Array.from(document.querySelectorAll("script"))) {
    if ((script.getAttribute("type") ?? "").trim().toLowerCase() !== "application/ld+json") continue;
    const data = parseJson(script.textContent ?? "");
    if (data === undefined) continue;
    gatherTops(data, false, tops);
    indexIds(data, ids);
  }
  if (!tops.length) return;

  const resolve = (v: unknown): unknown => {
    if (isObject(v) && typeof v["@id"] === "string" && Object.keys(v).length === 1) return ids.get(v["@id"]) ?? v;
    return v;
  };
  const first = (v: unknown): unknown => resolve(asArray(v)[0]);
  const pageUrls = new Set([ctx.finalUrl.replace(/[#?].*$/, "").replace(/\/$/, "")]);
  const isThisPage = (n: Json) =>
    [n.url, n["@id"], isObject(n.mainEntityOfPage) ? n.mainEntityOfPage["@id"] : n.mainEntityOfPage].some(
      (u) => typeof u === "string" && pageUrls.has(u.replace(/[#?].*$/, "").replace(/\/$/, "")),
    );

  // The page's subject: a WebPage's mainEntity, else the most content-like node (an article before
  // a product before the web page), the one about this URL first.
  const candidates: LdNode[] = [...tops];
  for (const t of tops) {
    if (!t.types.some((x) => WEBPAGE_TYPES.has(x))) continue;
    const main = first(t.node.mainEntity);
    if (isObject(main) && rank(typesOf(main)) > 1) candidates.unshift({ node: main, types: typesOf(main), graph: t.graph });
  }
  const ranked = candidates
    .map((c, order) => ({ c, score: rank(c.types) * 10 + (isThisPage(c.node) ? 1 : 0), order }))
    .filter((x) => x.score >= 10)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const main = ranked[0]?.c ?? null;

  const referenced = new Set<Json>();
  const prefix = (n: LdNode) => `JSON-LD ${n.graph ? "@graph " : ""}${typeName(n.types)}`;
  const names = (v: unknown): string[] =>
    asArray(v).flatMap((item) => {
      const r = resolve(item);
      if (isObject(r)) referenced.add(r);
      // A Person whose name is a list names co-authors, one each (a CMS that files the byline's writers under one
      // Person: osw.waw.pl); any other node's list is one name's spellings, the first read.
      const listed = isObject(r) && Array.isArray(r.name) && typesOf(r).includes("Person") ? r.name.map(text) : [];
      if (listed.length > 1) return listed.filter((n): n is string => !!n && isNameLike(n));
      const name = typeof r === "string" ? text(r) : isObject(r) ? text(asArray(r.name)[0]) : null;
      return name && isNameLike(name) ? [name] : [];
    });
  // A person as publisher is a personal site's owner (Yoast): the writer, not the site's name.
  const publishers = (v: unknown): string[] => names(asArray(v).filter((item) => !typesOf(asObject(resolve(item))).includes("Person")));
  const imageUrl = (v: unknown): string | null => {
    const r = first(v);
    const raw = typeof r === "string" ? r : isObject(r) ? (r.url ?? r.contentUrl) : null;
    return typeof raw === "string" ? absoluteUrl(raw, ctx.finalUrl) : null;
  };
  const language = (v: unknown): string | null => {
    const r = first(v);
    return normalizeLanguage(typeof r === "string" ? r : isObject(r) ? String(r.alternateName ?? r.name ?? "") : null);
  };
  const date = (v: unknown) => normalizeDate(text(asArray(v)[0]), ctx.language, ctx.now);

  /** The fields an entity states about the page, at `s` for a main entity and lower for others. */
  const readEntity = (n: LdNode, s: number) => {
    const p = prefix(n);
    const node = n.node;
    if (text(node.headline)) col.add("title", text(node.headline), `${p}.headline`, s, "jsonld");
    else col.add("title", text(asArray(node.name)[0]), `${p}.name`, s - 0.03, "jsonld");
    const authors = names(node.author ?? node.creator);
    col.add("author", authors.join(", "), `${p}.${node.author !== undefined ? "author" : "creator"}`, s, "jsonld");
    for (const publisher of publishers(node.publisher)) col.add("siteName", publisher, `${p}.publisher.name`, s - 0.05, "jsonld");
    col.add("datePublished", date(node.datePublished), `${p}.datePublished`, s, "jsonld");
    col.add("dateModified", date(node.dateModified), `${p}.dateModified`, s, "jsonld");
    col.add("description", text(asArray(node.description)[0]), `${p}.description`, s - 0.03, "jsonld");
    const image = imageUrl(node.image) ?? imageUrl(node.primaryImageOfPage) ?? imageUrl(node.thumbnailUrl);
    col.add("image", image, `${p}.image`, s - 0.03, "jsonld");
    col.add("language", language(node.inLanguage), `${p}.inLanguage`, s - 0.03, "jsonld");
    const url = typeof node.url === "string" ? absoluteUrl(node.url, ctx.finalUrl) : null;
    col.add("canonical", url, `${p}.url`, s - 0.08, "jsonld");
  };

  if (main) {
    const isPage = rank(main.types) === 1;
    readEntity(main, isPage ? 0.9 : 0.93);
    col.add("type", typeName(main.types), `JSON-LD ${main.graph ? "@graph " : ""}@type`, 0.9, "jsonld");
    const ofPage = first(main.node.mainEntityOfPage);
    const ofPageUrl = typeof ofPage === "string" ? ofPage : isObject(ofPage) ? (ofPage.url ?? ofPage["@id"]) : null;
    if (typeof ofPageUrl === "string") col.add("canonical", absoluteUrl(ofPageUrl, ctx.finalUrl), `${prefix(main)}.mainEntityOfPage`, 0.8, "jsonld");
    for (const a of asArray(main.node.author)) {
      const r = resolve(a);
      if (isObject(r)) referenced.add(r);
    }
  }
  for (const t of tops) {
    if (t.node === main?.node) continue;
    // The web page around an article (Yoast): its name is the SEO title, usually with the site name.
    if (t.types.some((x) => WEBPAGE_TYPES.has(x)) && main) readEntity(t, 0.88);
    if (t.types.includes("WebSite")) {
      const p = prefix(t);
      col.add("siteName", text(asArray(t.node.name)[0]), `${p}.name`, 0.9, "jsonld");
      col.add("siteName", text(asArray(t.node.alternateName)[0]), `${p}.alternateName`, 0.7, "jsonld");
      for (const publisher of publishers(t.node.publisher)) col.add("siteName", publisher, `${p}.publisher.name`, 0.8, "jsonld");
      col.add("language", language(t.node.inLanguage), `${p}.inLanguage`, 0.8, "jsonld");
    }
  }
  // A lone Organization is usually the site owner, but it may be the page's subject: a weak hint.
  for (const t of tops) {
    if (t.node === main?.node || referenced.has(t.node) || !t.types.some((x) => ORGANIZATION_TYPES.has(x))) continue;
    col.add("siteName", text(asArray(t.node.name)[0]), `${prefix(t)}.name`, 0.6, "jsonld");
  }
}
