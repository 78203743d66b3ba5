import { describe, expect, it } from "vitest";
import { MIGRATION_MESSAGES, type RunEvent } from "../../workers/contracts/run-events";
import { call } from "../helpers";
import { fixtureHits, fixtureSite, origin, rawCall, startRun, tag, usePipeline } from "./helpers";

type Progress = Extract<RunEvent, { type: "progress" }>;

describe("a migration run in the real local browser", () => {
  it("renders the fixture pages, stores screenshots and snapshots, handles failing pages, then maps the snapshots", async () => {
    const t = tag();
    const good = [`${origin}/?t=${t}`, `${origin}/pages/page-1?t=${t}`, `${origin}/pages/page-4?t=${t}`, `${origin}/special/redirect-in?t=${t}`];
    const bad = {
      flaky: `${origin}/special/flaky/${t}?fail=1`,
      missing: `${origin}/special/missing?t=${t}`,
      error: `${origin}/special/error?t=${t}`,
      pdf: `${origin}/special/file.pdf?t=${t}`,
      redirectOut: `${origin}/special/redirect-out?t=${t}`,
    };
    const site = await fixtureSite({ urlList: [...good, ...Object.values(bad)], concurrency: 3 });
    const auth = { token: site.token, org: site.org };
    const { stream, migrationId } = await startRun(site);
    const messages = await stream.rest(120_000);
    const events = messages.map((m) => m.event);

    // Events: progress while running (capture, with mapping streaming beside it), then while the last
    // pages are mapped (processing), then complete.
    const progress = events.filter((e): e is Progress => e.type === "progress");
    expect(progress.length).toBeGreaterThanOrEqual(10);
    // Every event carries the server's time, in order.
    const times = events.map((e) => e.at ?? 0);
    expect(times.every((t) => t > 0)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(progress.every((e) => e.migrationId === migrationId)).toBe(true);
    const statuses = progress.map((e) => e.status);
    const cut = statuses.includes("processing") ? statuses.indexOf("processing") : statuses.length;
    expect(statuses.slice(0, cut).every((s) => s === "running")).toBe(true);
    expect(statuses.slice(cut).every((s) => s === "processing")).toBe(true);
    const counts = progress.map((e) => e.progress.processedCount);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // Streaming: pages are mapped while others are still being captured.
    expect(progress.some((e) => e.status === "running" && (e.progress.stages?.mapped ?? 0) > 0)).toBe(true);
    // Every captured page is mapped, none waits for review or fails there; every stage is counted.
    expect(progress.at(-1)!.progress).toMatchObject({ processedCount: 9, totalCount: 9, awaitingReview: 0, stages: { captured: 5, mapped: 5, written: 0, failed: 3 } });
    const complete = events.at(-1)!;
    expect(complete).toEqual({
      at: expect.any(Number),
      type: "complete",
      migrationId,
      status: "completed",
      message: MIGRATION_MESSAGES.completed,
      result: { success: true, migrationId, status: "completed", summary: expect.objectContaining({ pages: 9, succeeded: 5, failed: 3, skipped: 1, awaitingReview: 0 }) },
    });
    // Every message with an id can be replayed; ids only grow.
    const ids = messages.map((m) => m.id).filter((id): id is number => id !== null);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // Screenshots in the progress events, served from R2 as JPEG.
    const shots = progress.flatMap((e) => e.progress.screenshots);
    expect(shots.map((s) => s.url).sort()).toEqual([...good, bad.flaky].sort());
    const image = await rawCall("GET", shots[0].screenshot.replace("/api/v1", ""), auth);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect(bytes.length).toBeGreaterThan(5000);

    // Snapshots: one per captured page, with the extraction in R2.
    const list = await call("GET", `/snapshots?siteId=${site.siteId}&migrationId=${migrationId}`, auth);
    expect(list.json.total).toBe(5);
    const redirected = list.json.snapshots.find((s: { url: string }) => s.url === good[3]);
    expect(redirected).toMatchObject({ finalUrl: `${origin}/pages/page-1`, httpStatus: 200, screenshotUrl: expect.stringMatching(/^\/api\/v1\/migration\/screenshot\//) });
    const home = list.json.snapshots.find((s: { url: string }) => s.url === good[0]);
    const detail = await call("GET", `/snapshots/${home.id}`, auth);
    expect(detail.json.snapshot).toMatchObject({ id: home.id, title: "Welcome to Fixture Corp | Fixture Corp", componentCount: home.componentCount });
    const extraction = detail.json.extraction;
    // The page's own script ran: this is a rendered DOM, not the raw HTML.
    expect(extraction.mainText).toContain("Rendered in the browser");
    expect(extraction.components[0]).toMatchObject({ definition: "hero", classes: ["hero"] });
    expect(extraction.images.find((i: { src: string }) => i.src === `${origin}/images/hero-0.svg`)).toMatchObject({ width: 1200, height: 400 });
    expect(home.componentCount).toBe(extraction.components.length);

    // Failures are logged per URL with the reason and retried a bounded number of times.
    const logs = (await call("GET", `/migration/logs/${site.siteId}`, auth)).json.logs as { level: string; message: string; url: string | null }[];
    const about = (url: string) => logs.filter((l) => l.url === url).map((l) => `${l.level}: ${l.message}`);
    expect(about(bad.flaky)[0]).toBe("warn: Attempt 1 of 3 failed: HTTP 503. Retrying in 1 s");
    expect(about(bad.flaky).slice(-2)).toEqual([expect.stringMatching(/^info: Captured/), "info: Mapped"]);
    expect(about(bad.missing)).toEqual(["error: Failed: HTTP 404"]);
    expect(about(bad.error)).toEqual([
      "warn: Attempt 1 of 3 failed: HTTP 500. Retrying in 1 s",
      "warn: Attempt 2 of 3 failed: HTTP 500. Retrying in 2 s",
      "error: Failed after 3 attempts: HTTP 500",
    ]);
    expect(about(bad.pdf)).toEqual(["info: Skipped: Not an HTML page (application/pdf)"]);
    // Chromium may upgrade the off-site redirect to https before refusing it.
    expect(about(bad.redirectOut)).toEqual([expect.stringMatching(/^error: Failed: Redirected outside the site's origin to https?:\/\/elsewhere\.example\.org\/landing$/)]);
    // The site's Magnolia connection has no author URL: pages are mapped, not written, and the log says why.
    expect(logs).toContainEqual(expect.objectContaining({ level: "warn", message: MIGRATION_MESSAGES.stoppedNotConfigured }));
    expect(MIGRATION_MESSAGES.stoppedNotConfigured.startsWith("Platform connection not configured")).toBe(true);
    expect(logs.filter((l) => l.message === "Mapped").map((l) => l.url).sort()).toEqual([...good, bad.flaky].sort());
    const mapped = await call("GET", `/sites/${site.siteId}/mapping/snapshots`, auth);
    expect(mapped.json.snapshots.filter((s: { runId: string }) => s.runId === migrationId)).toHaveLength(5);

    const hits = await fixtureHits();
    expect(hits[`/special/error?t=${t}`]).toBe(3);
    expect(hits[`/special/missing?t=${t}`]).toBe(1);
    // A good page is fetched once, plus once per retry its log admits (a slow machine can time one out).
    const retriesOfHome = about(good[0]).filter((line) => line.startsWith("warn: Attempt")).length;
    expect(hits[`/?t=${t}`]).toBe(1 + retriesOfHome);
    expect(about(good[0]).slice(-2)).toEqual([expect.stringMatching(/^info: Captured/), "info: Mapped"]);
    // Third-party requests never left the browser; the site's own assets loaded.
    expect(hits["/assets/site.js"]).toBeGreaterThan(0);

    const result = await call("GET", `/migration/result/${migrationId}`, auth);
    expect(result.json).toEqual({ success: true, migrationId, status: "completed", summary: expect.objectContaining({ pages: 9, components: expect.any(Number), succeeded: 5, failed: 3, skipped: 1, awaitingReview: 0 }) });
    expect(result.json.summary.components).toBeGreaterThan(10);
    const active = await call("GET", `/migration/active/${site.siteId}`, auth);
    expect(active.json).toMatchObject({ migrationId, status: "completed", progress: { phase: "finished", processedCount: 9, totalCount: 9, succeeded: 5 } });
  }, 150_000);

  it("without a pipeline, stops after the snapshots and says so", async () => {
    const urls = [`${origin}/pages/page-7?t=${tag()}`, `${origin}/pages/page-8?t=${tag()}`];
    const site = await fixtureSite({ urlList: urls });
    // This site's runs have no pipeline: nothing maps their snapshots.
    const restore = usePipeline(site.siteId, () => null);
    try {
      const { stream, migrationId } = await startRun(site, { screenshots: false });
      const events = (await stream.rest()).map((m) => m.event);
      expect(events.filter((e) => e.type === "progress").every((e) => e.status === "running")).toBe(true);
      expect(events.at(-1)).toMatchObject({ type: "complete", result: { summary: { pages: 2, succeeded: 2, failed: 0, skipped: 0, awaitingReview: 0 } } });
      const logs = (await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as { message: string }[];
      expect(logs.map((l) => l.message)).toContain(MIGRATION_MESSAGES.stoppedAfterSnapshots);
      const mapped = await call("GET", `/sites/${site.siteId}/mapping/snapshots`, { token: site.token, org: site.org });
      expect(mapped.json.snapshots.filter((s: { runId: string }) => s.runId === migrationId)).toHaveLength(0);
    } finally {
      restore();
    }
  }, 60_000);

  it("skips pages unchanged since the site's last snapshot, unless told not to", async () => {
    const t = tag();
    const urls = [`${origin}/pages/page-5?t=${t}`, `${origin}/pages/page-6?t=${t}`];
    const site = await fixtureSite({ urlList: urls });
    const first = await startRun(site, { screenshots: false });
    expect((await first.stream.rest()).at(-1)!.event).toMatchObject({ type: "complete", result: { summary: { succeeded: 2, skipped: 0 } } });
    const second = await startRun(site);
    expect((await second.stream.rest()).at(-1)!.event).toMatchObject({ type: "complete", result: { summary: { succeeded: 0, skipped: 2, failed: 0 } } });
    const third = await startRun(site, { skipUnchanged: false, screenshots: false });
    expect((await third.stream.rest()).at(-1)!.event).toMatchObject({ type: "complete", result: { summary: { succeeded: 2, skipped: 0 } } });
    const list = await call("GET", `/snapshots?siteId=${site.siteId}&migrationId=${first.migrationId}`, { token: site.token, org: site.org });
    expect(list.json.snapshots.every((s: { screenshotUrl: string | null }) => s.screenshotUrl === null)).toBe(true);
  }, 120_000);
});
