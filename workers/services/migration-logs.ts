import { and, desc, eq } from "drizzle-orm";
import type { MigrationLogDto } from "../contracts/run-events";
import type { Db } from "../db/client";
import { migrationLogs, migrationRuns } from "../db/schema-runs";
import { requireSite } from "./sites";

export const LOG_LIMITS = { default: 1000, max: 5000 } as const;

/**
 * Log entries of a site's run, oldest first: the run given by `migrationId`, else the site's latest run.
 * Long runs return their latest `limit` entries.
 */
export async function getMigrationLogs(db: Db, organizationId: string, siteId: string, opts: { migrationId?: string | null; limit?: number } = {}): Promise<MigrationLogDto[]> {
  await requireSite(db, organizationId, siteId);
  let migrationId = opts.migrationId ?? null;
  if (!migrationId) {
    const latest = await db.query.migrationRuns.findFirst({
      where: and(eq(migrationRuns.siteId, siteId), eq(migrationRuns.organizationId, organizationId)),
      orderBy: desc(migrationRuns.startedAt),
      columns: { id: true },
    });
    if (!latest) return [];
    migrationId = latest.id;
  }
  const limit = Math.min(Math.max(1, opts.limit ?? LOG_LIMITS.default), LOG_LIMITS.max);
  const rows = await db
    .select()
    .from(migrationLogs)
    .where(and(eq(migrationLogs.migrationId, migrationId), eq(migrationLogs.siteId, siteId), eq(migrationLogs.organizationId, organizationId)))
    .orderBy(desc(migrationLogs.createdAt), desc(migrationLogs.id))
    .limit(limit);
  return rows.reverse().map((r) => ({
    id: r.id,
    migrationId: r.migrationId,
    level: r.level,
    message: r.message,
    url: r.url,
    timestamp: r.createdAt.toISOString(),
  }));
}
