/**
 * Findings that need the whole site: duplicate titles and descriptions across the run's pages, and
 * internal links that answer 404 or redirect, read from the run's own crawl records (its snapshots
 * and its failed pages) so no page the run already saw is requested again.
 */
import type { Finding } from "../contracts/enrich";
import type { PageExtraction } from "../contracts/extraction";

/** What the run's crawl recorded for a URL it visited. */
export interface CrawlRecord {
  status: number;
  finalUrl: string;
  /** Set when the status comes from a request made by the analysis, not from the run's crawl. */
  checked?: boolean;
}

/** A URL as the crawl records compare it: no fragment, no trailing slash on the path, lower-case host. */
export function crawlKey(url: string): string {
  try {
    const u = new URL(url);
    u.hash = "";
    const path = u.pathname.length > 1 ? u.pathname.replace(/\/+$/, "") : u.pathname;
    return `${u.protocol}//${u.host.toLowerCase()}${path}${u.search}`;
  } catch {
    return url;
  }
}

const normal = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** Internal links of the pages that no record answers for: record key → URL to request. */
export function unseenLinks(pages: PageExtraction[], records: Map<string, CrawlRecord>): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of pages) {
    for (const link of p.links) {
      if (!link.internal || !/^https?:/.test(link.href)) continue;
      const key = crawlKey(link.href);
      if (!records.has(key) && !out.has(key)) out.set(key, link.href.replace(/#.*$/, ""));
    }
  }
  return out;
}

/** Duplicate titles and descriptions: findings keyed by page URL. */
export function duplicateFindings(pages: Array<{ url: string; extraction: PageExtraction }>): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  const add = (url: string, f: Finding) => out.set(url, [...(out.get(url) ?? []), f]);
  for (const field of ["title", "metaDescription"] as const) {
    const groups = new Map<string, string[]>();
    for (const p of pages) {
      const value = normal(p.extraction[field]);
      if (value) groups.set(value, [...(groups.get(value) ?? []), p.url]);
    }
    for (const [value, urls] of groups) {
      if (urls.length < 2) continue;
      for (const url of urls) {
        const others = urls.filter((u) => u !== url);
        add(url, {
          kind: field === "title" ? "title-duplicate" : "description-duplicate",
          severity: "warning",
          confidence: 0.97,
          message: `${urls.length} pages share this meta ${field === "title" ? "title" : "description"}.`,
          evidence: [`"${value.slice(0, 120)}"`, ...others.slice(0, 5).map((u) => `also on ${u}`)],
          field: field === "title" ? "metaTitle" : "metaDescription",
        });
      }
    }
  }
  return out;
}

/**
 * Internal links of a page that answered 404 (or another client error) or redirected, in the run's
 * crawl or when the analysis checked a page the run did not visit. Links without a record are
 * counted as unchecked in the evidence.
 */
export function linkFindings(extraction: PageExtraction, records: Map<string, CrawlRecord>): Finding[] {
  const broken: string[] = [];
  const redirected: string[] = [];
  let unchecked = 0;
  const seen = new Set<string>();
  for (const link of extraction.links) {
    if (!link.internal) continue;
    const key = crawlKey(link.href);
    if (seen.has(key) || key === crawlKey(extraction.url)) continue;
    seen.add(key);
    const record = records.get(key);
    if (!record) {
      unchecked++;
      continue;
    }
    const how = record.checked ? " when the analysis checked it" : "";
    if (record.status >= 400 && record.status < 500) broken.push(`${link.href} answered ${record.status}${how}${link.text ? ` (link text "${link.text.slice(0, 60)}")` : ""}`);
    else if (record.status < 400 && crawlKey(record.finalUrl) !== key) redirected.push(`${link.href} redirects to ${record.finalUrl}${how}`);
  }
  const note = unchecked ? [`${unchecked} internal link${unchecked === 1 ? "" : "s"} to pages neither the run nor the analysis could check`] : [];
  const out: Finding[] = [];
  if (broken.length) out.push({ kind: "link-broken", severity: "error", confidence: 0.97, message: `${broken.length} internal link${broken.length === 1 ? "" : "s"} answer${broken.length === 1 ? "s" : ""} with an error.`, evidence: [...broken.slice(0, 10), ...note] });
  if (redirected.length) out.push({ kind: "link-redirect", severity: "notice", confidence: 0.95, message: `${redirected.length} internal link${redirected.length === 1 ? "" : "s"} go${redirected.length === 1 ? "es" : ""} through a redirect.`, evidence: [...redirected.slice(0, 10), ...note] });
  return out;
}
