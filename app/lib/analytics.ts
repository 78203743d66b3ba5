import { readCookieConsent } from "./cookie-consent";

/** An entry of the analytics data layer (spec §3): page views and site events. */
export type AnalyticsEvent =
  | { event: "page_view"; pagePath: string; pageTitle: string; timestamp: string }
  | {
      event: "site_event";
      action: "select";
      siteId: string;
      name: string;
      domain: string;
      organizationId: string;
      timestamp: string;
    };

interface DataLayerHost {
  dataLayer?: unknown[];
}

/**
 * Pushes onto `window.dataLayer`, the queue analytics tags read, but only after the visitor accepted
 * cookies: without consent nothing is recorded, not even in memory. Returns whether it was pushed.
 */
export function pushAnalytics(
  entry: AnalyticsEvent,
  host: DataLayerHost | undefined = typeof window === "undefined" ? undefined : (window as unknown as DataLayerHost),
  consent: () => string | null = readCookieConsent,
): boolean {
  if (!host || consent() !== "accepted") return false;
  host.dataLayer = host.dataLayer ?? [];
  host.dataLayer.push(entry);
  return true;
}

/** Records a page view of `pagePath` (the path and query, never the hash). */
export function trackPageView(pagePath: string, pageTitle: string, now: () => number = () => Date.now()): boolean {
  return pushAnalytics({ event: "page_view", pagePath, pageTitle, timestamp: new Date(now()).toISOString() });
}
