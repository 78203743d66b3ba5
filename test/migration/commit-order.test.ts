import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb, type Db } from "../../workers/db/client";
import { commitCapture, type CapturedPage } from "../../workers/runs/capture";
import type { MigrationRun } from "../../workers/runs/migration-run";
import type { RunHost } from "../../workers/runs/run-host";
import { newRun } from "../../workers/runs/run-init";
import { RunStore } from "../../workers/runs/run-store";
import { runStub } from "../../workers/runs/stub";
import { fixtureSite, type TestSite } from "./helpers";

const captured: CapturedPage = {
  snapshotId: crypto.randomUUID(),
  extractionKey: "runs/o/s/m/s1.json",
  screenshotKey: null,
  finalUrl: "https://www.example.com/a",
  httpStatus: 200,
  title: "A",
  contentHash: "h",
  componentCount: 2,
  imageCount: 0,
  linkCount: 0,
  durationMs: 10,
  logs: [{ level: "info", message: 'Captured "A" (2 components)', url: "https://www.example.com/a" }],
};

/** A run host over a fresh object's storage for a run of `site`, whose D1 fails when `failD1` says so. */
function host(storage: DurableObjectStorage, site: TestSite, migrationId: string, failD1: () => boolean): RunHost {
  const real = getDb(env.DB);
  const db = Object.create(real) as Db;
  db.batch = ((statements: Parameters<Db["batch"]>[0]) => {
    if (failD1()) return Promise.reject(new Error("D1 went away"));
    return real.batch(statements);
  }) as unknown as Db["batch"];
  const { config, state } = newRun(
    {
      migrationId,
      organizationId: site.org,
      siteId: site.siteId,
      actor: { userId: null } as never,
      site: { organizationId: site.org, siteId: site.siteId, domain: "www.example.com", platform: null, components: {}, templates: {}, settings: {} },
      options: { overrideWhitelist: null, keepYamlFile: false, preferRagRuns: false, ragOnly: false, screenshots: false, skipUnchanged: false, concurrency: 1 },
      environment: "development",
    },
    Date.now(),
  );
  state.pipeline = "none";
  const store = new RunStore(storage.sql, storage);
  return {
    store,
    config,
    state,
    db,
    save: () => store.saveState(state),
    halted: () => false,
    commit: async (work: () => Promise<void>) => (await work(), true),
    emitProgress: () => {},
    wakeProcessing: () => {},
  } as unknown as RunHost;
}

describe("the checkpoint of a captured page", () => {
  it("is never taken without the page's snapshot: a failure in between leaves the page to capture again", async () => {
    const site = await fixtureSite();
    const migrationId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO migration_runs (id, organization_id, site_id, status, options, progress, heartbeat_at) VALUES (?, ?, ?, 'running', '{}', '{}', ?)",
    )
      .bind(migrationId, site.org, site.siteId, Date.now())
      .run();
    const stub = runStub(env, `commit-order-${migrationId}`);
    await runInDurableObject(stub, async (_run: MigrationRun, state) => {
      let failing = true;
      const run = host(state.storage, site, migrationId, () => failing);
      run.store.insertPages([captured.finalUrl]);
      const page = run.store.claimNext(Date.now())!;
      await expect(commitCapture(run, page, captured)).rejects.toThrow("D1 went away");
      // The snapshot could not be written, so the page is not checkpointed: it is still in progress.
      expect(run.store.pageCounts()).toMatchObject({ in_progress: 1, captured: 0 });
      expect(run.state.captured).toBe(0);

      // Captured again after a resume: the same snapshot row, counted once.
      failing = false;
      run.store.recoverInterrupted(3);
      const again = run.store.claimNext(Date.now())!;
      expect(await commitCapture(run, again, captured)).toBe(true);
      expect(run.store.pageCounts()).toMatchObject({ captured: 1, in_progress: 0 });
      expect(run.state.captured).toBe(1);
      const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM snapshots WHERE migration_id = ?").bind(migrationId).first<{ n: number }>();
      expect(row?.n).toBe(1);
      // A second commit of a page already captured counts nothing.
      expect(await commitCapture(run, again, captured)).toBe(false);
      expect(run.state.captured).toBe(1);
    });
  });
});
