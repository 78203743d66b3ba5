import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyProgress, type RunEvent } from "../../workers/contracts/run-events";
import { ApiRequestError } from "../../app/lib/api-client";
import { followLive, LIVE_CONNECTION_TEXT, RECONNECT_DELAYS_MS, type LiveConnection, type LiveFollow } from "../../app/lib/live-connection";
import { MESSAGES } from "../../app/lib/messages";
import { initialMigrationState, migrationReducer } from "../../app/lib/migration-state";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * A run's stream as the dashboard sees it: each `open` answers with the next scripted outcome; reading
 * a stream applies its events (new ids, or the final event) and ends.
 */
function scripted(outcomes: ({ events: number[]; final?: boolean } | Error)[]) {
  const log: { connections: LiveConnection[]; opens: (number | null)[]; gaveUp: string[] } = { connections: [], opens: [], gaveUp: [] };
  let lastId: number | null = 10;
  let finished = false;
  const controller = new AbortController();
  const script = [...outcomes];
  const follow: LiveFollow = {
    signal: controller.signal,
    open: async () => {
      log.opens.push(lastId);
      const next = script.shift();
      if (!next) throw new Error("no more answers");
      if (next instanceof Error) throw next;
      return Object.assign(new Response(""), { scripted: next });
    },
    read: async (res) => {
      const { events, final } = (res as Response & { scripted: { events: number[]; final?: boolean } }).scripted;
      if (events.length) lastId = events.at(-1)!;
      if (final) finished = true;
    },
    finished: () => finished,
    lastId: () => lastId,
    onConnection: (c) => log.connections.push(c),
    onGiveUp: (reason) => log.gaveUp.push(reason),
  };
  return { follow, log, controller };
}

describe("following a run live", () => {
  it("reconnects with the last event id after a short delay when the stream drops, then says so", async () => {
    const { follow, log } = scripted([{ events: [11, 12] }, new Error("Failed to fetch"), { events: [13, 14], final: true }]);
    const done = followLive(follow);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.connections).toEqual(["reconnecting"]);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0]);
    expect(log.opens).toEqual([10, 12]);
    // That try failed: the next waits longer.
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[1] - 1);
    expect(log.opens).toEqual([10, 12]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(log.opens).toEqual([10, 12, 12]);
    expect(log.connections).toEqual(["reconnecting", "reconnecting", "reconnected"]);
    expect(log.gaveUp).toEqual([]);
  });

  it("gives up after a bounded number of tries with the spec's toast reason", async () => {
    const { follow, log } = scripted(Array.from({ length: 10 }, () => new Error("Network down")));
    const done = followLive(follow);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS.reduce((a, b) => a + b, 0));
    await done;
    expect(log.opens).toHaveLength(RECONNECT_DELAYS_MS.length + 1);
    expect(log.gaveUp).toEqual(["Network down"]);
    expect(log.connections.at(-1)).toBe("live");
    expect(MESSAGES.reconnectFailed(log.gaveUp[0])).toBe("Failed to reconnect: Network down");
  });

  it("gives a stream that delivered new events a fresh set of tries", async () => {
    const drops = Array.from({ length: RECONNECT_DELAYS_MS.length + 2 }, (_, i) => ({ events: [20 + i] }));
    const { follow, log } = scripted([...drops, { events: [], final: true }]);
    const done = followLive(follow);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] * (drops.length + 1));
    await done;
    expect(log.gaveUp).toEqual([]);
    expect(log.opens).toHaveLength(drops.length + 1);
  });

  it("stops at once when the server refuses, when the run is over, or when the user leaves", async () => {
    const refused = scripted([new ApiRequestError(404, "Migration not found")]);
    await followLive(refused.follow);
    expect(refused.log.gaveUp).toEqual(["Migration not found"]);
    expect(refused.log.connections).toEqual(["live"]);

    const over = scripted([{ events: [11], final: true }]);
    await followLive(over.follow);
    expect(over.log.connections).toEqual([]);

    const left = scripted([{ events: [11] }, { events: [12], final: true }]);
    const done = followLive(left.follow);
    await vi.advanceTimersByTimeAsync(0);
    left.controller.abort();
    await done;
    expect(left.log.opens).toEqual([10]);
    expect(left.log.gaveUp).toEqual([]);
  });
});

describe("connection state", () => {
  const progress = (id: number): { type: "event"; event: RunEvent; id: number } => ({
    type: "event",
    id,
    event: { type: "progress", migrationId: "m1", status: "running", progress: emptyProgress("capturing") },
  });

  it("goes reconnecting → reconnected (on the server's reconnected event) → live, and shows the texts", () => {
    let s = migrationReducer(initialMigrationState, { type: "started" });
    expect(s.connection).toBe("live");
    s = migrationReducer(s, progress(1));
    s = migrationReducer(s, { type: "connection", connection: "reconnecting" });
    expect(s.connection).toBe("reconnecting");
    expect(LIVE_CONNECTION_TEXT[s.connection]).toBe("Reconnecting to the live run…");
    s = migrationReducer(s, progress(2));
    expect(s.connection).toBe("reconnecting");
    s = migrationReducer(s, { type: "event", id: null, event: { type: "reconnected", migrationId: "m1", status: "running", lastEventId: 1, progress: emptyProgress("capturing") } });
    expect(s.connection).toBe("reconnected");
    expect(LIVE_CONNECTION_TEXT[s.connection]).toBe("Reconnected");
    s = migrationReducer(s, { type: "connection", connection: "live" });
    expect(s.connection).toBe("live");
    expect(LIVE_CONNECTION_TEXT.live).toBeNull();
  });

  it("a first connection is not a reconnect, and the run's final event ends a reconnect", () => {
    let s = migrationReducer(initialMigrationState, { type: "connection", connection: "reconnected" });
    expect(s.connection).toBe("live");
    s = migrationReducer(s, { type: "connection", connection: "reconnecting" });
    s = migrationReducer(s, { type: "event", id: 9, event: { type: "error", migrationId: "m1", status: "failed", error: "Migration failed" } });
    expect(s.connection).toBe("live");
  });
});
