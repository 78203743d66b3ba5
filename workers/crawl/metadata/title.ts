/**
 * Page titles without the site name: "Pricing | Cloudly" → "Pricing". The site name is only dropped
 * when it is known (meta tags, JSON-LD, the suffix the site's pages share, the host name), so a
 * headline with a dash in it keeps its second half.
 */
import { collapse } from "../html";
import { looseKey, siteKey } from "./collect";

/** Chinese, Japanese and Korean letters, and the full-width forms their punctuation uses ("！", "｜"). */
const CJK = "\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff00-\\uffef";

/**
 * Separators between a title and the site name: spaced pipes, dashes, dots, colons, guillemets,
 * slashes; box-drawing bars, spaced or not ("Produkttester werden│Nestlé Marktplatz"); and, beside a
 * CJK letter, an unspaced dash, underscore or pipe, as Chinese and Japanese sites write them
 * ("武汉的声音-新华网", "NEWS WEB EASY|子どもへの…").
 */
const separator = (guillemets: boolean) =>
  new RegExp(
    `(\\s+(?:\\||-{1,2}|–|—|·|•|::|:|${guillemets ? "»|«|" : ""}›|‹|ǀ|\\/|\\\\|~|⋅|◆|★)\\s+|\\s*[│┃]\\s*|(?<=[${CJK}])[-_|｜—–](?=\\S)|(?<=\\S)[-_|｜—–](?=[${CJK}]))`,
  );
const SEPARATOR = separator(true);
/** In a title that quotes ("« Il y a … ». Sur les migrations | Le Grand Continent"), guillemets are quotation marks. */
const SEPARATOR_QUOTING = separator(false);
const QUOTATION = /«[^»]+»/;

/** Separators left dangling at either end ("| Acme"). */
const EDGE_SEPARATORS = /^(?:\||-{1,2}|–|—|·|•|::|»|«|›|ǀ)\s+|\s+(?:\||-{1,2}|–|—|·|•|::|»|«|›|ǀ)$/g;

/** The parts of a title between separators: "Foo – Bar | Acme" → ["Foo", "Bar", "Acme"]. */
export function titleParts(title: string): string[] {
  return splitTitle(title).parts;
}

function splitTitle(title: string): { parts: string[]; separators: string[] } {
  const parts: string[] = [];
  const separators: string[] = [];
  let pending = " ";
  const text = collapse(title);
  const quoting = QUOTATION.test(text);
  text
    .replace(EDGE_SEPARATORS, (edge) => (quoting && /[«»]/.test(edge) ? edge : ""))
    .split(quoting ? SEPARATOR_QUOTING : SEPARATOR)
    .forEach((piece, i) => {
      if (i % 2 === 1) {
        pending = piece;
        return;
      }
      // Empty parts ("| Acme") are not titles; their separator goes with them.
      const part = piece.trim();
      if (!part) return;
      // "Wochenbericht 14. - 20. Januar 2022", "Saison 2021 – 2022": a dash between two numbers is a range.
      if (parts.length && /^\s*[-–—]{1,2}\s*$/.test(pending) && /\d\.?$/.test(parts[parts.length - 1]!) && /^\d/.test(part)) {
        parts[parts.length - 1] += `${pending}${part}`;
        return;
      }
      if (parts.length) separators.push(pending);
      parts.push(part);
    });
  return { parts, separators };
}

/**
 * How well a title part names the site: 2 equal (case and spacing aside), 1 one contains the
 * other, 0 unrelated.
 */
function siteMatch(part: string, siteNames: string[]): number {
  const p = looseKey(part);
  if (!p) return 0;
  const key = siteKey(part);
  let best = 0;
  for (const name of siteNames) {
    const n = looseKey(name);
    if (n.length < 2) continue;
    // "Nestlé Marktplatz" names the site "nestle-marktplatz": compared as site names are, accents and spacing aside.
    if (p === n || (key.length >= 4 && key === siteKey(name))) return 2;
    if (p.includes(n) || n.includes(p)) best = 1;
  }
  return best;
}

