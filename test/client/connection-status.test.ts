import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECTION_PILL_TEXT, connectionPillText, needsAutoTest, parseConnectionStatus, type StoredConnectionStatus } from "../../app/lib/connection-status";
import { MESSAGES } from "../../app/lib/messages";
import { connectionStatusKey } from "../../app/lib/storage-keys";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("connection pill (spec §4)", () => {
  it("uses the spec's texts", () => {
    expect(CONNECTION_PILL_TEXT).toEqual({ testing: "Testing…", connected: "Connected", error: "Unable to connect", idle: "Not connected" });
    expect(CONNECTION_PILL_TEXT.error).toBe(MESSAGES.unableToConnectPill);
  });

  it("shows Unable to connect for 3 s after a failed test, then Not connected", () => {
    const failedAt = Date.now();
    expect(connectionPillText("error", failedAt, Date.now())).toBe("Unable to connect");
    vi.advanceTimersByTime(2999);
    expect(connectionPillText("error", failedAt, Date.now())).toBe("Unable to connect");
    vi.advanceTimersByTime(1);
    expect(connectionPillText("error", failedAt, Date.now())).toBe("Not connected");
  });

  it("maps the other states", () => {
    expect(connectionPillText("testing", null, 0)).toBe("Testing…");
    expect(connectionPillText("connected", null, 0)).toBe("Connected");
    expect(connectionPillText("pending", null, 0)).toBe("Not connected");
    expect(connectionPillText("not_configured", null, 0)).toBe("Not connected");
  });

  it("tests automatically once per site, platform and configuration, and only when configured", () => {
    const stored: StoredConnectionStatus = { status: "error", timestamp: 1, message: "", toastShown: true, configVersion: "v1" };
    expect(needsAutoTest(null, true, "v1")).toBe(true);
    expect(needsAutoTest(stored, true, "v1")).toBe(false);
    expect(needsAutoTest(stored, true, "v2")).toBe(true);
    expect(needsAutoTest(null, false, "v1")).toBe(false);
  });

  it("reads back what is stored per site and platform, and rejects malformed values", () => {
    const value: StoredConnectionStatus = { status: "connected", timestamp: 5, message: "OK", toastShown: false, configVersion: null };
    expect(parseConnectionStatus(JSON.stringify(value))).toEqual(value);
    expect(parseConnectionStatus(JSON.stringify({ status: "maybe", timestamp: 1 }))).toBeNull();
    expect(parseConnectionStatus("{")).toBeNull();
    expect(connectionStatusKey("s1", "magnolia")).not.toBe(connectionStatusKey("s1", "wordpress"));
  });
});
