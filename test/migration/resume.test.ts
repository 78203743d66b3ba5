import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MigrationRun } from "../../workers/runs/migration-run";
import { runStub } from "../../workers/runs/stub";
import { call } from "../helpers";
import { fixtureHits, fixtureSite, killObject, origin, startRun, tag, waitForEnd } from "./helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("durability", () => {
  it("resumes from the checkpoint after the object is aborted mid-run: no page lost, none captured twice", async () => {
    const t = tag();
    // Slow pages, two at a time, so the abort lands while pages are in flight.
    const paths = Array.from({ length: 8 }, (_, i) => `/pages/page-${i + 1}?delay=800&t=${t}`);
    const site = await fixtureSite({ urlList: paths.map((p) => origin + p), concurrency: 2 });
    const { stream, migrationId } = await startRun(site);
    // A stub breaks when its object is aborted, so every call takes a fresh one.
    const stub = () => runStub(env, migrationId);

    await stream.until((m) => m.event.type === "progress" && m.event.progress.processedCount >= 3, 60_000);
    await stream.cancel();
    const before = await runInDurableObject(stub(), (run: MigrationRun) => ({
      pages: run.store.pages(),
      session: run.state.browserSessionId,
    }));
    const capturedBefore = before.pages.filter((p) => p.state === "captured").map((p) => p.url);
    expect(capturedBefore.length).toBeGreaterThanOrEqual(3);

    // The object dies: its in-memory state, browser connection and the alarm in progress are gone.
    await killObject(migrationId);
    const afterAbort = await runInDurableObject(stub(), (run: MigrationRun) => run.store.pageCounts());
    expect(afterAbort.captured).toBeGreaterThanOrEqual(capturedBefore.length);
    expect(afterAbort.captured).toBeLessThan(8);

    // The alarm left by the dead invocation resumes the run.
    for (let i = 0; i < 20; i++) {
      const status = (await stub().describe())!.status;
      if (status !== "running") break;
      await runDurableObjectAlarm(stub());
      await sleep(50);
    }
    const result = await waitForEnd(site, migrationId);
    expect(result).toMatchObject({ status: "completed", summary: { pages: 8, succeeded: 8, failed: 0, skipped: 0 } });

    // Exactly one snapshot per page.
    const snaps = await call("GET", `/snapshots?siteId=${site.siteId}&migrationId=${migrationId}&limit=50`, { token: site.token, org: site.org });
    expect(snaps.json.total).toBe(8);
    expect(new Set(snaps.json.snapshots.map((s: { url: string }) => s.url)).size).toBe(8);
    const rows = await env.DB.prepare("SELECT url, COUNT(*) AS n FROM snapshots WHERE migration_id = ? GROUP BY url").bind(migrationId).all<{ url: string; n: number }>();
    expect(rows.results.every((r) => r.n === 1)).toBe(true);

    // Pages captured before the abort were never loaded again; only pages in progress were. A tab claims
    // its next page while the last one's snapshot is still being written, so up to two per tab are in
    // progress. Any other page loaded again is one whose attempt failed, and says so.
    const hits = await fixtureHits();
    for (const url of capturedBefore) expect(hits[url.slice(origin.length)]).toBe(1);
    const loadedTwice = paths.filter((p) => hits[p] > 1);
    for (const p of paths) expect(hits[p]).toBeGreaterThanOrEqual(1);

    const logs = (await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as { message: string; url: string }[];
    const captured = logs.filter((l) => l.message.startsWith("Captured"));
    expect(captured).toHaveLength(8);
    const pathsLogged = (match: (message: string) => boolean) => [...new Set(logs.filter((l) => l.url && match(l.message)).map((l) => l.url.slice(origin.length)))];
    const interrupted = pathsLogged((m) => m === "Interrupted while in progress; capturing it again");
    const retried = pathsLogged((m) => /^Attempt \d+ of \d+ failed: /.test(m));
    expect(interrupted.length).toBe(afterAbort.in_progress);
    expect(interrupted.length).toBeLessThanOrEqual(2 * 2);
    const explained = new Set([...interrupted, ...retried]);
    expect(loadedTwice.filter((p) => !explained.has(p)), JSON.stringify(logs.map((l) => l.message))).toEqual([]);

    // The resumed run reconnected to the browser session the first invocation launched (kept alive).
    const sessionLogs = logs.map((l) => l.message).filter((m) => /browser session/i.test(m));
    expect(sessionLogs).toEqual([`Started browser session ${before.session}`, `Reconnected to browser session ${before.session}`]);
  }, 120_000);
});
