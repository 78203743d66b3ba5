import { describe, expect, inject, it, vi } from "vitest";
import { RUN_STATUSES, type RunStatus } from "../../workers/contracts/run-events";
import { withDeadline } from "../../workers/crawl/page-errors";
import { SLOW_PAGE_MS, slowPageNote } from "../../workers/runs/capture";
import { assertCrawlable, CrawlRefusedError, guardedFetch, isPrivateAddress, type HostResolver } from "../../workers/crawl/ssrf";
import { filterSiteUrls, isSiteUrl, normaliseUrl, siteHost, siteOrigin } from "../../workers/crawl/url";
import { egressPolicy } from "../../workers/lib/egress";
import { assertTransition, canTransition, effectiveConcurrency, InvalidTransitionError, isHeartbeatStale, retryDelayMs, RUN_LIMITS, sliceHeartbeat, summarise } from "../../workers/runs/run-state";
import { LOCAL_EGRESS } from "../fixtures/egress";

describe("URL normalisation", () => {
  it("lower-cases scheme and host, drops default ports, fragments and tracking parameters", () => {
    expect(normaliseUrl("HTTPS://WWW.Example.COM:443/About#team")).toBe("https://www.example.com/About");
    expect(normaliseUrl("http://example.com:80/a?utm_source=x&b=2&a=1&fbclid=z")).toBe("http://example.com/a?a=1&b=2");
    expect(normaliseUrl("https://example.com/a//b///c")).toBe("https://example.com/a/b/c");
    expect(normaliseUrl("https://example.com")).toBe("https://example.com/");
    expect(normaliseUrl("https://example.com/a/./b/../c")).toBe("https://example.com/a/c");
  });

  it("writes one page one way where the hand-written rules gave two URLs (normalize-url)", () => {
    // Percent-escapes of unreserved characters are the characters themselves; other escapes in upper case.
    expect(normaliseUrl("https://example.com/%7Euser/a%2db")).toBe(normaliseUrl("https://example.com/~user/a-b"));
    expect(normaliseUrl("https://example.com/caf%c3%a9")).toBe("https://example.com/caf%C3%A9");
    expect(normaliseUrl("https://example.com/café")).toBe("https://example.com/caf%C3%A9");
    expect(normaliseUrl("https://example.com/a?x=%2f")).toBe("https://example.com/a?x=%2F");
    // The host's trailing dot names the same host; a port other than the default is another origin and stays.
    expect(normaliseUrl("http://localhost:8080/a")).toBe("http://localhost:8080/a");
    expect(normaliseUrl("https://example.com./a")).toBe("https://example.com/a");
    // A text fragment is a fragment; an empty query is none; a key without a value is the key with an empty one.
    expect(normaliseUrl("https://example.com/a#:~:text=hello")).toBe("https://example.com/a");
    expect(normaliseUrl("https://example.com/a?")).toBe("https://example.com/a");
    expect(normaliseUrl("https://example.com/a?x")).toBe("https://example.com/a?x=");
    // And a sitemap or URL list holding both spellings yields the page once.
    const filtered = filterSiteUrls(["https://example.com/%7Euser", "https://example.com/~user", "https://example.com./~user"], "https://example.com");
    expect(filtered.urls).toEqual(["https://example.com/~user"]);
    expect(filtered.duplicates).toBe(2);
  });

  it("keeps trailing slashes and resolves relative URLs against a base", () => {
    expect(normaliseUrl("https://example.com/a/")).toBe("https://example.com/a/");
    expect(normaliseUrl("../x?q=1", "https://example.com/a/b/")).toBe("https://example.com/a/x?q=1");
  });

  it("rejects what is not a crawlable http(s) URL", () => {
    expect(normaliseUrl("javascript:alert(1)")).toBeNull();
    expect(normaliseUrl("mailto:a@b.c")).toBeNull();
    expect(normaliseUrl("not a url")).toBeNull();
    expect(normaliseUrl("https://user:pass@example.com/")).toBeNull();
  });
});

