/**
 * Real-page corpora for the quality benchmark, in either of two layouts:
 *
 * - the project's own (`manifest.json`): `{ pages: [{ id, url, site, file, source, licence,
 *   split?, text?, textFile?, fields? }] }`, where `text` (or the file `textFile`) is the page's main
 *   content as plain text and `fields` the page fields a person read off the page (title, author,
 *   siteName, datePublished as YYYY-MM-DD, language); an empty string says the page has none;
 * - the evaluation data of open-source content-extraction projects (`evaldata.json` beside the HTML,
 *   in `eval/` or `cache/`): per URL a `file`, snippets the main content must contain (`with`) and must
 *   not (`without`), and the title, author (names joined by "; ") and date people read off the page.
 *
 * Pages are split by site (the URL's host), never by page, so no site is in two splits. The split
 * comes from a hash of the host, so it is the same on every machine and for every run.
 */
import fs from "node:fs";
import path from "node:path";
import { parseHTML } from "linkedom";
import { parse, serialize } from "parse5";

export const SPLITS = ["train", "dev", "held-out"] as const;
export type Split = (typeof SPLITS)[number];

/** The page fields people label, in the order the benchmarks print them. */
export const TRUTH_FIELDS = ["title", "author", "siteName", "datePublished", "language"] as const;

export interface TruthFields {
  title?: string;
  author?: string;
  siteName?: string;
  datePublished?: string;
  language?: string;
}

export interface CorpusPage {
  id: string;
  url: string;
  /**
   * The address the page is crawled at: its URL, or where the corpus keys a page by a file name
   * ("hard::….html"), the address the page states (canonical link, og:url). A crawl always knows it.
   */
  address: string;
  site: string;
  split: Split;
  html: string;
  /** The main content as plain text, for bag-of-tokens scoring. */
  text: string | null;
  /** Snippets the main content must contain and must not, for snippet scoring. */
  with: string[];
  without: string[];
  fields: TruthFields;
  /** The labelling batch: 1 for the pages of the first import, 2 and up for pages added later. */
  batch: number;
  /**
   * The page fields as labelled again by reading the page under written rules (`field-labels.json`
   * beside the manifest), where the page has such labels; `fields` keeps the source corpus's own.
   */
  checkedFields?: TruthFields;
}

export interface Corpus {
  name: string;
  pages: CorpusPage[];
}

/** 32-bit FNV-1a of a string: the same on every machine, for choices that must not move between runs. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** FNV-1a of the host: 60% train, 20% dev, 20% held-out. */
export function splitOf(site: string): Split {
  const bucket = fnv1a(site) % 10;
  return bucket < 6 ? "train" : bucket < 8 ? "dev" : "held-out";
}

/**
 * The address a crawl would have fetched a page at: its URL where that is a web address; otherwise the
 * absolute address the page states as its own (`link rel=canonical`, then `og:url`); otherwise the URL.
 */
export function addressOf(url: string, html: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const { document } = parseHTML(html) as unknown as { document: Document };
  const stated = [document.querySelector('link[rel~="canonical"]')?.getAttribute("href"), document.querySelector('meta[property="og:url"]')?.getAttribute("content")];
  return stated.map((s) => s?.trim()).find((s): s is string => !!s && /^https?:\/\/[^/]/i.test(s)) ?? url;
}

/** A page's site: its URL's host without "www.". */
export function siteOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

const read = (file: string) => fs.readFileSync(file, "utf8");

