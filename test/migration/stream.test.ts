import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MIGRATION_MESSAGES } from "../../workers/contracts/run-events";
import type { MigrationRun } from "../../workers/runs/migration-run";
import { RUN_LIMITS } from "../../workers/runs/run-state";
import { EventHub, SSE_MAX_BACKLOG } from "../../workers/runs/sse";
import { runStub } from "../../workers/runs/stub";
import { call } from "../helpers";
import { EventReader, fixtureSite, killObject, origin, rawCall, startRun, tag, waitForEnd } from "./helpers";

describe("event hub", () => {
  it("never waits for a client: a client too far behind is dropped, the others keep receiving", async () => {
    const hub = new EventHub();
    const slow = hub.connect();
    const fast = hub.connect();
    const reader = fast.body.getReader();
    const received: string[] = [];
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("retry: 3000\n\n");
    for (let i = 0; i < SSE_MAX_BACKLOG + 10; i++) {
      hub.broadcast(`data: ${i}\n\n`);
      received.push(decoder.decode((await reader.read()).value));
    }
    expect(received.at(-1)).toBe(`data: ${SSE_MAX_BACKLOG + 9}\n\n`);
    expect(hub.size).toBe(1);
    const slowReader = slow.body.getReader();
    let error: unknown = null;
    try {
      for (;;) if ((await slowReader.read()).done) break;
    } catch (err) {
      error = err;
    }
    expect(String(error)).toContain("too far behind");
    hub.closeAll();
    expect(hub.size).toBe(0);
    expect((await reader.read()).done).toBe(true);
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
    expect(replay.slice(1).map((m) => m.id)).toEqual(withIds.filter((m) => m.id! > cut).map((m) => m.id));
    expect(replay.slice(1).map((m) => m.event)).toEqual(withIds.filter((m) => m.id! > cut).map((m) => m.event));

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
