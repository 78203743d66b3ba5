import { describe, expect, it } from "vitest";
import { RUN_STATUSES, type RunStatus } from "../../workers/contracts/run-events";
import { assertTransition, canTransition, effectiveConcurrency, InvalidTransitionError, isHeartbeatStale, retryDelayMs, RUN_LIMITS, summarise } from "../../workers/runs/run-state";

describe("run state machine", () => {
  it("lets a running run process, finish, fail, be cancelled or get stuck", () => {
    for (const to of ["processing", "completed", "failed", "cancelled", "stuck"] as RunStatus[]) expect(canTransition("running", to)).toBe(true);
    expect(canTransition("processing", "running")).toBe(false);
    for (const to of ["completed", "failed", "cancelled", "stuck"] as RunStatus[]) expect(canTransition("processing", to)).toBe(true);
  });

  it("never changes a finished run again", () => {
    for (const from of ["completed", "failed", "cancelled", "stuck"] as RunStatus[]) {
      for (const to of RUN_STATUSES) {
        expect(canTransition(from, to)).toBe(false);
        expect(() => assertTransition(from, to)).toThrow(InvalidTransitionError);
      }
    }
  });

  it("calls a heartbeat older than the bound stale", () => {
    const now = 1_000_000_000;
    expect(isHeartbeatStale(now - RUN_LIMITS.heartbeatStaleMs, now)).toBe(false);
    expect(isHeartbeatStale(now - RUN_LIMITS.heartbeatStaleMs - 1, now)).toBe(true);
    // The bound leaves room for a slow page and for the watchdog to resume an evicted run.
    expect(RUN_LIMITS.heartbeatStaleMs).toBeGreaterThan(RUN_LIMITS.watchdogDelayMs + RUN_LIMITS.heartbeatIntervalMs);
  });

  it("backs off exponentially and bounds concurrency", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 4000]);
    expect(effectiveConcurrency(undefined)).toBe(RUN_LIMITS.defaultConcurrency);
    expect(effectiveConcurrency(0)).toBe(1);
    expect(effectiveConcurrency(99)).toBe(RUN_LIMITS.maxConcurrency);
    expect(effectiveConcurrency(3)).toBe(3);
  });

  it("summarises pages, components and minutes", () => {
    const s = summarise({ totalCount: 10, succeeded: 7, failed: 2, skipped: 1, componentCount: 33 }, 0, 90_000);
    expect(s).toEqual({ pages: 10, components: 33, durationMinutes: 1.5, succeeded: 7, failed: 2, skipped: 1 });
  });
});
