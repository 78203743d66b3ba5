import { describe, expect, it } from "vitest";
import { RATE_WINDOW_MARGIN_MS, TargetHttpClient, TargetHttpError, TokenBucket, retryDelayFromHeaders } from "../../workers/targets/http-client";
import { strictEgress } from "../fixtures/egress";

describe("rate-aware HTTP client", () => {
  it("reads the wait from Retry-After (seconds or date) and the platforms' rate-limit headers", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryDelayFromHeaders(new Headers({ "Retry-After": "3" }), now)).toBe(3000);
    expect(retryDelayFromHeaders(new Headers({ "Retry-After": "Wed, 01 Jan 2025 00:00:05 GMT" }), now)).toBe(5000);
    expect(retryDelayFromHeaders(new Headers({ "X-Contentful-RateLimit-Reset": "2" }), now)).toBe(2000);
    expect(retryDelayFromHeaders(new Headers({ "RateLimit-Reset": "1" }), now)).toBe(1000);
    expect(retryDelayFromHeaders(new Headers({ "X-RateLimit-Reset": String(now / 1000 + 4) }), now)).toBe(4000);
    expect(retryDelayFromHeaders(new Headers(), now)).toBeNull();
  });

  it("spaces requests at the bucket's rate", async () => {
    const bucket = new TokenBucket(20, 1);
    const start = Date.now();
    for (let i = 0; i < 11; i++) await bucket.take();
    // 1 immediate + 10 at 50 ms each.
    expect(Date.now() - start).toBeGreaterThanOrEqual(450);
  });

  it("never lets more than the rate through in any one second plus the margin, burst included", async () => {
    const bucket = new TokenBucket(10, 5);
    const times: number[] = [];
    for (let i = 0; i < 25; i++) {
      await bucket.take();
      times.push(Date.now());
    }
    expect(RATE_WINDOW_MARGIN_MS).toBeGreaterThanOrEqual(200);
    const window = 1000 + RATE_WINDOW_MARGIN_MS;
    for (const t of times) expect(times.filter((u) => u >= t && u < t + window).length).toBeLessThanOrEqual(10);
    // A request that arrives up to the margin late still leaves every second of arrivals within the rate.
    const arrivals = times.map((t, i) => t + (i % 2 ? RATE_WINDOW_MARGIN_MS - 10 : 0)).sort((a, b) => a - b);
    for (const t of arrivals) expect(arrivals.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(10);
  });

  it("retries 5xx and network errors, gives up on 4xx, and recovers a create that landed", async () => {
    let calls = 0;
    const flaky = new TargetHttpClient({ key: `t-${crypto.randomUUID()}`, egress: strictEgress(), policy: null, baseDelayMs: 1, fetch: async () => {
      calls++;
      if (calls === 1) throw new TypeError("connection reset");
      if (calls === 2) return new Response("down", { status: 502 });
      return new Response("ok");
    } });
    expect(await (await flaky.request("https://x.test/")).text()).toBe("ok");
    expect(flaky.stats).toMatchObject({ networkErrors: 1, serverErrors: 1, requests: 3 });

    const strict = new TargetHttpClient({ key: `t-${crypto.randomUUID()}`, egress: strictEgress(), policy: null, fetch: async () => new Response('{"message":"bad"}', { status: 422 }) });
    await expect(strict.request("https://x.test/")).rejects.toBeInstanceOf(TargetHttpError);

    let creates = 0;
    const landed = new TargetHttpClient({ key: `t-${crypto.randomUUID()}`, egress: strictEgress(), policy: null, baseDelayMs: 1, fetch: async () => {
      creates++;
      return new Response("timeout at the gateway", { status: 504 });
    } });
    const res = await landed.request("https://x.test/items", { method: "POST", recover: async () => Response.json({ id: 7 }) });
    expect(await res.json()).toEqual({ id: 7 });
    expect(creates).toBe(1);
  });

  it("pauses for a 429 as long as the platform asks and then succeeds", async () => {
    let n = 0;
    const client = new TargetHttpClient({ key: `t-${crypto.randomUUID()}`, egress: strictEgress(), policy: { requestsPerSecond: 100 }, fetch: async () => (++n === 1 ? new Response("slow down", { status: 429, headers: { "Retry-After": "1" } }) : new Response("ok")) });
    const start = Date.now();
    await client.request("https://x.test/");
    expect(Date.now() - start).toBeGreaterThanOrEqual(950);
    expect(client.stats.rateLimited).toBe(1);
  });
});
