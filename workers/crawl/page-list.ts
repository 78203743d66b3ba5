import { collectSitemapUrls, SITEMAP_LIMITS } from "./sitemap";
import type { GuardOptions } from "./ssrf";
import { filterSiteUrls } from "./url";

/** Where a run's pages come from, in order of precedence. */
export type PageSource = "overrideWhitelist" | "urlList" | "sitemap";

export interface PageListInput {
  /** The site's origin ("https://www.example.com"). */
  origin: string;
  overrideWhitelist?: readonly string[] | null;
  urlList?: readonly string[] | null;
  sitemapUrl?: string | null;
  maxPages?: number;
}

export interface PageListNote {
  level: "info" | "warn" | "error";
  message: string;
  url?: string;
}

export interface PageList {
  source: PageSource;
  urls: string[];
  notes: PageListNote[];
}

/** Up to this many dropped entries are named one by one in the logs. */
const NAMED_DROPS = 20;

/**
 * The pages of a run: the start call's `overrideWhitelist` when given, else the site's curated
 * `urlList`, else its sitemap (`sitemapUrl`, or `/sitemap.xml` on the site's origin). URLs are
 * normalised, de-duplicated and limited to the site's origin; what was dropped is reported in `notes`.
 * Throws SitemapError when the root sitemap cannot be read.
 */
export async function collectPageList(input: PageListInput, guard: GuardOptions): Promise<PageList> {
  const maxPages = input.maxPages ?? SITEMAP_LIMITS.maxUrls;
  const notes: PageListNote[] = [];
  let source: PageSource;
  let raw: readonly string[];
  if (input.overrideWhitelist?.length) {
    source = "overrideWhitelist";
    raw = input.overrideWhitelist;
    notes.push({ level: "info", message: `Running the ${raw.length} URLs given when the migration was started` });
  } else if (input.urlList?.length) {
    source = "urlList";
    raw = input.urlList;
    notes.push({ level: "info", message: `Running the site's curated URL list (${raw.length} URLs)` });
  } else {
    source = "sitemap";
    const sitemapUrl = input.sitemapUrl?.trim() || `${input.origin}/sitemap.xml`;
    const result = await collectSitemapUrls(sitemapUrl, guard, maxPages);
    raw = result.urls;
    notes.push({ level: "info", message: `Read ${result.files.length} sitemap file(s) from ${sitemapUrl}: ${raw.length} URLs`, url: sitemapUrl });
    for (const p of result.problems) notes.push({ level: "error", message: p.message, url: p.url });
    if (result.truncated) notes.push({ level: "warn", message: `The sitemap lists more than ${maxPages} pages; only the first ${maxPages} are run` });
  }
  const filtered = filterSiteUrls(raw, input.origin, maxPages);
  for (const url of filtered.offOrigin.slice(0, NAMED_DROPS)) notes.push({ level: "warn", message: "Skipped: outside the site's origin", url });
  if (filtered.offOrigin.length > NAMED_DROPS) notes.push({ level: "warn", message: `${filtered.offOrigin.length - NAMED_DROPS} more URLs outside the site's origin were skipped` });
  for (const entry of filtered.invalid.slice(0, NAMED_DROPS)) notes.push({ level: "warn", message: `Skipped: not an http(s) URL: ${entry.slice(0, 200)}` });
  if (filtered.duplicates) notes.push({ level: "info", message: `${filtered.duplicates} duplicate URLs were merged` });
  return { source, urls: filtered.urls, notes };
}
