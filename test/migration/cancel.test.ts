import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MIGRATION_MESSAGES } from "../../workers/contracts/run-events";
import { call } from "../helpers";
import { fixtureSite, origin, startRun, tag, waitForEnd, waitUntilIdle } from "./helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("cancel", () => {
  it("stops the run within 2 seconds at a page boundary and keeps what was done", async () => {
    const t = tag();
    const urls = Array.from({ length: 10 }, (_, i) => `${origin}/pages/page-${i + 1}?delay=1500&t=${t}`);
    const site = await fixtureSite({ urlList: urls, concurrency: 2 });
    const auth = { token: site.token, org: site.org };
    const { stream, migrationId } = await startRun(site);
    await stream.until((m) => m.event.type === "progress" && m.event.progress.processedCount >= 1, 60_000);

    const asked = Date.now();
    const cancel = await call("POST", `/migration/cancel/${migrationId}`, auth);
    expect(cancel.status).toBe(200);
    expect(cancel.json).toEqual({ success: true, message: MIGRATION_MESSAGES.cancelled });
    const cancelled = await stream.until((m) => m.event.type === "cancelled", 5_000);
    expect(Date.now() - asked).toBeLessThan(2_000);
    expect(cancelled.event).toMatchObject({ type: "cancelled", migrationId, status: "cancelled", message: "Migration cancelled successfully" });
    expect(await stream.next(5_000)).toBeNull(); // the stream ends with the run

    const result = await waitForEnd(site, migrationId);
    const summary = result.summary as { pages: number; succeeded: number; failed: number; skipped: number };
    expect(result.status).toBe("cancelled");
    expect(summary.pages).toBe(10);
    expect(summary.succeeded).toBeGreaterThanOrEqual(1);
    expect(summary.succeeded + summary.failed + summary.skipped).toBe(10);

    // Pages in flight when the cancel came are dropped, not half-stored; nothing is added later.
    await waitUntilIdle(migrationId);
    await sleep(1_000);
    // Every page captured before the cancel keeps its snapshot, mapped and written or not.
    const snaps = await call("GET", `/snapshots?siteId=${site.siteId}&migrationId=${migrationId}`, auth);
    const captured = ((await call("GET", `/migration/logs/${site.siteId}`, auth)).json.logs as { message: string }[]).filter((l) => l.message.startsWith("Captured "));
    expect(snaps.json.total).toBe(captured.length);
    expect(snaps.json.total).toBeGreaterThanOrEqual(summary.succeeded);
    expect((await waitForEnd(site, migrationId)).summary).toEqual(summary);

    const again = await call("POST", `/migration/cancel/${migrationId}`, auth);
    expect(again.status).toBe(404);
    expect(again.json.error).toBe(MIGRATION_MESSAGES.cancelNotFound);
    const active = await call("GET", `/migration/active/${site.siteId}`, auth);
    expect(active.json).toMatchObject({ migrationId, status: "cancelled" });
    const logs = (await call("GET", `/migration/logs/${site.siteId}`, auth)).json.logs as { message: string }[];
    expect(logs.at(-1)!.message).toBe(MIGRATION_MESSAGES.cancelled);
    const audit = await env.DB.prepare("SELECT action, actor_user_id AS actor FROM audit_events WHERE entity_id = ? ORDER BY created_at").bind(migrationId).all<{ action: string; actor: string | null }>();
    expect(audit.results.map((a) => a.action)).toEqual(["migration.start", "migration.cancel"]);
    expect(audit.results[1].actor).toBe(audit.results[0].actor);
    expect(audit.results[1].actor).toBeTruthy();
  }, 120_000);
});
