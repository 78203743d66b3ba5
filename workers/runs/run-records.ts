import { and, eq, ne, desc } from "drizzle-orm";
import type { MigrationProgress, RunLogLevel } from "../contracts/run-events";
import type { Db } from "../db/client";
import { migrationLogs, migrationRuns, snapshots } from "../db/schema-runs";
import { auditStatement, type Actor } from "../db/audit";
import { progressOf, summaryCounts } from "./run-progress";
import type { RunConfig, RunState, RunStore } from "./run-store";

/**
 * The run object's writes to D1: the run row the API reads, snapshot rows and log entries. Each page
 * is one batch, so a snapshot, the run's counters and its log line land together.
 */

let lastLogAt = 0;
let logSeq = 0;

/**
 * A log id that sorts by time (base-36 milliseconds, then a sequence within the same millisecond), so
 * entries written in one batch keep their order.
 */
export function logId(now: number = Date.now()): string {
  if (now === lastLogAt) logSeq++;
  else {
    lastLogAt = now;
    logSeq = 0;
  }
  return `${now.toString(36).padStart(9, "0")}-${logSeq.toString(36).padStart(3, "0")}-${crypto.randomUUID().slice(0, 8)}`;
}

export interface LogEntry {
  level: RunLogLevel;
  message: string;
  url?: string | null;
}

export function logStatement(db: Db, config: RunConfig, entry: LogEntry, id?: string) {
  const now = Date.now();
  return db
    .insert(migrationLogs)
    .values({
      id: id ?? logId(now),
      organizationId: config.organizationId,
      siteId: config.siteId,
      migrationId: config.migrationId,
      level: entry.level,
      message: entry.message.slice(0, 2000),
      url: entry.url ?? null,
      createdAt: new Date(now),
    })
    .onConflictDoNothing();
}

/** Recent screenshots kept in the run row's progress, for `GET /migration/active`. */
const ROW_SCREENSHOTS = 12;

/** The run row's status, counters and progress (with its latest screenshots), from the object's state. */
export function runRowPatch(run: { state: RunState; store: RunStore }) {
  const state = run.state;
  const progress: MigrationProgress = progressOf(run, run.store.recentScreenshots(ROW_SCREENSHOTS));
  const counts = summaryCounts(state);
  return {
    status: state.status,
    progress,
    totalCount: state.totalCount,
    succeeded: counts.succeeded,
    failed: counts.failed,
    skipped: counts.skipped,
    componentCount: state.componentCount,
    errorMessage: state.errorMessage,
    heartbeatAt: new Date(state.heartbeatAt),
    finishedAt: state.finishedAt ? new Date(state.finishedAt) : null,
  };
}

export function runUpdateStatement(db: Db, config: RunConfig, patch: ReturnType<typeof runRowPatch>) {
  return db
    .update(migrationRuns)
    .set(patch)
    .where(and(eq(migrationRuns.id, config.migrationId), eq(migrationRuns.organizationId, config.organizationId)));
}

export interface SnapshotValues {
  id: string;
  url: string;
  finalUrl: string;
  httpStatus: number;
  title: string;
  contentHash: string;
  screenshotKey: string | null;
  extractionKey: string;
  componentCount: number;
  imageCount: number;
  linkCount: number;
  durationMs: number;
}

/** Inserts a snapshot, or overwrites the one a previous attempt at the same page wrote. */
export function snapshotStatement(db: Db, config: RunConfig, values: SnapshotValues) {
  const row = { ...values, organizationId: config.organizationId, siteId: config.siteId, migrationId: config.migrationId };
  const { id: _id, ...update } = row;
  return db.insert(snapshots).values(row).onConflictDoUpdate({ target: snapshots.id, set: update });
}

/** The site's latest snapshot of `url` from an earlier run, with its content hash, if any. */
export async function previousSnapshot(db: Db, config: RunConfig, url: string): Promise<{ id: string; migrationId: string; url: string; contentHash: string } | null> {
  const rows = await db
    .select({ id: snapshots.id, migrationId: snapshots.migrationId, url: snapshots.url, contentHash: snapshots.contentHash })
    .from(snapshots)
    .where(
      and(
        eq(snapshots.organizationId, config.organizationId),
        eq(snapshots.siteId, config.siteId),
        eq(snapshots.url, url),
        ne(snapshots.migrationId, config.migrationId),
      ),
    )
    .orderBy(desc(snapshots.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** The audit statement of a run-level event (finish: no actor; cancel: the user who cancelled). */
export function runAuditStatement(db: Db, config: RunConfig, actor: Actor | null, action: string, after: unknown) {
  return auditStatement(db, actor, { organizationId: config.organizationId, action, entityType: "migration", entityId: config.migrationId, after });
}
