/**
 * Gathering of page-metadata candidates: every reader adds what its source states, and `finish`
 * merges values that agree (per field, after normalisation) and orders them best first.
 */
import type { MetadataValue, PageMetadata } from "../../contracts/extraction";
import { boxOf, collapse, cssPath } from "../html";
import type { DateLanguage } from "./dates";

export type Field = keyof PageMetadata;

export const FIELDS: readonly Field[] = [
  "title", "siteName", "author", "datePublished", "dateModified", "description", "language", "canonical", "image", "type",
];

/**
 * A candidate before merging. `family` groups sources that are not independent of each other (all
 * JSON-LD blocks come from one SEO plugin, all og:* tags from one template): only agreement across
 * families raises confidence.
 */
export interface Candidate extends MetadataValue {
  family: string;
}

/** Each agreeing independent source adds this much to the strongest entry's strength. */
const AGREEMENT_BONUS = 0.04;
const MAX_STRENGTH = 0.99;

/** Lower case, typographic quotes and dashes folded, white space collapsed: for equality of texts. */
export function textKey(s: string): string {
  return collapse(
    s
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[\u2018\u2019\u201a\u201b\u2032`´]/g, "'")
      .replace(/[\u201c\u201d\u201e\u201f\u00ab\u00bb]/g, '"')
      .replace(/[\u2010-\u2015]/g, "-"),
  )
    // "Kicker : Headline" (a colon in a part of its own, or French spacing) is "Kicker: Headline".
    .replace(/\s+([:：])/g, "$1")
    .replace(/[\s.:;,!]+$/, "");
}

/** Letters and digits only: "Heise Online" and "heise-online" are the same name. */
export function looseKey(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Co-authors in any order and joined in any way ("A and B", "B, A") are the same authors. */
export function authorKey(s: string): string {
  return s
    .split(/\s*(?:,|;|&|\/|\band\b|\bund\b|\bet\b|\by\b|\be\b|\ben\b)\s*/i)
    .map(looseKey)
    .filter(Boolean)
    .sort()
    .join("|");
}

function keyOf(field: Field, value: string): string {
  switch (field) {
    case "author":
      return authorKey(value);
    // A day and a date-time on that day corroborate each other.
    case "datePublished":
    case "dateModified":
      return value.slice(0, 10);
    case "canonical":
    case "image":
      return value.replace(/#.*$/, "").replace(/\/$/, "");
    // A language is one with its region: "de-DE" and the detected "de" corroborate each other.
    case "language":
      return primaryLanguage(value);
    case "type":
      return value.toLowerCase();
    default:
      return textKey(value);
  }
}

const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

const round = (n: number) => Math.round(n * 1000) / 1000;

export class Collector {
  private readonly items = new Map<Field, Candidate[]>(FIELDS.map((f) => [f, []]));

  /** Adds a value; `el` is the body element holding it (its CSS path and drawn box become evidence). */
  add(field: Field, value: string | null | undefined, provenance: string, strength: number, family: string, el?: Element | null): void {
    // Soft hyphens and zero-width characters only guide the browser's line breaking ("Deutsch&shy;land").
    const v = collapse((value ?? "").replace(INVISIBLE, ""));
    if (!v) return;
    const candidate: Candidate = { value: v, provenance, strength, family };
    if (el) {
      candidate.selector = cssPath(el, null);
      candidate.box = boxOf(el);
    }
    this.items.get(field)!.push(candidate);
  }

  /** The raw candidates of a field, for readers that refine one source with another (titles). */
  list(field: Field): Candidate[] {
    return this.items.get(field)!;
  }

  replace(field: Field, candidates: Candidate[]): void {
    this.items.set(field, candidates);
  }

  finish(): PageMetadata {
    const out = {} as PageMetadata;
    // The site's own time as any date of the page states it: an update stamp ("<time class=updated>") may
    // be the only one that states the publication's instant locally.
    const local = localInstants([...this.items.get("datePublished")!, ...this.items.get("dateModified")!]);
    for (const field of FIELDS) out[field] = merge(field, this.items.get(field)!, local);
    return out;
  }
}

/** Whether two CSS paths from the root are the same element or one contains the other. */
const related = (a: string, b: string) => a === b || a.startsWith(`${b} > `) || b.startsWith(`${a} > `);

/**
 * How many independent sources state a value: one per family, and two sources reading the same
 * markup (an h1 that is also the microdata headline, a byline around an RDFa creator) count once.
 */
function independent(group: Candidate[]): number {
  const families = new Set<string>();
  const elements: string[] = [];
  let count = 0;
  for (const c of group) {
    const selector = c.selector;
    if (!families.has(c.family) && !(selector && elements.some((e) => related(e, selector)))) count++;
    families.add(c.family);
    if (selector) elements.push(selector);
  }
  return count;
}

/** A date-time with its offset ("2022-04-21T22:04:54-06:00"): its instant, and whether the offset is UTC's. */
function instantOf(value: string): { at: number; utc: boolean } | null {
  const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.exec(value);
  if (!m) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : { at, utc: m[1] === "Z" || /^[+-]00:?00$/.test(m[1]!) };
}

/**
 * Dates stated in UTC by one source and at the same instant in the site's own time by another
 * ("2022-04-22T04:04:54+00:00" in og, "2022-04-21T22:04:54-06:00" in the article's <time>): the day is
 * the site's, which is the day the page shows. The UTC value takes the local form, so both count as one.
 */
function inLocalTime(candidates: Candidate[], local: Map<number, string>): Candidate[] {
  if (!local.size) return candidates;
  return candidates.map((c) => {
    const i = instantOf(c.value);
    const value = i?.utc ? local.get(i.at) : undefined;
    return value ? { ...c, value } : c;
  });
}

/** Each instant the candidates state in a time zone other than UTC, in the first form that states it so. */
function localInstants(candidates: Candidate[]): Map<number, string> {
  const local = new Map<number, string>();
  for (const c of candidates) {
    const i = instantOf(c.value);
    if (i && !i.utc && !local.has(i.at)) local.set(i.at, c.value);
  }
  return local;
}

function merge(field: Field, all: Candidate[], local: Map<number, string>): MetadataValue[] {
  const candidates = field === "datePublished" || field === "dateModified" ? inLocalTime(all, local) : all;
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const key = keyOf(field, c.value);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const merged: MetadataValue[] = [];
  for (const group of groups.values()) {
    let best = group[0];
    for (const c of group) if (c.strength > best.strength) best = c;
    const value: MetadataValue = { value: best.value, provenance: best.provenance, strength: round(Math.min(MAX_STRENGTH, best.strength + AGREEMENT_BONUS * (independent(group) - 1))) };
    // A qualifier every source shares ("… (the site, beside a writer's byline)", "(a web address)") is
    // said once, by the best. Only a phrase: "(abbr)" or '(class="byline")' says which element, not what.
    const qualifier = / \([^()\s]+(?: [^()]+)+\)$/.exec(best.provenance)?.[0];
    const unqualified = (p: string) => (qualifier && p.endsWith(qualifier) ? p.slice(0, -qualifier.length) : p);
    const agreeing = [...new Set(group.filter((c) => c.family !== best.family).map((c) => unqualified(c.provenance)))];
    if (agreeing.length) value.agreeing = agreeing;
    // A structured value that the page also shows: the visible element is where to point in review.
    const shown = best.selector ? best : group.filter((c) => c.selector).sort((a, b) => b.strength - a.strength || Number(!!b.box) - Number(!!a.box))[0];
    if (shown?.selector) {
      value.selector = shown.selector;
      value.box = shown.box ?? null;
    }
    merged.push(value);
  }
  // Stable sort: among equal strengths the order of reading (structured data first) stays.
  return merged.sort((a, b) => b.strength - a.strength);
}

/** What every reader needs besides the document. */
export interface ReadContext {
  finalUrl: string;
  /** The language(s) free-text dates are read in: the page's as the document states it, then its text's where that differs. */
  language: DateLanguage;
  /** Dates later than a day after this are rejected. */
  now: Date;
}

/** A language tag's language without its region or script: "de-DE" → "de". */
export function primaryLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0]!;
}

/** A BCP 47 tag from "en_US", "EN-us", "zh-hans-cn"; null for placeholders and junk. */
export function normalizeLanguage(raw: string | null | undefined): string | null {
  const parts = (raw ?? "").trim().replace(/_/g, "-").split("-").filter(Boolean);
  if (!parts.length || !/^[a-z]{2,3}$/i.test(parts[0]) || parts.some((p) => !/^[a-z0-9]{1,8}$/i.test(p))) return null;
  return parts
    .map((p, i) => (i === 0 ? p.toLowerCase() : p.length === 2 ? p.toUpperCase() : p.length === 4 && /^[a-z]+$/i.test(p) ? p[0].toUpperCase() + p.slice(1).toLowerCase() : p.toLowerCase()))
    .join("-");
}

const codePoint = (n: number) => (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : " ");

/** Text that structured data stores with markup or entities still in it ("Tom &amp; Jerry"). */
export function plainText(raw: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…" };
  return collapse(
    raw
      .replace(/<[^>]*>/g, " ")
      .replace(/&#x([0-9a-f]{1,6});/gi, (_, h: string) => codePoint(parseInt(h, 16)))
      .replace(/&#(\d{1,7});/g, (_, d: string) => codePoint(Number(d)))
      .replace(/&([a-z]+);/gi, (m, n: string) => named[n.toLowerCase()] ?? m),
  );
}

/** A domain name written as a name: "lbv.de", "www.bmas.de", "Gala.fr" (a two-letter or common ending). */
export function isDomainName(s: string): boolean {
  return /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:[a-z]{2}|com|org|net|info|biz|online|news|media)$/iu.test(s.trim());
}

/**
 * A name written as a web address rather than as a name: with its scheme, a leading "www." or a
 * trailing slash ("www.bmas.de", "https://www.mesopinions.com/", "tdg.ch/"). "Gala.fr" and "FAZ.NET"
 * are domain names (isDomainName) that sites give themselves as names, not addresses.
 */
export function isWebAddress(s: string): boolean {
  return /^(?:https?:\/\/|www\.)\S+$|^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/\S*$/iu.test(s.trim());
}

/** A person's name as a value: not a URL, an e-mail address or a social handle-only link. */
export function isNameLike(s: string): boolean {
  const v = s.trim();
  return v.length > 1 && v.length <= 120 && /\p{L}/u.test(v) && !/^(https?:)?\/\/|^www\.|\.(com|org|net|html?)(\/|$)|@[\w-]+\.\w/i.test(v);
}

/** Common domain endings, dropped when a name is compared with the host ("Backen.de" → "backen"). */
const DOMAIN_ENDING = /\.(?:com|net|org|info|de|at|ch|eu|fr|es|it|nl|pe|cl|co\.uk|uk|io|us)$/i;

/**
 * A name's letters and digits, lower case, without accents, a leading "www." and a domain ending:
 * "LaRepública.pe" and "la-republica", "www.elcolombiano.com" and "El Colombiano" compare equal.
 */
export function siteKey(s: string): string {
  return s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim().replace(/^(?:https?:\/\/)?www\./, "").replace(DOMAIN_ENDING, "").replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The same with German umlauts written out, as host names spell them ("Jäger" → "jaeger"). */
export function spelledKey(s: string): string {
  return siteKey(s.replace(/[äÄ]/g, "ae").replace(/[öÖ]/g, "oe").replace(/[üÜ]/g, "ue").replace(/ß/g, "ss"));
}