describe("the site's origin", () => {
  it("derives host and origin from the stored domain and the configured URLs", () => {
    expect(siteHost("WWW.Example.com")).toBe("www.example.com");
    expect(siteHost("localhost:8080")).toBe("localhost:8080");
    expect(siteOrigin("www.example.com")).toBe("https://www.example.com");
    expect(siteOrigin("127.0.0.1:5000")).toBe("http://127.0.0.1:5000");
    expect(siteOrigin("www.example.com", ["http://www.example.com/sitemap.xml"])).toBe("http://www.example.com");
    expect(siteOrigin("www.example.com", ["http://other.example.com/sitemap.xml"])).toBe("https://www.example.com");
  });

  it("accepts only the exact host: no other subdomain, port or scheme", () => {
    expect(isSiteUrl("https://www.example.com/a", "www.example.com")).toBe(true);
    expect(isSiteUrl("https://example.com/a", "www.example.com")).toBe(false);
    expect(isSiteUrl("https://www.example.com:8443/a", "www.example.com")).toBe(false);
    expect(isSiteUrl("ftp://www.example.com/a", "www.example.com")).toBe(false);
  });

  it("filters a list to the origin, de-duplicates and reports what it dropped", () => {
    const result = filterSiteUrls(
      [
        "https://www.example.com/",
        "http://www.example.com/",
        "https://www.example.com/#top",
        "https://www.example.com/a?utm_campaign=x",
        "https://www.example.com/a",
        "https://evil.example.org/a",
        "javascript:void(0)",
        "https://www.example.com/b",
      ],
      "https://www.example.com",
    );
    expect(result.urls).toEqual(["https://www.example.com/", "https://www.example.com/a", "https://www.example.com/b"]);
    expect(result.offOrigin).toEqual(["https://evil.example.org/a"]);
    expect(result.invalid).toEqual(["javascript:void(0)"]);
    expect(result.duplicates).toBe(3);
  });

  it("stops at the limit", () => {
    const urls = Array.from({ length: 10 }, (_, i) => `https://x.example.com/${i}`);
    expect(filterSiteUrls(urls, "https://x.example.com", 4).urls).toHaveLength(4);
  });
});

