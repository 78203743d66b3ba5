import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isNotificationVisible, parseDismissals, withDismissal, type Dismissals } from "../../app/lib/notification-dismissal";

const v1 = { id: "system-notification", updatedAt: "2026-03-01T09:00:00.000Z" };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("system notification dismissal (spec §4)", () => {
  it("shows a notification that was never dismissed, and nothing without a notification", () => {
    expect(isNotificationVisible(v1, {})).toBe(true);
    expect(isNotificationVisible(null, {})).toBe(false);
  });

  it("hides it once dismissed, per notification id", () => {
    const d = withDismissal({}, v1, Date.now());
    expect(d[v1.id]).toEqual({ dismissedAt: "2026-03-01T10:00:00.000Z", updatedAt: v1.updatedAt });
    expect(isNotificationVisible(v1, d)).toBe(false);
    expect(isNotificationVisible({ id: "other", updatedAt: v1.updatedAt }, d)).toBe(true);
  });

  it("shows it again when its updatedAt is later than the dismissal", () => {
    const d = withDismissal({}, v1, Date.now());
    vi.advanceTimersByTime(60_000);
    expect(isNotificationVisible({ ...v1, updatedAt: "2026-03-01T09:00:00.001Z" }, d)).toBe(true);
    expect(isNotificationVisible({ ...v1, updatedAt: v1.updatedAt }, d)).toBe(false);
  });

  it("is not fooled by a browser clock that runs behind the server", () => {
    // The user dismisses at 08:00 by their clock a version the server saved at 09:00.
    const d = withDismissal({}, v1, Date.parse("2026-03-01T08:00:00Z"));
    expect(isNotificationVisible(v1, d)).toBe(false);
  });

  it("falls back to the dismissal time for entries stored without the version", () => {
    const d: Dismissals = { [v1.id]: { dismissedAt: "2026-03-01T09:30:00.000Z" } };
    expect(isNotificationVisible(v1, d)).toBe(false);
    expect(isNotificationVisible({ ...v1, updatedAt: "2026-03-01T09:31:00.000Z" }, d)).toBe(true);
  });

  it("parses what it stored, accepts a bare timestamp, and ignores garbage", () => {
    const d = withDismissal({}, v1, Date.now());
    expect(parseDismissals(JSON.stringify(d))).toEqual(d);
    expect(parseDismissals(JSON.stringify({ a: "2026-01-01T00:00:00Z" }))).toEqual({ a: { dismissedAt: "2026-01-01T00:00:00Z" } });
    expect(parseDismissals("not json")).toEqual({});
    expect(parseDismissals("[1,2]")).toEqual({});
    expect(parseDismissals(JSON.stringify({ a: 5, b: { dismissedAt: 1 } }))).toEqual({});
    expect(parseDismissals(null)).toEqual({});
  });

  it("keeps at most 20 dismissals, dropping the oldest", () => {
    let d: Dismissals = {};
    for (let i = 0; i < 25; i++) {
      d = withDismissal(d, { id: `n${i}`, updatedAt: v1.updatedAt }, Date.now());
      vi.advanceTimersByTime(1000);
    }
    expect(Object.keys(d)).toHaveLength(20);
    expect(d.n0).toBeUndefined();
    expect(d.n24).toBeDefined();
  });
});