/** An HTML file decoded with the charset it declares (saved pages are not all UTF-8), as a browser would. */
export function readHtml(file: string): string {
  const bytes = fs.readFileSync(file);
  const head = bytes.subarray(0, 4096).toString("latin1");
  const declared = /<meta[^>]+charset=["']?\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? "utf-8";
  try {
    return new TextDecoder(declared).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * The page as the product receives it: the product never reads a page's raw bytes, it reads the DOM that
 * Chromium built from them (`document.documentElement.outerHTML`). Saved pages are often not well formed
 * (a script before `<html>`, no `<body>` tag, conditional comments around the root), and linkedom, which
 * does not implement HTML's tree construction, would read some of them as an empty body where a
 * browser does not. parse5 builds the tree as the HTML standard says, as Chromium does (scripts are
 * not run: what they would add is not in a saved page either).
 */
export function asBrowserParsed(html: string): string {
  return serialize(parse(html));
}

/** Page fields labelled by reading the pages under written rules: `{ description, pages: { id: fields } }`. */
export const CHECKED_LABELS = "field-labels.json";

/**
 * Main content labelled by reading the pages under written rules (bench/quality/label-text.ts):
 * `{ description, pages: { id: { keep, text, labeller, note? } } }`.
 */
export const TEXT_LABELS = "text-labels.json";

function loadManifest(dir: string): Corpus {
  const manifest = JSON.parse(read(path.join(dir, "manifest.json"))) as { pages: Array<Record<string, unknown>> };
  const checked = fs.existsSync(path.join(dir, CHECKED_LABELS))
    ? (JSON.parse(read(path.join(dir, CHECKED_LABELS))) as { pages: Record<string, TruthFields & { note?: string }> }).pages
    : {};
  const texts = fs.existsSync(path.join(dir, TEXT_LABELS)) ? (JSON.parse(read(path.join(dir, TEXT_LABELS))) as { pages: Record<string, { text: string }> }).pages : {};
  const pages = manifest.pages.map((p): CorpusPage => {
    const url = String(p.url);
    const site = typeof p.site === "string" ? p.site : siteOf(url);
    const labelled = texts[String(p.id)]?.text;
    const html = asBrowserParsed(readHtml(path.join(dir, String(p.file))));
    const text = typeof p.text === "string" ? p.text : typeof p.textFile === "string" ? read(path.join(dir, p.textFile)) : typeof labelled === "string" ? labelled : null;
    return {
      id: String(p.id ?? url),
      url,
      address: addressOf(url, html),
      site,
      split: SPLITS.includes(p.split as Split) ? (p.split as Split) : splitOf(site),
      html,
      text,
      with: Array.isArray(p.with) ? p.with.map(String) : [],
      without: Array.isArray(p.without) ? p.without.map(String) : [],
      fields: (p.fields ?? {}) as TruthFields,
      batch: typeof p.batch === "number" ? p.batch : 1,
      ...(checked[String(p.id)] ? { checkedFields: truthOnly(checked[String(p.id)]!) } : {}),
    };
  });
  return { name: dir, pages };
}

/** The truth fields of a label entry, without its note. */
function truthOnly(entry: TruthFields & { note?: string }): TruthFields {
  const fields: TruthFields = {};
  for (const key of TRUTH_FIELDS) if (typeof entry[key] === "string") fields[key] = entry[key];
  return fields;
}

/** An evaluation field as text: null is "the page has none", a list is names joined by "; ". */
export function str(v: unknown): string | undefined {
  if (v === null || v === undefined) return v === null ? "" : undefined;
  return Array.isArray(v) ? v.map(String).join("; ") : String(v);
}

function loadEvaldata(dir: string): Corpus {
  const data = JSON.parse(read(path.join(dir, "evaldata.json"))) as Record<string, Record<string, unknown>>;
  const pages: CorpusPage[] = [];
  for (const [url, item] of Object.entries(data)) {
    const file = [path.join(dir, "eval", String(item.file)), path.join(dir, "cache", String(item.file))].find((f) => fs.existsSync(f));
    if (!file) continue;
    const site = siteOf(url);
    // Only pages a person read the fields off carry them ("title" present); the rest are snippet-only.
    const labelled = "title" in item;
    const html = asBrowserParsed(readHtml(file));
    pages.push({
      id: String(item.file),
      url,
      address: addressOf(url, html),
      site,
      split: splitOf(site),
      html,
      text: null,
      with: Array.isArray(item.with) ? item.with.map(String) : [],
      without: Array.isArray(item.without) ? item.without.map(String) : [],
      fields: labelled ? { title: str(item.title), author: str(item.author), datePublished: str(item.date), ...("sitename" in item ? { siteName: str(item.sitename) } : {}) } : {},
      batch: 1,
    });
  }
  return { name: dir, pages };
}

/** Loads the corpus in `dir`, whichever layout it has. */
export function loadCorpus(dir: string): Corpus {
  if (fs.existsSync(path.join(dir, "manifest.json"))) return loadManifest(dir);
  if (fs.existsSync(path.join(dir, "evaldata.json"))) return loadEvaldata(dir);
  throw new Error(`No real-page corpus in ${dir}: it needs a manifest.json or an evaldata.json (see bench/quality/corpus.ts).`);
}
