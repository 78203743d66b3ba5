import { and, desc, eq, inArray } from "drizzle-orm";
import { platformMeta } from "../contracts/platforms";
import {
  ACTIVE_RUN_STATUSES,
  MIGRATION_MESSAGES,
  type ActiveMigrationDto,
  type CancelMigrationDto,
  type MigrationResultDto,
  type RunOptions,
  type StartMigrationInput,
} from "../contracts/run-events";
import type { SiteSettings } from "../contracts/sites";
import type { Db } from "../db/client";
import { siteConfigs, type SiteConfigRow } from "../db/schema";
import { violatesUniqueIndex } from "../db/constraints";
import { migrationRuns, type MigrationRunRow } from "../db/schema-runs";
import type { Env } from "../env";
import { ApiError, badRequest, conflict, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { effectiveConcurrency, isActiveStatus, isHeartbeatStale, summarise } from "../runs/run-state";
import { runStub } from "../runs/stub";
import { emptyProgress } from "../contracts/run-events";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import { requireSite } from "./sites";

/** A finished run is still reported by `active` for this long, so a reload right after it shows its outcome. */
export const RECENT_RUN_WINDOW_MS = 60 * 60 * 1000;

function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (value && typeof value === "object") return Object.keys(value).length === 0;
  return true;
}

/**
 * Why a site's configuration cannot start a run (spec §5): no templates, unless its platform models
 * content types only, or no components. Null when a run can start.
 */
export function configProblem(config: Pick<SiteConfigRow, "platform" | "templates" | "components"> | undefined): string | null {
  const typesOnly = platformMeta(config?.platform)?.capabilities.entryModeling === "types-only";
  if (!typesOnly && isEmpty(config?.templates)) return MIGRATION_MESSAGES.noTemplates;
  if (isEmpty(config?.components)) return MIGRATION_MESSAGES.noComponents;
  return null;
}

/** Of the organization's sites `siteIds` (in that order), the first whose configuration can start a run (see `configProblem`). */
export async function firstRunnableSiteId(db: Db, organizationId: string, siteIds: readonly string[]): Promise<string | null> {
  const configs = await db
    .select({ siteId: siteConfigs.siteId, platform: siteConfigs.platform, templates: siteConfigs.templates, components: siteConfigs.components })
    .from(siteConfigs)
    .where(eq(siteConfigs.organizationId, organizationId));
  const runnable = new Set(configs.filter((c) => configProblem(c) === null).map((c) => c.siteId));
  return siteIds.find((id) => runnable.has(id)) ?? null;
}

/** A run of the organization, or null. */
export async function findRun(db: Db, organizationId: string, migrationId: string): Promise<MigrationRunRow | null> {
  const row = await db.query.migrationRuns.findFirst({
    where: and(eq(migrationRuns.id, migrationId), eq(migrationRuns.organizationId, organizationId)),
  });
  return row ?? null;
}

async function latestRun(db: Db, organizationId: string, siteId: string, activeOnly = false): Promise<MigrationRunRow | null> {
  const where = activeOnly
    ? and(eq(migrationRuns.siteId, siteId), eq(migrationRuns.organizationId, organizationId), inArray(migrationRuns.status, [...ACTIVE_RUN_STATUSES]))
    : and(eq(migrationRuns.siteId, siteId), eq(migrationRuns.organizationId, organizationId));
  const row = await db.query.migrationRuns.findFirst({ where, orderBy: desc(migrationRuns.startedAt) });
  return row ?? null;
}

/**
 * Declares a working run stuck when its heartbeat is too old. The run object decides (its own heartbeat
 * is the authority); when the object cannot be reached the record is marked directly. Returns the row
 * as it is afterwards.
 */
async function settleIfStuck(db: Db, env: Env, row: MigrationRunRow): Promise<MigrationRunRow> {
  if (!isActiveStatus(row.status) || !isHeartbeatStale(row.heartbeatAt.getTime())) return row;
  try {
    const stub = runStub(env, row.id);
    const status = await stub.checkStuck();
    // The object finished but its record did not say so (a failed write): repair the record.
    if (status && !isActiveStatus(status)) await stub.syncRecord();
  } catch (err) {
    console.error("Could not reach the run object to check it", row.id, err);
    await db.batch([
      db
        .update(migrationRuns)
        .set({ status: "stuck", errorMessage: MIGRATION_MESSAGES.stuck, finishedAt: new Date() })
        .where(and(eq(migrationRuns.id, row.id), inArray(migrationRuns.status, [...ACTIVE_RUN_STATUSES]))),
      auditStatement(db, null, { organizationId: row.organizationId, action: "migration.stuck", entityType: "migration", entityId: row.id }),
    ]);
  }
  return (await findRun(db, row.organizationId, row.id)) ?? row;
}

/**
 * Starts a migration of a site (spec §5 validation), or answers 409 while another run of the site is
 * working. Returns the new run's event stream (the body of a text/event-stream response).
 */
