import { isPrivateHostLiteral } from "../lib/egress";

/**
 * Hosts a page loads that never change its content: analytics, tag managers, advertising, session
 * recording, consent and chat widgets. The browser refuses them by default, so a hung tracker cannot
 * hold a page and nothing is reported to them on the site owner's behalf. A site may allow one back or
 * block further hosts (site settings `crawl.allowHosts` / `crawl.blockHosts`).
 */
const TRACKER_HOSTS = [
  // Analytics and tag managers
  "google-analytics.com", "googletagmanager.com", "analytics.google.com", "stats.g.doubleclick.net", "matomo.cloud",
  "plausible.io", "stats.wp.com", "pixel.wp.com", "segment.io", "segment.com", "cdn.segment.com", "mixpanel.com",
  "amplitude.com", "heap.io", "heapanalytics.com", "clarity.ms", "hotjar.com", "hotjar.io", "fullstory.com",
  "mouseflow.com", "crazyegg.com", "quantserve.com", "scorecardresearch.com", "chartbeat.com", "chartbeat.net",
  "parsely.com", "newrelic.com", "nr-data.net", "omtrdc.net", "demdex.net", "2o7.net", "adobedtm.com",
  "mktoresp.com", "hs-analytics.net", "hs-scripts.com", "hsadspixel.net", "hubspot.com", "bat.bing.com",
  "snap.licdn.com", "px.ads.linkedin.com", "static.ads-twitter.com", "analytics.twitter.com", "analytics.tiktok.com",
  "sentry.io", "browser.sentry-cdn.com", "bugsnag.com", "cloudflareinsights.com", "yandex.ru/metrika", "mc.yandex.ru",
  "etracker.com", "etracker.de", "webtrekk.net", "wt-safetag.com", "econda-monitor.de", "ioam.de", "xiti.com",
  // Advertising
  "doubleclick.net", "googlesyndication.com", "googleadservices.com", "adservice.google.com", "adnxs.com",
  "criteo.com", "criteo.net", "taboola.com", "outbrain.com", "amazon-adsystem.com", "rubiconproject.com",
  "pubmatic.com", "openx.net", "casalemedia.com", "adsrvr.org", "moatads.com", "teads.tv", "smartadserver.com",
  "facebook.net", "connect.facebook.net", "facebook.com/tr", "ads.yahoo.com", "yieldlab.net",
  // Consent, chat and feedback widgets
  "cookielaw.org", "onetrust.com", "cookiebot.com", "consensu.org", "usercentrics.eu", "trustarc.com",
  "intercom.io", "intercomcdn.com", "drift.com", "zdassets.com", "tawk.to", "livechatinc.com", "crisp.chat",
] as const;

/** A host written as in site settings: "cdn.example.com", or "*.example.com" for its subdomains too. */
function matches(host: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase().replace(/^\*\./, "");
  if (!p) return false;
  return host === p || host.endsWith(`.${p}`);
}

export function matchesAny(host: string, patterns: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/:\d+$/, "");
  return patterns.some((p) => matches(h, p));
}

/** Whether a request URL goes to a known tracker, advertiser or widget host. */
export function isTracker(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return TRACKER_HOSTS.some((t) => {
    const slash = t.indexOf("/");
    if (slash < 0) return matches(host, t);
    return matches(host, t.slice(0, slash)) && url.pathname.startsWith(t.slice(slash));
  });
}

/**
 * Localhost names and literal addresses that are not public (the egress guard's classification, every
 * IPv4 spelling and IPv6 form included): a page may not make the browser reach them. Host names are not
 * resolved here: the tab resolves the names `refusal` lets through (other than the site's host) with the
 * egress guard's policy before the request goes out (browser.ts).
 */
export function isPrivateLiteral(host: string): boolean {
  return isPrivateHostLiteral(host);
}

/** Which requests of a page the browser refuses, beyond navigations away from the site. */
export interface RequestPolicy {
  /** Further hosts to refuse. */
  blockHosts: readonly string[];
  /** Hosts to load even though they are on the tracker list. */
  allowHosts: readonly string[];
}

export const DEFAULT_REQUEST_POLICY: RequestPolicy = { blockHosts: [], allowHosts: [] };

/** The site's own domain: "www.example.co.uk" → "example.co.uk", "www.example.com" → "example.com". */
export function siteDomain(host: string): string {
  const labels = host.toLowerCase().replace(/:\d+$/, "").split(".");
  if (labels.length <= 2 || /^\d+$/.test(labels[labels.length - 1])) return labels.join(".");
  // Two-letter country domains often have a second level of their own (co.uk, com.au, gv.at).
  const keep = labels[labels.length - 1].length === 2 && labels[labels.length - 2].length <= 3 ? 3 : 2;
  return labels.slice(-keep).join(".");
}

/**
 * Why a subresource request is refused, or null to load it. Trackers and blocked hosts never load
 * unless allowed. The site's own host and its domain's other hosts (static.example.com beside
 * www.example.com) load; other hosts (CDNs) only when the site allows them: every foreign host is a
 * place a page can hang on (measured on real pages: with every host allowed, most pages waited out
 * their settle time on requests that never finished, and some their whole deadline).
 */
export function refusal(url: URL, siteHost: string, policy: RequestPolicy): "tracker" | "blocked" | "private" | "foreign" | null {
  const host = url.host.toLowerCase();
  if (matchesAny(host, policy.blockHosts)) return "blocked";
  if (host === siteHost.toLowerCase()) return null;
  const allowed = matchesAny(host, policy.allowHosts);
  if (isTracker(url) && !allowed) return "tracker";
  // The egress guard's rule: allowHosts cannot let a private address in.
  if (isPrivateLiteral(url.hostname)) return "private";
  if (allowed || siteDomain(url.hostname) === siteDomain(siteHost)) return null;
  return "foreign";
}