/**
 * The title without the part naming the site, at either end, or, where only a middle part is the
 * site's very name, without it and what follows; the title unchanged when no part names a known site.
 * An exact match wins over containment, and between two containing ends the shorter one is the site
 * name ("Acme launches X | Acme Blog" drops "Acme Blog").
 */
export function stripSiteSuffix(title: string, siteNames: string[]): string {
  const { parts, separators } = splitTitle(title);
  if (parts.length < 2) return collapse(title);
  const ends = [
    { index: parts.length - 1, score: siteMatch(parts[parts.length - 1], siteNames) },
    { index: 0, score: siteMatch(parts[0], siteNames) },
  ].filter((e) => e.score > 0);
  if (!ends.length) {
    // "Christmas Gift Guide | Journelles | Jetzt entdecken!": the site's very name in the middle, its
    // slogan after it; the title is what stands before the name.
    const middle = parts.findIndex((p, i) => i > 0 && i < parts.length - 1 && siteMatch(p, siteNames) === 2);
    return middle > 0 ? joinParts(parts.slice(0, middle), separators) : collapse(title);
  }
  ends.sort((a, b) => b.score - a.score || parts[a.index].length - parts[b.index].length);
  const drop = ends[0].index;
  const kept = parts.filter((_, i) => i !== drop);
  const seps = drop === 0 ? separators.slice(1) : separators.slice(0, -1);
  return joinParts(kept, seps);
}

/**
 * The title without a part at either end that names the section the page's address files it under
 * ("Outdoornews - Hochauflösende Schneekarten auf Gipfelbuch.ch" at /outdoornews/detail/id/718): the
 * section, not the headline. The title unchanged where no end part is a segment of the path, or where
 * what is left would be a word or two.
 */
export function stripSection(title: string, address: string): string {
  const { parts, separators } = splitTitle(title);
  if (parts.length < 2) return title;
  let segments: Set<string>;
  try {
    // The folders above the page, not its own slug (which spells the headline).
    segments = new Set(new URL(address).pathname.split("/").filter(Boolean).slice(0, -1).map((s) => siteKey(decodeURIComponent(s))).filter((k) => k.length >= 4));
  } catch {
    return title;
  }
  const section = (part: string) => segments.has(siteKey(part));
  const long = (kept: readonly string[]) => kept.join(" ").split(/\s+/).length >= 3;
  if (section(parts[0]!) && long(parts.slice(1))) return joinParts(parts.slice(1), separators.slice(1));
  if (section(parts[parts.length - 1]!) && long(parts.slice(0, -1))) return joinParts(parts.slice(0, -1), separators.slice(0, -1));
  return title;
}

/** Parts joined again by the separators that stood between them (`separators[i]` after `parts[i]`). */
function joinParts(parts: readonly string[], separators: readonly string[]): string {
  return parts.reduce((acc, part, i) => (i === 0 ? part : acc + separators[i - 1] + part), "");
}

/** Two-level public suffixes common enough to matter for a host's main label. */
const SECOND_LEVEL = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go", "gv", "nom", "ltd", "plc"]);

/**
 * Hosts whose sites live on subdomains: the subdomain is the site ("zahlenzauberin" for
 * zahlenzauberin.wordpress.com), not the platform.
 */
const PLATFORMS = new Set([
  "wordpress.com", "blogspot.com", "wikidot.com", "tumblr.com", "github.io", "gitlab.io", "substack.com", "medium.com", "wixsite.com",
  "jimdosite.com", "jimdo.com", "over-blog.com", "typepad.com", "livejournal.com", "ghost.io", "netlify.app", "vercel.app", "pages.dev",
  "webflow.io", "squarespace.com", "weebly.com", "canalblog.com", "hatenablog.com", "blogger.com", "home.blog", "bandcamp.com",
]);