export async function startMigration(db: Db, env: Env, auth: SessionUser, organizationId: string, input: StartMigrationInput): Promise<ReadableStream<Uint8Array>> {
  const site = await requireSite(db, organizationId, input.siteId);
  const config = await db.query.siteConfigs.findFirst({ where: and(eq(siteConfigs.siteId, site.id), eq(siteConfigs.organizationId, organizationId)) });
  const problem = configProblem(config);
  if (problem) throw badRequest(problem);

  const active = await latestRun(db, organizationId, site.id, true);
  if (active) {
    const settled = await settleIfStuck(db, env, active);
    if (isActiveStatus(settled.status)) throw conflict(MIGRATION_MESSAGES.alreadyRunning, { migrationId: settled.id, status: settled.status });
  }

  const settings = (config?.settings ?? {}) as SiteSettings;
  const options: RunOptions = {
    overrideWhitelist: input.overrideWhitelist?.length ? input.overrideWhitelist : null,
    keepYamlFile: input.keepYamlFile ?? false,
    preferRagRuns: input.preferRagRuns ?? false,
    ragOnly: input.ragOnly ?? false,
    screenshots: input.screenshots ?? true,
    skipUnchanged: input.skipUnchanged ?? true,
    concurrency: effectiveConcurrency(settings.concurrency),
  };
  const migrationId = newId();
  const now = new Date();
  try {
    await db.batch([
      db.insert(migrationRuns).values({
        id: migrationId,
        organizationId,
        siteId: site.id,
        startedByUserId: auth.user.id,
        status: "running",
        options,
        progress: emptyProgress(),
        startedAt: now,
        heartbeatAt: now,
      }),
      auditStatement(db, auth.actor, { organizationId, action: "migration.start", entityType: "migration", entityId: migrationId, after: { siteId: site.id, options } }),
    ]);
  } catch (err) {
    // The one-working-run-per-site index: another start won the race.
    if (violatesUniqueIndex(err, migrationRuns, "migration_runs_one_active_idx")) throw conflict(MIGRATION_MESSAGES.alreadyRunning);
    throw err;
  }

  const stub = runStub(env, migrationId);
  try {
    await stub.start({
      migrationId,
      organizationId,
      siteId: site.id,
      actor: auth.actor,
      site: {
        organizationId,
        siteId: site.id,
        domain: site.domain,
        platform: config?.platform ?? null,
        components: (config?.components ?? {}) as Record<string, unknown>,
        templates: (config?.templates ?? {}) as Record<string, unknown> | unknown[],
        settings,
      },
      options,
      environment: env.ENVIRONMENT,
    });
  } catch (err) {
    await db.update(migrationRuns).set({ status: "failed", errorMessage: String(err), finishedAt: new Date() }).where(eq(migrationRuns.id, migrationId));
    throw new ApiError(500, MIGRATION_MESSAGES.failed);
  }
  return runStream(stub, null);
}

/** The site's working run, or its latest run when that ended within the last hour; 404 otherwise. */
export async function getActiveMigration(db: Db, env: Env, organizationId: string, siteId: string): Promise<ActiveMigrationDto> {
  await requireSite(db, organizationId, siteId);
  let row = await latestRun(db, organizationId, siteId);
  if (!row) throw notFound(MIGRATION_MESSAGES.noActiveMigration);
  row = await settleIfStuck(db, env, row);
  const recent = row.finishedAt !== null && Date.now() - row.finishedAt.getTime() < RECENT_RUN_WINDOW_MS;
  if (!isActiveStatus(row.status) && !recent) throw notFound(MIGRATION_MESSAGES.noActiveMigration);
  return {
    migrationId: row.id,
    siteId: row.siteId,
    status: row.status,
    progress: row.progress,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    ...(row.status === "stuck" ? { message: MIGRATION_MESSAGES.stuck } : {}),
  };
}

/** The result of a run (spec §3): success, and the summary of pages, components and duration. */
export async function getMigrationResult(db: Db, organizationId: string, migrationId: string): Promise<MigrationResultDto> {
  const row = await findRun(db, organizationId, migrationId);
  if (!row) throw notFound(MIGRATION_MESSAGES.migrationNotFound);
  return {
    success: row.status === "completed",
    migrationId: row.id,
    status: row.status,
    // The row keeps the review-waiting count in its progress, not in a column.
    summary: summarise({ ...row, awaitingReview: row.progress?.awaitingReview ?? 0 }, row.startedAt.getTime(), row.finishedAt ? row.finishedAt.getTime() : null),
  };
}

/**
 * The event stream of a run of the organization, resuming after `lastEventId` (the Last-Event-ID
 * header or query value) when it is a whole number.
 */
export async function openMigrationStream(db: Db, env: Env, organizationId: string, migrationId: string, lastEventId: string | null): Promise<ReadableStream<Uint8Array>> {
  const row = await findRun(db, organizationId, migrationId);
  if (!row) throw notFound(MIGRATION_MESSAGES.migrationNotFound);
  const after = lastEventId !== null && /^\d+$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : null;
  return runStream(runStub(env, migrationId), after);
}

/** The run object's event stream (a streaming body over RPC); a run whose object was never started is not found. */
async function runStream(stub: ReturnType<typeof runStub>, lastEventId: number | null): Promise<ReadableStream<Uint8Array>> {
  const response = await stub.stream(lastEventId);
  if (!response?.body) throw notFound(MIGRATION_MESSAGES.migrationNotFound);
  return response.body;
}

/** Cancels a working run (spec §7); 404 with the spec's text when there is none to cancel. */
export async function cancelMigration(db: Db, env: Env, auth: SessionUser, organizationId: string, migrationId: string): Promise<CancelMigrationDto> {
  const row = await findRun(db, organizationId, migrationId);
  if (!row || !isActiveStatus(row.status)) throw notFound(MIGRATION_MESSAGES.cancelNotFound);
  let result: { cancelled: boolean };
  try {
    result = await runStub(env, migrationId).cancel(auth.actor);
  } catch (err) {
    console.error("Cancel failed", migrationId, err);
    throw new ApiError(500, MIGRATION_MESSAGES.cancelFailed);
  }
  if (!result.cancelled) throw notFound(MIGRATION_MESSAGES.cancelNotFound);
  return { success: true, message: MIGRATION_MESSAGES.cancelled };
}