describe("private address detection", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1",
    "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fd00::1", "fc12:3456::1", "::ffff:127.0.0.1",
    "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "ff02::1",
  ])("%s is not public", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(["93.184.216.34", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("%s is public", (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe("assertCrawlable", () => {
  const production = (resolver?: HostResolver) => ({ host: "www.example.com", egress: egressPolicy({ ENVIRONMENT: "production" }, resolver) });

  it("refuses other origins in every environment", async () => {
    await expect(assertCrawlable("https://evil.example.org/", { host: "www.example.com", egress: LOCAL_EGRESS })).rejects.toThrow(CrawlRefusedError);
    await expect(assertCrawlable("file:///etc/passwd", { host: "www.example.com", egress: LOCAL_EGRESS })).rejects.toThrow(/Only http and https/);
  });

  it("refuses loopback, private and link-local literals without the local setting", async () => {
    for (const host of ["127.0.0.1:8080", "10.0.0.5", "169.254.169.254", "[::1]:8080", "localhost:3000", "app.localhost", "2130706433"]) {
      const url = `http://${host}/`;
      const parsedHost = new URL(url).host;
      await expect(assertCrawlable(url, { host: parsedHost, egress: egressPolicy({ ENVIRONMENT: "production" }) })).rejects.toThrow(CrawlRefusedError);
    }
  });

  it("allows them with the local setting, where fixture sites run on loopback", async () => {
    await expect(assertCrawlable("http://127.0.0.1:8080/", { host: "127.0.0.1:8080", egress: LOCAL_EGRESS })).resolves.toBeInstanceOf(URL);
  });

  it("checks what a host name resolves to", async () => {
    const internal: HostResolver = async () => ["93.184.216.34", "10.0.0.7"];
    await expect(assertCrawlable("https://www.example.com/", production(internal))).rejects.toThrow(/resolves to 10\.0\.0\.7/);
    const nothing: HostResolver = async () => [];
    await expect(assertCrawlable("https://www.example.com/", production(nothing))).rejects.toThrow(/does not resolve/);
    const broken: HostResolver = async () => {
      throw new Error("SERVFAIL");
    };
    await expect(assertCrawlable("https://www.example.com/", production(broken))).rejects.toThrow(/Could not resolve/);
    const publicOnly: HostResolver = async () => ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"];
    await expect(assertCrawlable("https://www.example.com/a", production(publicOnly))).resolves.toBeInstanceOf(URL);
  });

  it("checks every redirect hop, so a redirect cannot leave the origin", async () => {
    const origin = inject("fixtureOrigin");
    const host = new URL(origin).host;
    const inside = await guardedFetch(`${origin}/special/redirect-in`, { host, egress: LOCAL_EGRESS });
    expect(inside.finalUrl).toBe(`${origin}/pages/page-1`);
    expect(inside.response.status).toBe(200);
    await inside.response.body?.cancel();
    await expect(guardedFetch(`${origin}/special/redirect-out`, { host, egress: LOCAL_EGRESS })).rejects.toThrow(/outside the site's origin/);
  });
});

describe("run state machine", () => {
  it("lets a running run process, finish, fail, be cancelled or get stuck", () => {
    for (const to of ["processing", "completed", "failed", "cancelled", "stuck"] as RunStatus[]) expect(canTransition("running", to)).toBe(true);
    expect(canTransition("processing", "running")).toBe(false);
    for (const to of ["completed", "failed", "cancelled", "stuck"] as RunStatus[]) expect(canTransition("processing", to)).toBe(true);
  });

  it("never changes a finished run again", () => {
    for (const from of ["completed", "failed", "cancelled", "stuck"] as RunStatus[]) {
      for (const to of RUN_STATUSES) {
        expect(canTransition(from, to)).toBe(false);
        expect(() => assertTransition(from, to)).toThrow(InvalidTransitionError);
      }
    }
  });

  it("calls a heartbeat older than the bound stale", () => {
    const now = 1_000_000_000;
    expect(isHeartbeatStale(now - RUN_LIMITS.heartbeatStaleMs, now)).toBe(false);
    expect(isHeartbeatStale(now - RUN_LIMITS.heartbeatStaleMs - 1, now)).toBe(true);
    // The bound leaves room for a slow page and for the watchdog to resume an evicted run.
    expect(RUN_LIMITS.heartbeatStaleMs).toBeGreaterThan(RUN_LIMITS.watchdogDelayMs + RUN_LIMITS.heartbeatIntervalMs);
  });

  it("backs off exponentially and bounds concurrency", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 4000]);
    expect(effectiveConcurrency(undefined)).toBe(RUN_LIMITS.defaultConcurrency);
    expect(effectiveConcurrency(0)).toBe(1);
    expect(effectiveConcurrency(99)).toBe(RUN_LIMITS.maxConcurrency);
    expect(effectiveConcurrency(3)).toBe(3);
  });

  it("summarises pages, components and minutes", () => {
    const s = summarise({ totalCount: 10, succeeded: 7, failed: 2, skipped: 1, componentCount: 33 }, 0, 90_000);
    expect(s).toEqual({ pages: 10, components: 33, durationMinutes: 1.5, succeeded: 7, failed: 2, skipped: 1, awaitingReview: 0 });
  });
});

describe("page deadline", () => {
  it("fails a page that hangs with a retryable timeout, and passes a quick one through", async () => {
    const hang = new Promise<string>(() => {});
    await expect(withDeadline(hang, 20)).rejects.toMatchObject({ name: "PageFailure", retryable: true, kind: "timeout" });
    await expect(withDeadline(Promise.resolve("ok"), 1000)).resolves.toBe("ok");
    const late = new Promise<string>((_, reject) => setTimeout(() => reject(new Error("late")), 30));
    await expect(withDeadline(late, 10)).rejects.toMatchObject({ kind: "timeout" });
    await new Promise((r) => setTimeout(r, 40)); // the late rejection is observed, not unhandled
  });

  it("names the step a page was stuck in when its deadline passed", async () => {
    let step = "loading";
    const hang = withDeadline(new Promise<string>(() => {}), 20, () => step);
    step = "taking the screenshot";
    await expect(hang).rejects.toMatchObject({ kind: "timeout", message: "Timed out: the page took longer than 0 s, stuck taking the screenshot" });
  });
});

describe("slow pages", () => {
  const steps = { navigation: 1_940, settle: 0, read: 3_100, screenshot: 5_120 };
  it("a page of SLOW_PAGE_MS or longer gets a log line of where its time went", () => {
    expect(SLOW_PAGE_MS).toBe(10_000);
    expect(slowPageNote({ tabMs: 20, loaded: { steps } }, 460, 10_600)).toBe(
      "Slow page: 10.6 s (waiting for a tab 0.0 s, loading 1.9 s, settling 0.0 s, reading 3.1 s, screenshot 5.1 s, extracting and storing 0.5 s)",
    );
  });
  it("a faster page gets none", () => {
    expect(slowPageNote({ tabMs: 20, loaded: { steps } }, 460, 9_999)).toBeNull();
  });
});

describe("a slice's heartbeat", () => {
  it("writes the heartbeat and moves the watchdog on every interval, until stopped; never for a halted run", async () => {
    vi.useFakeTimers();
    try {
      let halted = false;
      let beats = 0;
      const alarms: number[] = [];
      const heartbeat = sliceHeartbeat({ halted: () => halted, beat: async () => void beats++ }, async (at) => void alarms.push(at - Date.now()));
      vi.advanceTimersByTime(RUN_LIMITS.heartbeatIntervalMs * 3);
      expect(beats).toBe(3);
      expect(alarms).toEqual([RUN_LIMITS.watchdogDelayMs, RUN_LIMITS.watchdogDelayMs, RUN_LIMITS.watchdogDelayMs]);
      halted = true;
      vi.advanceTimersByTime(RUN_LIMITS.heartbeatIntervalMs);
      expect(beats).toBe(3);
      halted = false;
      heartbeat.stop();
      vi.advanceTimersByTime(RUN_LIMITS.heartbeatIntervalMs * 2);
      expect(beats).toBe(3);
      expect(alarms).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