/**
 * The host's main label: "heise" for www.heise.de, "bbc" for www.bbc.co.uk, "zahlenzauberin" for
 * zahlenzauberin.wordpress.com. Null for IP addresses.
 */
export function hostLabel(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (/^[\d.]+$/.test(host) || host.includes(":")) return null;
  const labels = host.split(".").filter(Boolean);
  if (labels.length < 2) return labels[0] ?? null;
  if (labels.length >= 3 && PLATFORMS.has(labels.slice(-2).join(".")) && labels[labels.length - 3] !== "www") return labels[labels.length - 3];
  const secondLast = labels[labels.length - 2];
  if (labels.length >= 3 && SECOND_LEVEL.has(secondLast) && labels[labels.length - 1].length === 2) return labels[labels.length - 3];
  return secondLast;
}

/**
 * The site name most of a site's page titles carry as their last (or first) part:
 * ["Foo | Acme", "Bar | Acme", "Acme"] → "Acme". Null unless more than half of the titles (and at
 * least two) share it. Used across a run's pages to tell the site name from the page titles.
 */
export function sharedTitleAffix(titles: string[]): string | null {
  const split = titles.map(splitForAffix).filter((t): t is SplitTitle => t !== null);
  if (split.length < 2) return null;
  const tally = (end: "first" | "last") => {
    const counts = new Map<string, { multi: number; single: number; forms: Map<string, number> }>();
    for (const title of split) {
      if (title.parts.length < 2) continue;
      const form = end === "first" ? title.parts[0] : title.parts[title.parts.length - 1];
      const key = end === "first" ? title.firstKey : title.lastKey;
      if (!key) continue;
      const entry = counts.get(key) ?? { multi: 0, single: 0, forms: new Map<string, number>() };
      entry.multi++;
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
      counts.set(key, entry);
    }
    // A title that is the site name alone (often the home page) also counts for it.
    for (const title of split) {
      const entry = title.parts.length === 1 ? counts.get(title.firstKey) : undefined;
      if (entry) entry.single++;
    }
    let best: { count: number; form: string } | null = null;
    for (const entry of counts.values()) {
      const count = entry.multi + entry.single;
      // The most frequent spelling names it; one multi-part title alone is no pattern.
      if (entry.multi >= 2 && (!best || count > best.count)) best = { count, form: [...entry.forms.entries()].sort((a, b) => b[1] - a[1])[0][0] };
    }
    return best;
  };
  const suffix = tally("last");
  const prefix = tally("first");
  const winner = suffix && (!prefix || suffix.count >= prefix.count) ? suffix : prefix;
  return winner && winner.count * 2 > split.length ? winner.form : null;
}

interface SplitTitle {
  parts: string[];
  firstKey: string;
  lastKey: string;
}

/**
 * Titles split for `sharedTitleAffix`, kept by title: a run asks about its recent titles again for
 * every page it captures, and splitting and normalising them was most of that work.
 */
const splitTitles = new Map<string, SplitTitle | null>();
const SPLIT_TITLES_KEPT = 512;

function splitForAffix(title: string): SplitTitle | null {
  let split = splitTitles.get(title);
  if (split !== undefined) return split;
  const text = collapse(title);
  const parts = text ? titleParts(text) : [];
  split = text ? { parts, firstKey: parts.length ? looseKey(parts[0]) : "", lastKey: parts.length ? looseKey(parts[parts.length - 1]) : "" } : null;
  if (splitTitles.size >= SPLIT_TITLES_KEPT) splitTitles.clear();
  splitTitles.set(title, split);
  return split;
}

/** Whether an address is a site's home page: its root, an index file, "/home", "/start" or a language's root ("/de/"). */
export function isHomePage(finalUrl: string): boolean {
  let path: string;
  try {
    path = new URL(finalUrl).pathname;
  } catch {
    return false;
  }
  return path === "/" || /^\/(?:index\.\w+|home|start|[a-z]{2}(?:-[a-z]{2})?)\/?$/i.test(path);
}
