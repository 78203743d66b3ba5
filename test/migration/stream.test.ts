import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { emptyProgress, MIGRATION_MESSAGES, type RunEvent, type ScreenshotRef } from "../../workers/contracts/run-events";
import type { MigrationRun } from "../../workers/runs/migration-run";
import { RUN_LIMITS } from "../../workers/runs/run-state";
import { EventHub, mergeScreenshots, SSE_MAX_BACKLOG } from "../../workers/runs/sse";
import { runStub } from "../../workers/runs/stub";
import { call } from "../helpers";
import { EventReader, fixtureSite, killObject, origin, rawCall, startRun, tag, waitForEnd, type StreamMessage } from "./helpers";

const shot = (n: number): ScreenshotRef => ({ url: `https://x.test/${n}`, screenshot: `/api/v1/migration/screenshot/s${n}`, snapshotId: `s${n}` });
const progressEvent = (n: number): RunEvent => ({
  type: "progress",
  migrationId: "m1",
  status: "running",
  progress: { ...emptyProgress("capturing"), processedCount: n, totalCount: 1_000, screenshots: [shot(n)] },
  at: n,
});

/**
 * The messages a hub client receives, one text per message (a read may carry several, or part of one),
 * parsed; reads until `until` holds or the stream ends.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, until: (texts: string[]) => boolean): Promise<{ texts: string[]; messages: StreamMessage[] }> {
  const decoder = new TextDecoder();
  const texts: string[] = [];
  let buffer = "";
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      texts.push(buffer.slice(0, cut + 2));
      buffer = buffer.slice(cut + 2);
    }
    if (!buffer && until(texts)) break;
  }
  const messages = texts
    .filter((t) => t.includes("data: "))
    .map((t) => ({ id: /^id: (\d+)$/m.exec(t) ? Number(/^id: (\d+)$/m.exec(t)![1]) : null, event: JSON.parse(/^data: (.*)$/m.exec(t)![1]) as RunEvent }));
  return { texts, messages };
}

describe("event hub", () => {
  it("never waits for a client and never cuts one off: a client that is behind gets the latest progress, coalesced", async () => {
    const hub = new EventHub();
    const slow = hub.connect();
    const fast = hub.connect();
    const fastReader = fast.body.getReader();
    const total = SSE_MAX_BACKLOG + 50;
    for (let n = 1; n <= total; n++) {
      hub.broadcast(progressEvent(n), n);
      // The fast client reads along and receives every event.
      const { messages } = await drain(fastReader, (t) => t.some((x) => x.includes("data: ")));
      expect(messages.map((m) => m.id)).toEqual([n]);
    }
    expect(hub.size).toBe(2);

    // The slow client read nothing: its queue holds the retry line and the events up to the bound, then
    // one progress event with the latest id and state, and the screenshots of the events it replaces.
    const slowReader = slow.body.getReader();
    const queued = SSE_MAX_BACKLOG - 1;
    const first = await drain(slowReader, (t) => t.length === SSE_MAX_BACKLOG + 1);
    expect(first.texts[0]).toBe("retry: 3000\n\n");
    expect(first.messages.slice(0, queued).map((m) => m.id)).toEqual(Array.from({ length: queued }, (_, i) => i + 1));
    const coalesced = first.messages[queued];
    expect(coalesced.id).toBe(total);
    expect(coalesced.event).toEqual({ ...progressEvent(total), progress: { ...(progressEvent(total) as { progress: object }).progress, screenshots: Array.from({ length: RUN_LIMITS.recentScreenshots }, (_, i) => shot(total - RUN_LIMITS.recentScreenshots + 1 + i)) } });

    // Having caught up, it receives the next events one by one again.
    hub.broadcast(progressEvent(total + 1), total + 1);
    expect((await drain(slowReader, () => true)).messages.map((m) => m.id)).toEqual([total + 1]);
    expect((await drain(fastReader, () => true)).messages.map((m) => m.id)).toEqual([total + 1]);
    hub.closeAll();
    expect(hub.size).toBe(0);
    expect((await slowReader.read()).done).toBe(true);
    expect((await fastReader.read()).done).toBe(true);
  });

  it("never loses a terminal event behind held progress, and drops only a client that went away", async () => {
    const hub = new EventHub();
    const stalled = hub.connect();
    const gone = hub.connect();
    for (let n = 1; n <= SSE_MAX_BACKLOG + 10; n++) hub.broadcast(progressEvent(n), n);
    await gone.body.cancel();
    // The hub learns from the pipe that its reader went away, and forgets that client only.
    await vi.waitFor(() => expect(hub.size).toBe(1));
    const cancelled: RunEvent = { type: "cancelled", migrationId: "m1", status: "cancelled", message: MIGRATION_MESSAGES.cancelled, progress: emptyProgress("finished"), at: 1 };
    hub.broadcast(cancelled, SSE_MAX_BACKLOG + 11);
    hub.closeAll();
    const { messages } = await drain(stalled.body.getReader(), () => false);
    expect(messages.slice(-3).map((m) => [m.id, m.event.type])).toEqual([
      [SSE_MAX_BACKLOG - 1, "progress"],
      [SSE_MAX_BACKLOG + 10, "progress"],
      [SSE_MAX_BACKLOG + 11, "cancelled"],
    ]);
  });

  it("merges screenshots by snapshot, most recent last, bounded", () => {
    expect(mergeScreenshots([shot(1), shot(2)], [shot(2), shot(3)]).map((s) => s.snapshotId)).toEqual(["s1", "s2", "s3"]);
    const many = Array.from({ length: 40 }, (_, i) => shot(i));
    expect(mergeScreenshots(many.slice(0, 30), many.slice(20)).map((s) => s.snapshotId)).toEqual(many.slice(-RUN_LIMITS.recentScreenshots).map((s) => s.snapshotId));
  });
});

describe("event stream", () => {
  it("replays the events after Last-Event-ID, then ends with the run; many clients follow one run", async () => {
    const t = tag();
    const urls = Array.from({ length: 5 }, (_, i) => `${origin}/pages/page-${i + 10}?delay=300&t=${t}`);
    const site = await fixtureSite({ urlList: urls, concurrency: 2 });
    const { stream, migrationId } = await startRun(site);
    // More clients join: one reads along, one never reads at all (a slow client).
    const follower = new EventReader(await rawCall("GET", `/migration/stream/${migrationId}`, site));
    const idle = await rawCall("GET", `/migration/stream/${migrationId}`, site);
    expect(idle.headers.get("content-type")).toContain("text/event-stream");

    const all = await stream.rest(90_000);
    const followed = await follower.rest(30_000);
    expect(all.at(-1)!.event.type).toBe("complete");
    expect(followed.at(-1)!.event).toEqual(all.at(-1)!.event);
    await idle.body?.cancel();

    const withIds = all.filter((m) => m.id !== null);
    expect(withIds.length).toBe(all.length);
    const cut = withIds[2].id!;

    const resumed = new EventReader(await rawCall("GET", `/migration/stream/${migrationId}`, site, { headers: { "Last-Event-ID": String(cut) } }));
    const replay = await resumed.rest(10_000);
    expect(replay[0].id).toBeNull();
    expect(replay[0].event).toMatchObject({ type: "reconnected", migrationId, status: "completed", lastEventId: cut, progress: { processedCount: 5, totalCount: 5 } });
    // A live reader that fell behind may have skipped progress ids (coalesced); the replay has every one.
    const lastId = withIds.at(-1)!.id!;
    expect(replay.slice(1).map((m) => m.id)).toEqual(Array.from({ length: lastId - cut }, (_, i) => cut + 1 + i));
    const replayed = new Map(replay.map((m) => [m.id, m.event]));
    for (const m of withIds.filter((m) => m.id! > cut && m.event.type !== "progress")) expect(replayed.get(m.id)).toEqual(m.event);
    expect(replay.at(-1)!.event).toEqual(all.at(-1)!.event);

    // The query form is for clients that cannot set headers (EventSource's first connect).
    const byQuery = await new EventReader(await rawCall("GET", `/migration/stream/${migrationId}?lastEventId=${withIds.at(-2)!.id}`, site)).rest(10_000);
    expect(byQuery.map((m) => m.event.type)).toEqual(["reconnected", "complete"]);

    // Without Last-Event-ID a finished run answers with its final event only.
    const fresh = await new EventReader(await rawCall("GET", `/migration/stream/${migrationId}`, site)).rest(10_000);
    expect(fresh).toEqual([{ id: withIds.at(-1)!.id, event: all.at(-1)!.event }]);

    // Other organizations cannot follow it.
    const other = await fixtureSite();
    const denied = await rawCall("GET", `/migration/stream/${migrationId}`, other);
    expect(denied.status).toBe(404);
  }, 120_000);

  it("a slow follower gets the coalesced state: it stays connected and receives the latest progress, then the rest", async () => {
    const t = tag();
    const site = await fixtureSite({ urlList: [`${origin}/special/slow?ms=20000&t=${t}`], concurrency: 1 });
    const { stream, migrationId } = await startRun(site);
    await stream.until((m) => m.event.type === "progress" && m.event.progress.totalCount === 1, 30_000);
    await stream.cancel();
    const slow = await rawCall("GET", `/migration/stream/${migrationId}`, site);
    expect(slow.status).toBe(200);

    // The run emits far more than the backlog bound while the follower reads nothing; large events
    // (a full set of screenshots each) fill every buffer between the run and the follower.
    const emitted = 2_000;
    const shots = (n: number) => Array.from({ length: RUN_LIMITS.recentScreenshots }, (_, i) => ({ url: `${origin}/pages/${n}-${i}-${"x".repeat(200)}`, screenshot: `/s/${n}-${i}`, snapshotId: `${n}-${i}` }));
    // The run's state is read in the same step as the last event: the run goes on capturing meanwhile.
    const { lastId, current } = await runInDurableObject(runStub(env, migrationId), async (run: MigrationRun) => {
      for (let n = 0; n < emitted; n++) run.emitProgress(shots(n));
      return { lastId: run.store.events.range().last, current: (await run.describe())! };
    });

    const follower = new EventReader(slow);
    const caughtUp = await follower.until((m) => m.id === lastId, 30_000);
    expect(follower.done).toBe(false);
    expect(follower.messages.length).toBeLessThan(emitted);
    expect(caughtUp.event.type).toBe("progress");
    const latest = caughtUp.event as Extract<RunEvent, { type: "progress" }>;
    expect({ ...latest.progress, screenshots: [] }).toEqual({ ...current.progress, screenshots: [] });
    // The coalesced event carries the most recent screenshots of the events it replaced.
    expect(latest.progress.screenshots).toEqual(shots(emitted - 1));

    // Later events arrive one by one, and the terminal event ends the stream.
    await runInDurableObject(runStub(env, migrationId), (run: MigrationRun) => run.emitProgress());
    expect((await follower.next(10_000))!.id).toBe(lastId + 1);
    expect((await call("POST", `/migration/cancel/${migrationId}`, { token: site.token, org: site.org })).status).toBe(200);
    const rest = await follower.rest(30_000);
    expect(rest.at(-1)!.event).toMatchObject({ type: "cancelled", migrationId });
    expect(follower.done).toBe(true);
  }, 120_000);

  it("declares a run whose job was lost stuck, in the active call and the stream, and frees the site", async () => {
    const t = tag();
    const site = await fixtureSite({ urlList: [`${origin}/special/slow?ms=15000&t=${t}`, `${origin}/pages/page-2?t=${t}`], concurrency: 1 });
    const auth = { token: site.token, org: site.org };
    const { stream, migrationId } = await startRun(site);
    await stream.until((m) => m.event.type === "progress" && m.event.progress.totalCount === 2, 30_000);
    await stream.cancel();

    // The job is lost: the object dies mid-page, its alarm is gone and its heartbeat stops.
    await killObject(migrationId);
    const staleAt = Date.now() - RUN_LIMITS.heartbeatStaleMs - 60_000;
    await runInDurableObject(runStub(env, migrationId), async (run: MigrationRun, state) => {
      await state.storage.deleteAlarm();
      run.state.heartbeatAt = staleAt;
      run.save();
    });
    await env.DB.prepare("UPDATE migration_runs SET heartbeat_at = ? WHERE id = ?").bind(staleAt, migrationId).run();

    const active = await call("GET", `/migration/active/${site.siteId}`, auth);
    expect(active.status).toBe(200);
    expect(active.json).toMatchObject({ migrationId, status: "stuck", message: "Migration appears to be stuck. You may need to start a new migration." });

    const events = await new EventReader(await rawCall("GET", `/migration/stream/${migrationId}`, site)).rest(10_000);
    expect(events.at(-1)!.event).toMatchObject({ type: "error", migrationId, status: "stuck", error: MIGRATION_MESSAGES.stuck });
    expect((await waitForEnd(site, migrationId)).status).toBe("stuck");
    const logs = (await call("GET", `/migration/logs/${site.siteId}`, auth)).json.logs as { level: string; message: string }[];
    expect(logs.at(-1)).toMatchObject({ level: "error", message: expect.stringContaining(MIGRATION_MESSAGES.stuck) });

    // A stuck run no longer holds the site.
    const next = await startRun(site, { overrideWhitelist: [`${origin}/pages/page-3?t=${t}`] });
    expect((await next.stream.rest(60_000)).at(-1)!.event.type).toBe("complete");
  }, 120_000);

  it("detects a lost job from the start call too", async () => {
    const site = await fixtureSite({ sitemapUrl: `${origin}/special/slow-sitemap?ms=8000` });
    const { stream, migrationId } = await startRun(site);
    await stream.cancel();
    await killObject(migrationId);
    const staleAt = Date.now() - RUN_LIMITS.heartbeatStaleMs - 1_000;
    await runInDurableObject(runStub(env, migrationId), async (run: MigrationRun, state) => {
      await state.storage.deleteAlarm();
      run.state.heartbeatAt = staleAt;
      run.save();
    });
    await env.DB.prepare("UPDATE migration_runs SET heartbeat_at = ? WHERE id = ?").bind(staleAt, migrationId).run();
    const next = await startRun(site, { overrideWhitelist: ["https://elsewhere.example.org/"] });
    expect(next.migrationId).not.toBe(migrationId);
    await next.stream.rest();
    expect((await waitForEnd(site, migrationId)).status).toBe("stuck");
  }, 60_000);
});
