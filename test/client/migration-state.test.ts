import { describe, expect, it } from "vitest";
import { emptyProgress, type RunEvent } from "../../workers/contracts/run-events";
import { readEventStream, type StreamMessage } from "../../app/lib/event-stream";
import { MESSAGES } from "../../app/lib/messages";
import { initialMigrationState, migrationErrorText, migrationReducer } from "../../app/lib/migration-state";

const shot = (n: number) => ({ url: `https://x.test/${n}`, screenshot: `/api/v1/migration/screenshot/s${n}`, snapshotId: `s${n}` });

describe("migration state (spec §4)", () => {
  it("start sets running, progress keeps it running and collects screenshots once each", () => {
    let s = migrationReducer(initialMigrationState, { type: "started" });
    expect(s.status).toBe("running");
    const progress = (shots: ReturnType<typeof shot>[]): RunEvent => ({
      type: "progress",
      migrationId: "m1",
      status: "running",
      progress: { ...emptyProgress("capturing"), processedCount: shots.length, totalCount: 5, screenshots: shots },
    });
    s = migrationReducer(s, { type: "event", event: progress([shot(1), shot(2)]), id: 1 });
    s = migrationReducer(s, { type: "event", event: progress([shot(2), shot(3)]), id: 2 });
    expect(s.status).toBe("running");
    expect(s.migrationId).toBe("m1");
    expect(s.lastEventId).toBe(2);
    expect(s.screenshots.map((x) => x.snapshotId)).toEqual(["s1", "s2", "s3"]);
  });

  it("keeps the screenshots of one run: a late event of the run before does not mix its pages into the next", () => {
    const progress = (migrationId: string, shots: ReturnType<typeof shot>[]): RunEvent => ({
      type: "progress",
      migrationId,
      status: "running",
      progress: { ...emptyProgress("capturing"), processedCount: shots.length, totalCount: 5, screenshots: shots },
    });
    let s = migrationReducer(initialMigrationState, { type: "started" });
    s = migrationReducer(s, { type: "event", event: progress("m1", [shot(1)]), id: 1 });
    // A second run starts; the first run's stream still delivers a last event before the new one's.
    s = migrationReducer(s, { type: "started" });
    s = migrationReducer(s, { type: "event", event: progress("m1", [shot(1)]), id: 2 });
    s = migrationReducer(s, { type: "event", event: progress("m2", [shot(7)]), id: 1 });
    s = migrationReducer(s, { type: "event", event: progress("m2", [shot(8)]), id: 2 });
    expect(s.migrationId).toBe("m2");
    expect(s.screenshots.map((x) => x.snapshotId)).toEqual(["s7", "s8"]);
  });

  it("complete, error, cancelled and stuck set the spec's statuses and texts", () => {
    const started = migrationReducer(initialMigrationState, { type: "started" });
    const result = { success: true, migrationId: "m1", status: "completed" as const, summary: { pages: 3, components: 9, durationMinutes: 1, succeeded: 3, failed: 0, skipped: 0 } };
    const done = migrationReducer(started, { type: "event", id: 9, event: { type: "complete", migrationId: "m1", status: "completed", message: MESSAGES.migrationCompleted, result } });
    expect(done).toMatchObject({ status: "completed", message: "Migration completed successfully!", result });

    const failed = migrationReducer(started, { type: "event", id: 3, event: { type: "error", migrationId: "m1", status: "failed", error: "Migration failed" } });
    expect(failed).toMatchObject({ status: "failed", error: "Migration failed" });

    const stuck = migrationReducer(started, { type: "event", id: 3, event: { type: "error", migrationId: "m1", status: "stuck", error: MESSAGES.migrationStuck } });
    expect(stuck).toMatchObject({ status: "stuck", message: "Migration appears to be stuck. You may need to start a new migration." });

    const cancelled = migrationReducer(started, { type: "cancelled" });
    expect(cancelled).toMatchObject({ status: "cancelled", message: "Migration cancelled successfully" });
  });

  it("shows the friendly text for a read-only database failure", () => {
    expect(migrationErrorText("Migration failed", "D1_ERROR: attempt to write a readonly database")).toBe(
      "We couldn't complete the migration. Please try again or contact your administrator.",
    );
    expect(migrationErrorText("Migration failed", "timeout")).toBe("Migration failed");
  });
});

describe("event stream reader", () => {
  it("parses ids and data across chunk boundaries and skips malformed messages", async () => {
    const text = 'id: 1\ndata: {"type":"progress"}\n\nid: 2\ndata: not json\n\nid: 3\ndata: {"type":"complete"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 7) c.enqueue(bytes.slice(i, i + 7));
        c.close();
      },
    });
    const got: StreamMessage[] = [];
    await readEventStream(stream, (m) => got.push(m));
    expect(got).toEqual([
      { id: 1, data: { type: "progress" } },
      { id: 3, data: { type: "complete" } },
    ]);
  });
});
