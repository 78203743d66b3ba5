import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { MigrationRun } from "../../workers/runs/migration-run";
import { RunStore } from "../../workers/runs/run-store";
import { runStub } from "../../workers/runs/stub";
import { call } from "../helpers";
import { fixtureHits, fixtureSite, killObject, origin, rawCall, startRun, tag, waitForEnd } from "./helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs checkpointed by a version that took the checkpoint before the snapshot row: a crash in between
 * left a page "captured" with no snapshot, and the run then failed it ("The snapshot of … is missing").
 * A resumed run now reconciles: the page is captured again, then mapped and written once.
 */
describe("a checkpoint that says captured without its snapshot", () => {
  it("is captured again on resume, and the page reaches the target exactly once", async () => {
    const t = tag();
    const paths = Array.from({ length: 3 }, (_, i) => `/pages/page-${i + 11}?delay=700&t=${t}`);
    const site = await fixtureSite({ urlList: paths.map((p) => origin + p), minConfidence: 0, concurrency: 1 }, { platform: "drupal" });
    const { stream, migrationId } = await startRun(site, { screenshots: false, concurrency: 1 });
    const stub = () => runStub(env, migrationId);

    // The first page is captured and written; the object dies with the run under way.
    await stream.until((m) => m.event.type === "progress" && (m.event.progress.stages?.written ?? 0) >= 1, 60_000).catch((e) => { throw new Error(`${e.message}: ${JSON.stringify(stream.messages.at(-1))}`); });
    await stream.cancel();
    await killObject(migrationId);

    // What the old ordering left after a crash: the checkpoint says captured and queued for writing,
    // and D1 has no snapshot of the page.
    const lost = await runInDurableObject(stub(), (run: MigrationRun) => {
      const page = run.store.pages().find((p) => p.state === "captured")!;
      // The old version never got to map or write such a page: its counters say captured only.
      if (page.writeState === "written") {
        run.state.written--;
        run.state.mapped = (run.state.mapped ?? 1) - 1;
        run.save();
      }
      run.store.setWriteState(page.idx, "pending");
      return page;
    });
    await env.DB.prepare("DELETE FROM snapshots WHERE id = ?").bind(lost.snapshotId).run();

    for (let i = 0; i < 40; i++) {
      const status = (await stub().describe())!.status;
      if (status !== "running" && status !== "processing") break;
      await runDurableObjectAlarm(stub());
      await sleep(50);
    }
    const result = await waitForEnd(site, migrationId);
    expect(result).toMatchObject({ status: "completed", summary: { pages: 3, succeeded: 3, failed: 0 } });

    // The page was loaded again, and has exactly one snapshot like every other page.
    const hits = await fixtureHits();
    expect(hits[lost.url.slice(origin.length)]).toBe(2);
    const rows = await env.DB.prepare("SELECT url, COUNT(*) AS n FROM snapshots WHERE migration_id = ? GROUP BY url").bind(migrationId).all<{ url: string; n: number }>();
    expect(rows.results).toHaveLength(3);
    expect(rows.results.every((r) => r.n === 1)).toBe(true);

    // The log says what happened, once.
    const logs = (await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as { level: string; message: string; url: string; migrationId: string }[];
    const mine = logs.filter((l) => l.migrationId === migrationId);
    expect(mine.filter((l) => l.message === `The snapshot of ${lost.url} is missing: capturing the page again`)).toHaveLength(1);
    expect(mine.filter((l) => l.level === "error")).toEqual([]);

    // In the target once: the export bundle holds each page one time.
    const zip = await rawCall("GET", `/migration/${migrationId}/export.zip`, site);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const manifest = JSON.parse(strFromU8(files["manifest.json"])) as { pages: string[] };
    const sources = manifest.pages.map((p) => (JSON.parse(strFromU8(files[p])) as { sourceUrl: string }).sourceUrl);
    expect(sources.sort()).toEqual(paths.map((p) => origin + p).sort());
  }, 120_000);

  it("is put back to capture only while the page has capture attempts left, and only from captured", async () => {
    await runInDurableObject(runStub(env, `reconcile-${crypto.randomUUID()}`), async (_run: MigrationRun, state) => {
      const store = new RunStore(state.storage.sql, state.storage);
      store.insertPages(["https://www.example.com/a", "https://www.example.com/b"]);
      const a = store.claimNext(Date.now())!;
      const b = store.claimNext(Date.now())!;
      expect(store.markCaptured(a.idx, "snap-a", false)).toBe(true);
      store.setWriteState(a.idx, "pending");
      // One attempt used of three: back to pending, its snapshot and queued write forgotten.
      expect(store.recapture(a.idx, "The snapshot of https://www.example.com/a is missing", 3)).toBe(true);
      const again = store.pages().find((p) => p.idx === a.idx)!;
      expect(again).toMatchObject({ state: "pending", snapshotId: null, writeState: null, attempts: 1 });
      // A page that is not captured (pending, in progress) is left alone.
      expect(store.recapture(a.idx, "x", 3)).toBe(false);
      // Out of attempts: refused, so the pipeline fails the page with the missing snapshot's message.
      store.markCaptured(b.idx, "snap-b", false);
      expect(store.recapture(b.idx, "x", 1)).toBe(false);
      expect(store.pages().find((p) => p.idx === b.idx)!.state).toBe("captured");
    });
  });
});
