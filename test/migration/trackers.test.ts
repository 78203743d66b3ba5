import { describe, expect, it } from "vitest";
import { isPrivateLiteral, isTracker, refusal, siteDomain } from "../../workers/crawl/trackers";

const none = { blockHosts: [], allowHosts: [] };
const u = (s: string) => new URL(s);

describe("which requests a page may make", () => {
  it("knows trackers by host and by path", () => {
    expect(isTracker(u("https://www.googletagmanager.com/gtm.js?id=X"))).toBe(true);
    expect(isTracker(u("https://stats.g.doubleclick.net/pixel.gif"))).toBe(true);
    expect(isTracker(u("https://www.facebook.com/tr?id=1"))).toBe(true);
    expect(isTracker(u("https://www.facebook.com/somepage"))).toBe(false);
    expect(isTracker(u("https://notgoogle-analytics.com/x.js"))).toBe(false);
  });

  it("loads the site's own domain, refuses trackers, foreign and private hosts unless allowed", () => {
    const site = "www.example.co.uk";
    expect(refusal(u("https://www.example.co.uk/app.js"), site, none)).toBeNull();
    expect(refusal(u("https://static.example.co.uk/logo.png"), site, none)).toBeNull();
    expect(refusal(u("https://cdn.other.example/lib.js"), site, none)).toBe("foreign");
    expect(refusal(u("https://cdn.other.example/lib.js"), site, { blockHosts: [], allowHosts: ["*.other.example"] })).toBeNull();
    expect(refusal(u("https://www.google-analytics.com/analytics.js"), site, none)).toBe("tracker");
    expect(refusal(u("https://www.google-analytics.com/analytics.js"), site, { blockHosts: [], allowHosts: ["www.google-analytics.com"] })).toBeNull();
    expect(refusal(u("https://www.example.co.uk/ads/banner.js"), site, none)).toBeNull();
    expect(refusal(u("https://ads.example.co.uk/banner.js"), site, { blockHosts: ["ads.example.co.uk"], allowHosts: [] })).toBe("blocked");
    expect(refusal(u("http://169.254.169.254/latest/meta-data"), site, none)).toBe("private");
    expect(refusal(u("http://127.0.0.1:9000/x"), "127.0.0.1:8788", none)).toBe("private");
    expect(refusal(u("http://127.0.0.1:8788/x"), "127.0.0.1:8788", none)).toBeNull();
  });

  it("reads a host's own domain and private addresses", () => {
    expect(siteDomain("www.example.com")).toBe("example.com");
    expect(siteDomain("news.bbc.co.uk")).toBe("bbc.co.uk");
    expect(siteDomain("example.com")).toBe("example.com");
    expect(isPrivateLiteral("10.1.2.3")).toBe(true);
    expect(isPrivateLiteral("172.20.0.1")).toBe(true);
    expect(isPrivateLiteral("[::1]")).toBe(true);
    expect(isPrivateLiteral("8.8.8.8")).toBe(false);
  });
});
