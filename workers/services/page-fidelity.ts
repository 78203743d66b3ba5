import { and, asc, eq } from "drizzle-orm";
import { fidelityScreenshotPath, type PageFidelityDto, type SnapshotFidelityDto, type WrittenPageDto } from "../contracts/fidelity";
import { MIGRATION_MESSAGES } from "../contracts/run-events";
import type { Db } from "../db/client";
import { migrationRuns, pageFidelity, snapshots, type PageFidelityRow } from "../db/schema-runs";
import { runWrites, targetItems, targetRuns } from "../db/schema-targets";
import type { Env } from "../env";
import { notFound } from "../lib/errors";

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
  let page: WrittenPageDto | null = null;
  if (run) {
    const rows = await db
      .select({ sourceUrl: targetItems.sourceUrl, targetPath: runWrites.targetPath, targetId: runWrites.targetId, action: runWrites.action, assets: runWrites.assets, linksOutside: runWrites.linksOutside, metadata: runWrites.metadata })
      .from(runWrites)
      .innerJoin(targetItems, and(eq(targetItems.itemKey, runWrites.itemKey), eq(targetItems.siteId, run.siteId), eq(targetItems.platform, run.platform)))
      .where(and(eq(runWrites.migrationId, snapshot.migrationId), eq(runWrites.kind, "page"), eq(targetItems.sourceUrl, snapshot.url)))
      .orderBy(asc(runWrites.seq));
    const last = rows.at(-1);
    if (last) page = { ...last, assets: last.assets ?? [], linksOutside: last.linksOutside ?? [] };
  }
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
