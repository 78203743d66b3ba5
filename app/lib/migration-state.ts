import type { ActiveMigrationDto, MigrationProgress, MigrationResultDto, RunEvent, RunStatus, ScreenshotRef } from "../../workers/contracts/run-events";
import type { LiveConnection } from "./live-connection";
import { MESSAGES } from "./messages";

/** The dashboard's view of the selected site's migration (spec §4 "Migration session status"). */
export interface MigrationState {
  migrationId: string | null;
  status: RunStatus | null;
  progress: MigrationProgress | null;
  /** Every screenshot seen so far, newest last, de-duplicated by snapshot. */
  screenshots: ScreenshotRef[];
  result: MigrationResultDto | null;
  /** The spec's message for the current state, if any. */
  message: string | null;
  error: string | null;
  lastEventId: number | null;
  /** How the dashboard follows the working run's events. */
  connection: LiveConnection;
}

export const initialMigrationState: MigrationState = {
  migrationId: null,
  status: null,
  progress: null,
  screenshots: [],
  result: null,
  message: null,
  error: null,
  lastEventId: null,
  connection: "live",
};

export type MigrationAction =
  | { type: "started"; migrationId?: string }
  | { type: "event"; event: RunEvent; id: number | null }
  | { type: "active"; active: ActiveMigrationDto }
  | { type: "result"; result: MigrationResultDto }
  | { type: "cancelled" }
  | { type: "failed"; error: string }
  | { type: "connection"; connection: LiveConnection }
  | { type: "reset" };

function mergeScreenshots(existing: ScreenshotRef[], incoming: ScreenshotRef[]): ScreenshotRef[] {
  if (incoming.length === 0) return existing;
  const seen = new Set(existing.map((s) => s.snapshotId));
  const added = incoming.filter((s) => !seen.has(s.snapshotId));
  return added.length ? [...existing, ...added] : existing;
}

/** A failure whose cause is the database refusing writes gets the spec's friendlier text. */
export function migrationErrorText(error: string, details?: string): string {
  return /read-?only/i.test(`${error} ${details ?? ""}`) ? MESSAGES.migrationReadOnly : error || MESSAGES.migrationFailed;
}

/** The connection state after `next` is reported: "reconnected" only ends a reconnect (a first connection is simply live). */
function nextConnection(current: LiveConnection, next: LiveConnection): LiveConnection {
  return next === "reconnected" && current !== "reconnecting" ? current : next;
}

/** Applies one thing that happened to the migration state. */
export function migrationReducer(state: MigrationState, action: MigrationAction): MigrationState {
  switch (action.type) {
    case "reset":
      return initialMigrationState;
    case "started":
      return { ...initialMigrationState, migrationId: action.migrationId ?? null, status: "running" };
    case "active": {
      const a = action.active;
      return {
        ...state,
        migrationId: a.migrationId,
        status: a.status,
        progress: a.progress,
        screenshots: mergeScreenshots(state.migrationId === a.migrationId ? state.screenshots : [], a.progress.screenshots),
        message: a.status === "stuck" ? MESSAGES.migrationStuck : state.message,
      };
    }
    case "result":
      return { ...state, result: action.result, migrationId: action.result.migrationId, status: action.result.status };
    case "cancelled":
      return { ...state, status: "cancelled", message: MESSAGES.migrationCancelled };
    case "failed":
      return { ...state, status: "failed", error: action.error };
    case "connection":
      return { ...state, connection: nextConnection(state.connection, action.connection) };
    case "event": {
      const e = action.event;
      // A run's final event ends any reconnect; the server's `reconnected` event confirms one.
      const connection = e.type === "progress" ? state.connection : e.type === "reconnected" ? nextConnection(state.connection, "reconnected") : "live";
      const base = { ...state, migrationId: e.migrationId, lastEventId: action.id ?? state.lastEventId, connection };
      switch (e.type) {
        case "progress":
        case "reconnected":
          // Screenshots are of one run: an event of another (a late one of the run before) starts the list anew.
          return { ...base, status: e.status, progress: e.progress, screenshots: mergeScreenshots(state.migrationId === e.migrationId ? state.screenshots : [], e.progress.screenshots), message: e.status === "stuck" ? MESSAGES.migrationStuck : state.message };
        case "complete":
          return { ...base, status: "completed", result: e.result, message: MESSAGES.migrationCompleted };
        case "cancelled":
          return { ...base, status: "cancelled", progress: e.progress, message: MESSAGES.migrationCancelled };
        case "error":
          return e.status === "stuck"
            ? { ...base, status: "stuck", message: MESSAGES.migrationStuck }
            : { ...base, status: "failed", error: migrationErrorText(e.error, e.details) };
      }
    }
  }
  return state;
}

export const isActiveStatus = (s: RunStatus | null) => s === "running" || s === "processing";
