import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSTANTS } from "../../app/lib/constants";
import { MESSAGES } from "../../app/lib/messages";
import { createToastStore, migrationToastLifetime } from "../../app/lib/toasts";

let path = "/snapshots";
const store = () => createToastStore({ now: () => Date.now(), pathname: () => path });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
  path = "/snapshots";
});
afterEach(() => vi.useRealTimers());

describe("toast lifetimes (spec §4, §9)", () => {
  it("a general toast fades after 5 s and is removed after the 800 ms fade", () => {
    const s = store();
    const id = s.show({ message: "Saved" });
    expect(s.list()).toMatchObject([{ id, message: "Saved", type: "success", leaving: false }]);
    vi.advanceTimersByTime(CONSTANTS.generalToastMs - 1);
    expect(s.list()[0].leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(s.list()[0].leaving).toBe(true);
    vi.advanceTimersByTime(CONSTANTS.toastFadeMs - 1);
    expect(s.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(s.list()).toHaveLength(0);
    expect([CONSTANTS.generalToastMs, CONSTANTS.toastFadeMs]).toEqual([5000, 800]);
  });

  it("a migration toast lives 3200 ms + 40 ms per character, clamped to 2.5–7 s", () => {
    expect(migrationToastLifetime("")).toBe(3200);
    expect(migrationToastLifetime("x".repeat(10))).toBe(3600);
    expect(migrationToastLifetime("x".repeat(95))).toBe(7000);
    expect(migrationToastLifetime("x".repeat(500))).toBe(7000);
    expect(migrationToastLifetime(MESSAGES.migrationCompleted)).toBe(3200 + 40 * MESSAGES.migrationCompleted.length);
    expect([CONSTANTS.migrationToastMinMs, CONSTANTS.migrationToastMaxMs]).toEqual([2500, 7000]);
  });

  it("a migration toast disappears when its own lifetime ends", () => {
    const s = store();
    const message = "x".repeat(20); // 3200 + 800 = 4000 ms
    s.show({ message, kind: "migration", type: "info" });
    vi.advanceTimersByTime(3999);
    expect(s.list()[0].leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(s.list()[0].leaving).toBe(true);
  });
});

describe("suppression", () => {
  it("an identical message within 10 s is not shown again; after 10 s it is", () => {
    const s = store();
    expect(s.show({ message: "Same" })).not.toBeNull();
    vi.advanceTimersByTime(CONSTANTS.toastDuplicateWindowMs - 1);
    expect(s.show({ message: "Same" })).toBeNull();
    expect(s.show({ message: "Different" })).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(s.show({ message: "Same" })).not.toBeNull();
  });

  it("migration toasts are suppressed on paths ending with /migration, general toasts are not", () => {
    const s = store();
    path = "/sites/1/migration";
    expect(s.show({ message: MESSAGES.migrationCompleted, kind: "migration" })).toBeNull();
    expect(s.show({ message: "Saved", kind: "general" })).not.toBeNull();
    path = "/snapshots";
    expect(s.show({ message: MESSAGES.migrationCompleted, kind: "migration" })).not.toBeNull();
  });

  it("after the session expired only the session message is shown", () => {
    const s = store();
    s.suppressAllExcept(MESSAGES.sessionExpired);
    expect(s.show({ message: "Failed to load", type: "error" })).toBeNull();
    expect(s.show({ message: MESSAGES.sessionExpired, type: "warning" })).not.toBeNull();
    expect(s.list().map((t) => t.message)).toEqual([MESSAGES.sessionExpired]);
  });

  it("notifies subscribers on every change", () => {
    const s = store();
    const seen: number[] = [];
    s.subscribe((t) => seen.push(t.length));
    s.show({ message: "A" });
    vi.advanceTimersByTime(5800);
    expect(seen).toEqual([0, 1, 1, 0]);
  });
});
