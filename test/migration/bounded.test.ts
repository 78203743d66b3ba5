import { describe, expect, it } from "vitest";
import { call } from "../helpers";
import { fixtureSite, origin, startRun, tag } from "./helpers";

type Log = { level: string; message: string; url: string | null; timestamp: string };

describe("bounded navigation in a run", () => {
  it("captures a page that never fires load within its budget, and a retry does not hold the other pages", async () => {
    const t = tag();
    const stuck = `${origin}/special/never-loads?t=${t}`;
    const flaky = `${origin}/special/flaky/${t}?fail=1`;
    const others = [2, 3, 5, 6, 7].map((n) => `${origin}/pages/page-${n}?t=${t}`);
    const site = await fixtureSite({ urlList: [flaky, stuck, ...others], concurrency: 1, crawl: { navigationTimeoutMs: 3_000, settleMs: 1_000 } });
    const { stream } = await startRun(site, { screenshots: false });
    const last = (await stream.rest(120_000)).at(-1)!.event;
    expect(last).toMatchObject({ type: "complete", result: { summary: { pages: 7, failed: 0 } } });

    const logs = ((await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as Log[]).slice().sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    expect(logs).toContainEqual(expect.objectContaining({ level: "info", url: stuck, message: "Captured before the page finished loading: DOMContentLoaded did not come within 3 s" }));
    expect(logs.some((l) => l.url === stuck && l.message.startsWith('Captured "Never loads'))).toBe(true);
    // The failed first attempt goes back to the queue; with one tab, the next pages are captured
    // while it waits for its backoff.
    const order = logs.filter((l) => l.message.startsWith("Captured \"") || l.message.startsWith("Attempt")).map((l) => `${l.url === flaky ? "flaky" : "other"}:${l.message.split(" ")[0]}`);
    const retry = order.indexOf("flaky:Attempt");
    const captured = order.indexOf("flaky:Captured");
    expect(retry).toBeGreaterThanOrEqual(0);
    expect(captured).toBeGreaterThan(retry + 1);
    expect(order.slice(retry + 1, captured).every((o) => o === "other:Captured")).toBe(true);
  }, 150_000);

  it("rejects crawl settings that are not host names or are out of range, in the API's error shape", async () => {
    const site = await fixtureSite();
    const bad = await call("PUT", `/site-config/${site.siteId}`, { token: site.token, org: site.org, body: { settings: { crawl: { blockHosts: ["http://x.example/path"], settleMs: 99_999 } } } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBeTruthy();
    expect(JSON.stringify(bad.json.details)).toMatch(/host name/);
    const good = await call("PUT", `/site-config/${site.siteId}`, { token: site.token, org: site.org, body: { settings: { crawl: { blockHosts: ["*.ads.example"], allowHosts: ["cdn.example.com"], settleMs: 500 } } } });
    expect(good.status).toBe(200);
    expect(good.json.settings.crawl).toEqual({ blockHosts: ["*.ads.example"], allowHosts: ["cdn.example.com"], settleMs: 500 });
  });
});
