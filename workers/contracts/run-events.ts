import { z } from "zod";
import { MIGRATION_MESSAGES } from "./run-messages";

/**
 * The browser-facing contract of migration runs (spec §4 and §7): the start body, the events of the
 * run's event stream, and the responses of the /migration calls. The dashboard imports this file.
 *
 * Event stream: `text/event-stream` whose messages are `id: <n>` + `data: <RunEvent JSON>`. Messages have
 * no `event:` name, so `EventSource.onmessage` sees all of them. A reconnect that sends `Last-Event-ID`
 * (header, or `?lastEventId=` for clients that cannot set headers) first receives a `reconnected`
 * event, then every event after that id, then live events. A connection without it receives one
 * `progress` event with the current state (or the final event of a finished run), then live events.
 * The stream ends after `complete`, `error` or `cancelled`.
 *
 * A slow follower is never cut off: when it has too many messages unread, its `progress` events are
 * coalesced. It receives every other event (`complete`, `error`, `cancelled`, anything that carries a
 * log line) in order, but of the `progress` events in between only the latest, with that event's id,
 * as soon as it reads again. That event's `screenshots` are those of the events it replaces together
 * (one per `snapshotId`, the most recent 24), so the follower loses no recent screenshot. Ids of a
 * stream therefore increase but may skip; a follower that wants every event replays them with
 * Last-Event-ID.
 */

