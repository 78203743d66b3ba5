import { describe, expect, it } from "vitest";
import { pushAnalytics } from "../../app/lib/analytics";

const view = { event: "page_view", pagePath: "/snapshots", pageTitle: "Snapshots", timestamp: "2026-03-01T10:00:00.000Z" } as const;

describe("analytics data layer", () => {
  it("records nothing before cookies are accepted", () => {
    const host: { dataLayer?: unknown[] } = {};
    expect(pushAnalytics(view, host, () => null)).toBe(false);
    expect(pushAnalytics(view, host, () => "declined")).toBe(false);
    expect(host.dataLayer).toBeUndefined();
  });

  it("pushes page views and site events after consent", () => {
    const host: { dataLayer?: unknown[] } = {};
    expect(pushAnalytics(view, host, () => "accepted")).toBe(true);
    const site = { event: "site_event", action: "select", siteId: "s1", name: "Demo", domain: "demo.example.com", organizationId: "o1", timestamp: view.timestamp } as const;
    pushAnalytics(site, host, () => "accepted");
    expect(host.dataLayer).toEqual([view, site]);
  });
});
