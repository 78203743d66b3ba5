import { STORAGE_KEYS, readLocal, writeLocal } from "./storage-keys";

/** The fields of a system notification that decide whether it is shown. */
export interface DismissableNotification {
  id: string;
  updatedAt: string;
}

/**
 * One dismissal: when the user closed the banner (`dismissedAt`, the browser's clock) and which version
 * they closed (`updatedAt`, the server's clock).
 */
export interface Dismissal {
  dismissedAt: string;
  updatedAt?: string;
}

export type Dismissals = Record<string, Dismissal>;

/** Dismissals older than this many entries are dropped, so the stored map cannot grow without bound. */
const MAX_DISMISSALS = 20;

function toMillis(iso: string | undefined): number {
  if (!iso) return Number.NaN;
  return Date.parse(iso);
}

/**
 * Whether a notification is shown (spec §4): always when it was never dismissed, and again when its
 * `updatedAt` is later than the dismissal. The dismissed version's own `updatedAt` is the reference
 * when it is known, because both sides then come from the server's clock and a browser clock that runs
 * fast or slow cannot hide a newer message or resurrect a dismissed one.
 */
export function isNotificationVisible(notification: DismissableNotification | null, dismissals: Dismissals): boolean {
  if (!notification) return false;
  const dismissal = dismissals[notification.id];
  if (!dismissal) return true;
  const updated = toMillis(notification.updatedAt);
  if (Number.isNaN(updated)) return false;
  const reference = Number.isNaN(toMillis(dismissal.updatedAt)) ? toMillis(dismissal.dismissedAt) : toMillis(dismissal.updatedAt);
  if (Number.isNaN(reference)) return true;
  return updated > reference;
}

/** The dismissals after the user closes `notification` at time `now`. */
export function withDismissal(dismissals: Dismissals, notification: DismissableNotification, now: number): Dismissals {
  const next: Dismissals = { ...dismissals, [notification.id]: { dismissedAt: new Date(now).toISOString(), updatedAt: notification.updatedAt } };
  const ids = Object.keys(next);
  if (ids.length <= MAX_DISMISSALS) return next;
  ids.sort((a, b) => toMillis(next[a].dismissedAt) - toMillis(next[b].dismissedAt));
  for (const id of ids.slice(0, ids.length - MAX_DISMISSALS)) delete next[id];
  return next;
}

/** Parses the stored map, ignoring anything malformed (an older format, a hand-edited value). */
export function parseDismissals(raw: string | null): Dismissals {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  const out: Dismissals = {};
  for (const [id, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value === "string") out[id] = { dismissedAt: value };
    else if (value && typeof value === "object") {
      const v = value as { dismissedAt?: unknown; updatedAt?: unknown };
      if (typeof v.dismissedAt !== "string") continue;
      out[id] = typeof v.updatedAt === "string" ? { dismissedAt: v.dismissedAt, updatedAt: v.updatedAt } : { dismissedAt: v.dismissedAt };
    }
  }
  return out;
}

export const readDismissals = (): Dismissals => parseDismissals(readLocal(STORAGE_KEYS.notificationDismissals));

export function storeDismissals(dismissals: Dismissals): void {
  writeLocal(STORAGE_KEYS.notificationDismissals, JSON.stringify(dismissals));
}
