import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { PageExtraction } from "../contracts/extraction";
import { MIGRATION_MESSAGES, screenshotPath, type SnapshotDto } from "../contracts/run-events";
import type { Db } from "../db/client";
import { snapshots, type SnapshotRow } from "../db/schema-runs";
import type { Env } from "../env";
import { notFound } from "../lib/errors";
import { requireSite } from "./sites";

export const SNAPSHOT_PAGE = { default: 50, max: 200 } as const;

export function toSnapshotDto(row: SnapshotRow): SnapshotDto {
  return {
    id: row.id,
    siteId: row.siteId,
    migrationId: row.migrationId,
    url: row.url,
    finalUrl: row.finalUrl,
    httpStatus: row.httpStatus,
    title: row.title,
    contentHash: row.contentHash,
    screenshotUrl: row.screenshotKey ? screenshotPath(row.id) : null,
    componentCount: row.componentCount,
    imageCount: row.imageCount,
    linkCount: row.linkCount,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface SnapshotQuery {
  siteId: string;
  migrationId?: string;
  limit?: number;
  offset?: number;
}

/** Snapshots of a site (optionally of one run), newest first, a page at a time. */
export async function listSnapshots(db: Db, organizationId: string, q: SnapshotQuery): Promise<{ snapshots: SnapshotDto[]; total: number }> {
  await requireSite(db, organizationId, q.siteId);
  const conditions: SQL[] = [eq(snapshots.organizationId, organizationId), eq(snapshots.siteId, q.siteId)];
  if (q.migrationId) conditions.push(eq(snapshots.migrationId, q.migrationId));
  const where = and(...conditions);
  const limit = Math.min(Math.max(1, q.limit ?? SNAPSHOT_PAGE.default), SNAPSHOT_PAGE.max);
  const [rows, totals] = await Promise.all([
    db.select().from(snapshots).where(where).orderBy(desc(snapshots.createdAt), desc(snapshots.id)).limit(limit).offset(Math.max(0, q.offset ?? 0)),
    db.select({ n: count() }).from(snapshots).where(where),
  ]);
  return { snapshots: rows.map(toSnapshotDto), total: totals[0]?.n ?? 0 };
}

async function requireSnapshot(db: Db, organizationId: string, snapshotId: string): Promise<SnapshotRow> {
  const row = await db.query.snapshots.findFirst({ where: and(eq(snapshots.id, snapshotId), eq(snapshots.organizationId, organizationId)) });
  if (!row) throw notFound(MIGRATION_MESSAGES.snapshotNotFound);
  return row;
}

/** One snapshot with its extracted content (null when the stored extraction is gone). */
export async function getSnapshot(db: Db, env: Env, organizationId: string, snapshotId: string): Promise<{ snapshot: SnapshotDto; extraction: PageExtraction | null }> {
  const row = await requireSnapshot(db, organizationId, snapshotId);
  const object = await env.BUCKET.get(row.extractionKey);
  const extraction = object ? ((await object.json()) as PageExtraction) : null;
  return { snapshot: toSnapshotDto(row), extraction };
}

/** The screenshot image of a snapshot of the organization. */
export async function getScreenshot(db: Db, env: Env, organizationId: string, snapshotId: string): Promise<R2ObjectBody> {
  const row = await requireSnapshot(db, organizationId, snapshotId);
  const object = row.screenshotKey ? await env.BUCKET.get(row.screenshotKey) : null;
  if (!object) throw notFound(MIGRATION_MESSAGES.screenshotNotFound);
  return object;
}
