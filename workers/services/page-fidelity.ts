import { and, asc, eq } from "drizzle-orm";
import { fidelityScreenshotPath, type PageFidelityDto, type SnapshotFidelityDto } from "../contracts/fidelity";
import { MIGRATION_MESSAGES } from "../contracts/run-events";
import type { Db } from "../db/client";
import { migrationRuns, pageFidelity, snapshots, type PageFidelityRow } from "../db/schema-runs";
import { targetRuns } from "../db/schema-targets";
import type { Env } from "../env";
import { notFound } from "../lib/errors";
import { writtenPages } from "./target-outputs";

export function toFidelityDto(row: PageFidelityRow): PageFidelityDto {
  return {
    ...row.detail,
    id: row.id,
    migrationId: row.migrationId,
    snapshotId: row.snapshotId,
    sourceUrl: row.sourceUrl,
    targetUrl: row.targetUrl,
    score: row.score,
    needsReview: row.needsReview,
    screenshotUrl: row.screenshotKey ? fidelityScreenshotPath(row.id) : null,
    checkedAt: row.createdAt.toISOString(),
  };
}

/** A snapshot's page as checked in the target, with what its run wrote for it (404 outside the organization). */
export async function getSnapshotFidelity(db: Db, organizationId: string, snapshotId: string): Promise<SnapshotFidelityDto> {
  const snapshot = await db.query.snapshots.findFirst({ where: and(eq(snapshots.id, snapshotId), eq(snapshots.organizationId, organizationId)) });
  if (!snapshot) throw notFound(MIGRATION_MESSAGES.snapshotNotFound);
  const [fidelity, run] = await Promise.all([
    db.query.pageFidelity.findFirst({ where: and(eq(pageFidelity.snapshotId, snapshotId), eq(pageFidelity.organizationId, organizationId)) }),
    db.query.targetRuns.findFirst({ where: and(eq(targetRuns.migrationId, snapshot.migrationId), eq(targetRuns.organizationId, organizationId)) }),
  ]);
  // The page's last write in its run (a page written twice in one run shows as it ended).
  const page = run ? ((await writtenPages(db, run, snapshot.url)).at(-1) ?? null) : null;
  return { fidelity: fidelity ? toFidelityDto(fidelity) : null, platform: run?.platform ?? null, page };
}

/** The pages of a run checked in the target, worst first (404 outside the organization). */
export async function listRunFidelity(db: Db, organizationId: string, migrationId: string): Promise<{ migrationId: string; pages: PageFidelityDto[] }> {
  const run = await db.query.migrationRuns.findFirst({ where: and(eq(migrationRuns.id, migrationId), eq(migrationRuns.organizationId, organizationId)) });
  if (!run) throw notFound(MIGRATION_MESSAGES.migrationNotFound);
  const rows = await db
    .select()
    .from(pageFidelity)
    .where(and(eq(pageFidelity.migrationId, migrationId), eq(pageFidelity.organizationId, organizationId)))
    .orderBy(asc(pageFidelity.score), asc(pageFidelity.sourceUrl));
  return { migrationId, pages: rows.map(toFidelityDto) };
}

/** The screenshot of a written page as the target served it. */
export async function getFidelityScreenshot(db: Db, env: Env, organizationId: string, fidelityId: string): Promise<R2ObjectBody> {
  const row = await db.query.pageFidelity.findFirst({ where: and(eq(pageFidelity.id, fidelityId), eq(pageFidelity.organizationId, organizationId)) });
  const object = row?.screenshotKey ? await env.BUCKET.get(row.screenshotKey) : null;
  if (!object) throw notFound(MIGRATION_MESSAGES.screenshotNotFound);
  return object;
}
