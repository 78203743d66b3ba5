import { CONSTANTS } from "./constants";
import { MESSAGES } from "./messages";
import { connectionStatusKey } from "./storage-keys";

/** Platform connection states (spec §4). */
export type ConnectionState = "pending" | "testing" | "connected" | "error" | "not_configured";

/** What session storage keeps per site and platform (spec §3): status, when, the server's message, toast flag. */
export interface StoredConnectionStatus {
  status: "connected" | "error";
  timestamp: number;
  message: string;
  toastShown: boolean;
  /** The configuration the test ran against; a saved change makes the result stale. */
  configVersion: string | null;
}

export const CONNECTION_PILL_TEXT = {
  testing: "Testing…",
  connected: "Connected",
  error: MESSAGES.unableToConnectPill,
  idle: "Not connected",
} as const;

/**
 * The pill's text: Testing… during a test, Connected, Unable to connect for 3 s after a failed test
 * and Not connected otherwise (spec §4).
 */
export function connectionPillText(state: ConnectionState, failedAt: number | null, now: number): string {
  if (state === "testing") return CONNECTION_PILL_TEXT.testing;
  if (state === "connected") return CONNECTION_PILL_TEXT.connected;
  if (state === "error" && failedAt !== null && now - failedAt < CONSTANTS.connectionErrorPillMs) return CONNECTION_PILL_TEXT.error;
  return CONNECTION_PILL_TEXT.idle;
}

/** Whether to test without a click: once per site and platform, and again after the configuration changed. */
export function needsAutoTest(stored: StoredConnectionStatus | null, configured: boolean, configVersion: string | null): boolean {
  if (!configured) return false;
  return !stored || stored.configVersion !== configVersion;
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function parseConnectionStatus(raw: string | null): StoredConnectionStatus | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredConnectionStatus>;
    if ((v.status !== "connected" && v.status !== "error") || typeof v.timestamp !== "number") return null;
    return {
      status: v.status,
      timestamp: v.timestamp,
      message: typeof v.message === "string" ? v.message : "",
      toastShown: v.toastShown === true,
      configVersion: typeof v.configVersion === "string" ? v.configVersion : null,
    };
  } catch {
    return null;
  }
}

export function readConnectionStatus(siteId: string, platform: string): StoredConnectionStatus | null {
  try {
    return parseConnectionStatus(session()?.getItem(connectionStatusKey(siteId, platform)) ?? null);
  } catch {
    return null;
  }
}

export function writeConnectionStatus(siteId: string, platform: string, value: StoredConnectionStatus): void {
  try {
    session()?.setItem(connectionStatusKey(siteId, platform), JSON.stringify(value));
  } catch {
    /* storage blocked: the pill still works for this page */
  }
}
