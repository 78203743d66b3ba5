import { createMessageBatch, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { snapshots } from "../../workers/db/schema-runs";
import { getDb } from "../../workers/db/client";
import { eq } from "drizzle-orm";
import type { LeaseMessage } from "../../workers/runs/leases";
import { MigrationRun } from "../../workers/runs/migration-run";
import { composePipeline } from "../../workers/compose";
import { consumeLeases } from "../../workers/runs/page-consumer";
import { runStub } from "../../workers/runs/stub";
import { call } from "../helpers";
import { fixtureSite, origin, startRun, tag, waitForEnd } from "./helpers";

/** A site that fans out: its concurrency (9) reaches the deployment's FANOUT_MIN_CONCURRENCY (wrangler.toml). */
const FAN_OUT_CONCURRENCY = 9;

async function logsOf(site: { token: string; org: string; siteId: string }) {
  return (await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as { level: string; message: string; url: string | null }[];
}

/** The run's snapshot rows, and the JSON objects its consumers left in R2. */
async function stored(migrationId: string) {
  const rows = await getDb(env.DB).select().from(snapshots).where(eq(snapshots.migrationId, migrationId));
  const listed = await env.BUCKET.list({ prefix: "runs/" });
  const objects = listed.objects.map((o) => o.key).filter((k) => k.includes(`/${migrationId}/`) && k.endsWith(".json"));
  return { rows, objects };
}

async function deliver(...messages: LeaseMessage[]): Promise<void> {
  const batch = createMessageBatch<LeaseMessage>(
    "migration-pages",
    messages.map((body, i) => ({ id: `${body.leaseId}-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  await consumeLeases(batch, env as never, composePipeline);
}

/**
 * Starts a fan-out run whose queue is played by the test: the object's messages wait in `sent` until
 * the test delivers them (or not). Resolves once `leases` leases were sent.
 */
async function startHeld(urls: string[], leases: number) {
  const site = await fixtureSite({ urlList: urls, concurrency: FAN_OUT_CONCURRENCY });
  const sent: LeaseMessage[] = [];
  vi.spyOn(MigrationRun.prototype, "sendLeases").mockImplementation(async (batch: LeaseMessage[]) => {
    sent.push(...batch);
  });
  const { stream, migrationId } = await startRun(site, { screenshots: false });
  await vi.waitFor(() => expect(sent.length).toBe(leases), { timeout: 30_000, interval: 100 });
  return { site, sent, stream, migrationId };
}

afterEach(() => vi.restoreAllMocks());

describe("a run fans out to the page queue", () => {
  it("leases its pages to queue consumers and captures every page once", async () => {
    const t = tag();
    const urls = Array.from({ length: 6 }, (_, i) => `${origin}/pages/page-${1 + i}?t=${t}`);
    const site = await fixtureSite({ urlList: urls, concurrency: FAN_OUT_CONCURRENCY });
    const { stream, migrationId } = await startRun(site, { screenshots: false });
    const final = await waitForEnd(site, migrationId, 120_000);
    await stream.cancel();
    expect(final).toMatchObject({ status: "completed", summary: { pages: 6, succeeded: 6, failed: 0 } });

    const logs = await logsOf(site);
    expect(logs.map((l) => l.message)).toContain("6 pages to capture on the page queue, in up to 9 leases of up to 1 pages at a time");
    const { rows, objects } = await stored(migrationId);
    expect(rows.map((r) => r.url).sort()).toEqual([...urls].sort());
    // Files of a consumer's delivery carry its id; the snapshot row points at the kept ones.
    expect(objects.sort()).toEqual(rows.map((r) => r.extractionKey).sort());
    expect(rows.every((r) => /-[0-9a-f]{8}\.json$/.test(r.extractionKey))).toBe(true);
  }, 120_000);

  it("gives every page exactly once when messages are lost, duplicated, or a consumer dies mid-batch", async () => {
    const t = tag();
    const urls = Array.from({ length: 12 }, (_, i) => `${origin}/pages/page-${7 + i}?t=${t}`);
    const { site, sent, stream, migrationId } = await startHeld(urls, 6);
    expect(sent.every((l) => l.pages.length === 2)).toBe(true);
    const [duplicated, lost, dying, ...rest] = sent.splice(0);

    // A duplicate delivery of one lease, at the same time as the first; one message lost; one consumer
    // that dies after its first page; the others delivered once.
    await Promise.all([deliver(duplicated), deliver(duplicated), deliver({ ...dying, pages: dying.pages.slice(0, 1) }), deliver(...rest)]);
    const run = runStub(env, migrationId);
    // The consumers that finished took over the lost message's lease: only the dead consumer's page is left.
    expect(await runInDurableObject(run, (r: MigrationRun) => r.store.pageCounts())).toMatchObject({ captured: 11, leased: 1 });

    // Time passes: the dead consumer's lease expires and its page is offered again.
    await runInDurableObject(run, (_r: MigrationRun, state) => {
      state.storage.sql.exec(`UPDATE pages SET lease_expires = 0 WHERE state = 'leased'`);
    });
    await vi.waitFor(() => expect(sent.length).toBe(1), { timeout: 30_000, interval: 100 });
    const reoffered = sent.splice(0);
    expect(reoffered[0].pages.map((p) => p.url)).toEqual([dying.pages[1].url]);
    // The lost message finally arrives too: its lease is done, so it does nothing.
    await Promise.all([deliver(...reoffered), deliver(lost)]);

    const final = await waitForEnd(site, migrationId, 60_000);
    await stream.cancel();
    expect(final).toMatchObject({ status: "completed", summary: { pages: 12, succeeded: 12, failed: 0 } });
    const { rows, objects } = await stored(migrationId);
    expect(rows.map((r) => r.url).sort()).toEqual([...urls].sort());
    expect(objects.sort()).toEqual(rows.map((r) => r.extractionKey).sort());
    const pages = await runInDurableObject(run, (r: MigrationRun) => r.store.pages());
    const attempts = Object.fromEntries(pages.map((p) => [p.url, p.attempts]));
    for (const p of lost.pages) expect(attempts[p.url]).toBe(1);
    expect(attempts[dying.pages[1].url]).toBe(2);
    const logs = await logsOf(site);
    expect(logs.filter((l) => l.message.startsWith("Captured"))).toHaveLength(12);
    expect(logs.filter((l) => l.message === "No report before its lease expired; offering the page again")).toHaveLength(1);
  }, 120_000);

  it("counts no attempt for a lease that waited in the queue until it expired", async () => {
    const t = tag();
    const urls = Array.from({ length: 3 }, (_, i) => `${origin}/pages/page-${19 + i}?t=${t}`);
    const { site, sent, stream, migrationId } = await startHeld(urls, 3);
    const run = runStub(env, migrationId);
    const waited = sent.splice(0);
    await runInDurableObject(run, (_r: MigrationRun, state) => {
      state.storage.sql.exec(`UPDATE pages SET lease_expires = 0 WHERE state = 'leased'`);
    });
    await vi.waitFor(() => expect(sent.length).toBe(3), { timeout: 30_000, interval: 100 });
    const pages = await runInDurableObject(run, (r: MigrationRun) => r.store.pages());
    expect(pages.map((p) => p.attempts)).toEqual([0, 0, 0]);
    // The late messages find their leases gone; the new ones are worked, one attempt each.
    await Promise.all([deliver(...waited), deliver(...sent.splice(0))]);
    const final = await waitForEnd(site, migrationId, 60_000);
    await stream.cancel();
    expect(final).toMatchObject({ status: "completed", summary: { pages: 3, succeeded: 3, failed: 0 } });
    expect((await runInDurableObject(run, (r: MigrationRun) => r.store.pages())).map((p) => p.attempts)).toEqual([1, 1, 1]);
    const logs = await logsOf(site);
    expect(logs.filter((l) => l.message === "No consumer took its lease from the queue in time; offering the page again")).toHaveLength(3);
  }, 60_000);

  it("refuses every report after cancel: leased pages are skipped and their consumers stop", async () => {
    const t = tag();
    const urls = Array.from({ length: 4 }, (_, i) => `${origin}/pages/page-${19 + i}?t=${t}`);
    const { site, sent, stream, migrationId } = await startHeld(urls, 4);
    const cancelled = await call("POST", `/migration/cancel/${migrationId}`, { token: site.token, org: site.org });
    expect(cancelled.status).toBe(200);
    await deliver(...sent);
    await stream.cancel();
    const run = runStub(env, migrationId);
    expect(await runInDurableObject(run, (r: MigrationRun) => r.store.pageCounts())).toMatchObject({ skipped: 4, captured: 0, leased: 0 });
    const { rows, objects } = await stored(migrationId);
    expect(rows).toHaveLength(0);
    expect(objects).toHaveLength(0);
  }, 60_000);
});