/** Every status a run can have (spec §4). `null` in the UI means "no run". */
export const RUN_STATUSES = ["running", "processing", "completed", "failed", "cancelled", "stuck"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/** Statuses of a run that is still working (one per site at a time). */
export const ACTIVE_RUN_STATUSES = ["running", "processing"] as const satisfies readonly RunStatus[];
export type ActiveRunStatus = (typeof ACTIVE_RUN_STATUSES)[number];

/**
 * What a run is doing: `discovering` collects the page list, `capturing` renders pages into snapshots
 * (status `running`), `processing` hands snapshots to mapping and the target writer (status `processing`).
 */
export type RunPhase = "discovering" | "capturing" | "processing" | "finished";

export { MIGRATION_MESSAGES };

/** Body of `POST /migration/start`. */
export const startMigrationSchema = z.object({
  siteId: z.string({ error: MIGRATION_MESSAGES.siteIdRequired }).trim().min(1, MIGRATION_MESSAGES.siteIdRequired).max(200),
  /** When given and not empty, exactly these URLs are run (still limited to the site's own origin). */
  overrideWhitelist: z.array(z.string().trim().max(2000)).max(50_000).optional().nullable(),
  /** Kept for the target writers that produce YAML bundles (spec §7). */
  keepYamlFile: z.boolean().optional().nullable(),
  /** Passed to mapping: prefer mappings learnt in earlier runs. */
  preferRagRuns: z.boolean().optional().nullable(),
  /** Passed to mapping: use only mappings learnt in earlier runs. */
  ragOnly: z.boolean().optional().nullable(),
  /** Take a screenshot of each page (default true). */
  screenshots: z.boolean().optional(),
  /** Skip pages whose content is unchanged since the site's last snapshot of them (default true). */
  skipUnchanged: z.boolean().optional(),
});
export type StartMigrationInput = z.infer<typeof startMigrationSchema>;

/** Per-run options after defaults. */
export interface RunOptions {
  overrideWhitelist: string[] | null;
  keepYamlFile: boolean;
  preferRagRuns: boolean;
  ragOnly: boolean;
  screenshots: boolean;
  skipUnchanged: boolean;
  concurrency: number;
}

/** One captured screenshot: the page's URL and where the dashboard loads the image from. */
export interface ScreenshotRef {
  url: string;
  /** API path of the image (`/api/v1/migration/screenshot/{snapshotId}`). */
  screenshot: string;
  snapshotId: string;
}

/** Asset (DAM) upload progress reported by the target writer; null until it starts. */
export interface DamProgress {
  processed: number;
  total: number;
}

/** A run's progress (spec §3 "Migration session"), plus counters the dashboard can show. */
export interface MigrationProgress {
  processedCount: number;
  totalCount: number;
  currentPage: string | null;
  damProgress: DamProgress | null;
  /**
   * Screenshots captured since the previous event of the stream. The first event of a connection
   * carries the most recent ones instead, and a coalesced event those of the events it replaces (see
   * above). Clients append and de-duplicate by `snapshotId`.
   */
  screenshots: ScreenshotRef[];
  phase: RunPhase;
  succeeded: number;
  failed: number;
  skipped: number;
  /**
   * Pages whose mapping waits for a person's review: neither written nor failed. Always sent by the
   * server (0 when none); absent only in progress recorded before the counter existed.
   */
  awaitingReview?: number;
  /**
   * Pages through each stage so far: pages stream capture → map → write, so all stages move at once.
   * `mapped` counts pages whose mapping is done (applied or waiting for review); `written`, pages in
   * the target. Absent in progress recorded before streaming.
   */
  stages?: { captured: number; mapped: number; written: number; failed: number };
}

/** `GET /migration/result/{id}` (spec §3 "Migration result"). */
export interface MigrationSummary {
  pages: number;
  components: number;
  durationMinutes: number;
  succeeded: number;
  failed: number;
  skipped: number;
  /** Pages whose mapping waits for review (not written, not failed); 0 when none. */
  awaitingReview?: number;
}

export interface MigrationResultDto {
  success: boolean;
  migrationId: string;
  status: RunStatus;
  summary: MigrationSummary;
}

/**
 * An event of a run's stream. `at` is the server's time (epoch ms) when the event was emitted, so a
 * follower can tell how far behind it is; replayed events keep their original time.
 */
export type RunEvent = RunEventBody & { at?: number };

type RunEventBody =
  | { type: "progress"; migrationId: string; status: ActiveRunStatus; progress: MigrationProgress }
  | { type: "complete"; migrationId: string; status: "completed"; message: string; result: MigrationResultDto }
  | {
      type: "error";
      migrationId: string;
      /** `stuck` when the run's job was lost; `failed` otherwise. */
      status: "failed" | "stuck";
      /** The spec's text: 'Migration failed' or the stuck message. */
      error: string;
      /** Why, for the logs panel. */
      details?: string;
    }
  | { type: "cancelled"; migrationId: string; status: "cancelled"; message: string; progress: MigrationProgress }
  | { type: "reconnected"; migrationId: string; status: RunStatus; lastEventId: number; progress: MigrationProgress };

export type RunEventType = RunEvent["type"];

/** `GET /migration/active/{siteId}`. `message` is set when the run is stuck. */
export interface ActiveMigrationDto {
  migrationId: string;
  siteId: string;
  status: RunStatus;
  progress: MigrationProgress;
  startedAt: string;
  finishedAt: string | null;
  message?: string;
}

/** `POST /migration/cancel/{id}`. */
export interface CancelMigrationDto {
  success: true;
  message: string;
}

export type RunLogLevel = "info" | "warn" | "error";

/** One entry of `GET /migration/logs/{siteId}` → `{ logs: MigrationLogDto[] }`. */
export interface MigrationLogDto {
  id: string;
  migrationId: string;
  level: RunLogLevel;
  message: string;
  url: string | null;
  timestamp: string;
}

/** A captured page, as `GET /snapshots` and `GET /snapshots/{id}` return it. */
export interface SnapshotDto {
  id: string;
  siteId: string;
  migrationId: string;
  url: string;
  finalUrl: string;
  httpStatus: number;
  title: string;
  contentHash: string;
  /** API path of the screenshot, or null when the run took none. */
  screenshotUrl: string | null;
  componentCount: number;
  imageCount: number;
  linkCount: number;
  durationMs: number;
  createdAt: string;
}

/** The API path of a snapshot's screenshot. */
export function screenshotPath(snapshotId: string): string {
  return `/api/v1/migration/screenshot/${encodeURIComponent(snapshotId)}`;
}

/** An empty progress value. */
export function emptyProgress(phase: RunPhase = "discovering"): MigrationProgress {
  return { processedCount: 0, totalCount: 0, currentPage: null, damProgress: null, screenshots: [], phase, succeeded: 0, failed: 0, skipped: 0, awaitingReview: 0 };
}
