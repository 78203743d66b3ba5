/**
 * Page URLs of a run: normalisation, de-duplication and the site-origin rule.
 *
 * A site is stored as a domain with an optional port ("www.example.com", "localhost:8080"); its origin
 * is that host over http or https. Only URLs on exactly that host are crawled: other subdomains,
 * `www.` variants and other ports are other origins.
 */
import normalizeUrl, { type Options as NormalizeOptions } from "normalize-url";

/** Query parameters that only track campaigns: two URLs differing in them are the same page. */
const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_hsenc|_hsmi|yclid)$/i;

/** How normalize-url writes a page URL here: only what cannot change which resource the server returns. */
const NORMALISE_OPTIONS: NormalizeOptions = {
  normalizeProtocol: false,
  stripAuthentication: false,
  stripHash: true,
  stripTextFragment: true,
  stripWWW: false,
  removeQueryParameters: [TRACKING_PARAMS],
  sortQueryParameters: true,
  emptyQueryValue: "always",
  removeTrailingSlash: false,
  removeSingleSlash: false,
  removeDirectoryIndex: false,
  // Only the default port is dropped, and the URL parser does that: any other port is another origin.
  removeExplicitPort: false,
};

/**
 * The canonical form of a page URL, or null when it is not a crawlable http(s) URL (normalize-url):
 * lower-case scheme and host, the host's trailing dot and the default port dropped, percent-escapes of
 * unreserved characters decoded and the others upper-cased, dot segments resolved, duplicate slashes
 * collapsed, fragment dropped, tracking parameters dropped and the rest sorted, `?a` written `?a=`.
 * Trailing slashes are kept: "/a" and "/a/" can be different resources.
 */
export function normaliseUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // Credentials in a page URL are never legitimate here and would leak into logs.
  if (url.username || url.password) return null;
  try {
    return normalizeUrl(url.href, NORMALISE_OPTIONS);
  } catch {
    return null;
  }
}

/** A site's host as the URL parser writes it ("example.com", "localhost:8080"), from its stored domain. */
export function siteHost(domain: string): string {
  const cleaned = domain.trim().toLowerCase().replace(/^https?:\/\//, "").replace(/\/.*$/, "");
  try {
    return new URL(`http://${cleaned}`).host;
  } catch {
    return cleaned;
  }
}

/** Whether `url` is on the site's own host. */
export function isSiteUrl(url: string, host: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === "http:" || u.protocol === "https:") && u.host === host;
  } catch {
    return false;
  }
}

const LOCAL_HOSTNAME = /^(localhost|.*\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The site's origin. The scheme comes from the first configured URL on the site's host (sitemap, URL
 * list); without one it is https, or http for a loopback host.
 */
export function siteOrigin(domain: string, hints: readonly (string | null | undefined)[] = []): string {
  const host = siteHost(domain);
  for (const hint of hints) {
    if (!hint) continue;
    try {
      const u = new URL(hint);
      if (u.host === host && (u.protocol === "http:" || u.protocol === "https:")) return `${u.protocol}//${host}`;
    } catch {
      // Not a URL: ignore this hint.
    }
  }
  const hostname = host.replace(/:\d+$/, "");
  return `${LOCAL_HOSTNAME.test(hostname) ? "http:" : "https:"}//${host}`;
}

export interface FilteredUrls {
  /** Normalised, de-duplicated URLs on the site's host, in first-seen order. */
  urls: string[];
  /** Entries that are not http(s) URLs. */
  invalid: string[];
  /** Entries on another origin. */
  offOrigin: string[];
  duplicates: number;
}

/**
 * Normalises a list of URLs, keeps those on the site's host once each (written with the origin's
 * scheme, so http and https forms of a page are one page), and reports what was dropped.
 */
export function filterSiteUrls(raw: Iterable<string>, origin: string, limit = Number.POSITIVE_INFINITY): FilteredUrls {
  const { host, protocol } = new URL(origin);
  const seen = new Set<string>();
  const out: FilteredUrls = { urls: [], invalid: [], offOrigin: [], duplicates: 0 };
  for (const entry of raw) {
    const normal = normaliseUrl(entry);
    if (!normal) {
      out.invalid.push(entry);
      continue;
    }
    if (!isSiteUrl(normal, host)) {
      out.offOrigin.push(normal);
      continue;
    }
    const url = normal.startsWith(protocol) ? normal : protocol + normal.slice(normal.indexOf(":") + 1);
    if (seen.has(url)) {
      out.duplicates++;
      continue;
    }
    if (out.urls.length >= limit) break;
    seen.add(url);
    out.urls.push(url);
  }
  return out;
}
