import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSTANTS } from "../../app/lib/constants";
import { createExpiryNotifier } from "../../app/lib/session";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("session-expired event (spec §4)", () => {
  it("fires at most once per 5 s however many requests fail with 401", () => {
    const fire = vi.fn();
    const notify = createExpiryNotifier(() => Date.now(), fire);
    expect(notify()).toBe(true);
    for (let i = 0; i < 5; i++) expect(notify()).toBe(false);
    vi.advanceTimersByTime(CONSTANTS.sessionExpiredSuppressMs - 1);
    expect(notify()).toBe(false);
    expect(fire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(notify()).toBe(true);
    expect(fire).toHaveBeenCalledTimes(2);
    expect(CONSTANTS.sessionExpiredSuppressMs).toBe(5000);
  });
});
