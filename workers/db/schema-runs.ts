import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { PageFidelityDetail } from "../contracts/fidelity";
import { belongsTo, createdAt } from "./columns";
import type { MigrationProgress, RunOptions } from "../contracts/run-events";
import { organizations, sites, users } from "./schema";


/**
 * One migration run of a site. The run's working state lives in its Durable Object; this row is the
 * record the API reads (status, progress, summary) and is updated by the object as it works.
 */
export const migrationRuns = sqliteTable(
  "migration_runs",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    startedByUserId: text("started_by_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["running", "processing", "completed", "failed", "cancelled", "stuck"] }).notNull(),
    options: text("options", { mode: "json" }).$type<RunOptions>().notNull(),
    progress: text("progress", { mode: "json" }).$type<MigrationProgress>().notNull(),
    totalCount: integer("total_count").notNull().default(0),
    succeeded: integer("succeeded").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    componentCount: integer("component_count").notNull().default(0),
    errorMessage: text("error_message"),
    startedAt: createdAt(),
    heartbeatAt: integer("heartbeat_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("migration_runs_site_idx").on(t.siteId, t.startedAt),
    index("migration_runs_org_idx").on(t.organizationId, t.startedAt),
    // One working run per site: a second start loses this race and answers 409.
    uniqueIndex("migration_runs_one_active_idx")
      .on(t.siteId)
      .where(sql`status in ('running', 'processing')`),
  ],
);

/**
 * A captured page. The id is derived from the run and the page URL, so a page captured again after an
 * interruption overwrites its own row and R2 objects instead of adding new ones.
 */
export const snapshots = sqliteTable(
  "snapshots",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    migrationId: belongsTo("migration_id", () => migrationRuns.id),
    url: text("url").notNull(),
    finalUrl: text("final_url").notNull(),
    httpStatus: integer("http_status").notNull(),
    title: text("title").notNull().default(""),
    contentHash: text("content_hash").notNull(),
    /** R2 key of the screenshot, or null when the run took none. */
    screenshotKey: text("screenshot_key"),
    /** R2 key of the PageExtraction JSON. */
    extractionKey: text("extraction_key").notNull(),
    componentCount: integer("component_count").notNull().default(0),
    imageCount: integer("image_count").notNull().default(0),
    linkCount: integer("link_count").notNull().default(0),
    /** Time spent on the page: load, extraction, screenshot and storage. */
    durationMs: integer("duration_ms").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("snapshots_run_url_idx").on(t.migrationId, t.url),
    index("snapshots_site_idx").on(t.siteId, t.createdAt),
    index("snapshots_site_url_idx").on(t.siteId, t.url, t.createdAt),
  ],
);

/**
 * How closely a written page matches its source, measured by rendering it from the target after the
 * write (workers/runs/fidelity-step.ts). One row per snapshot: a retried write replaces it.
 */
export const pageFidelity = sqliteTable(
  "page_fidelity",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    migrationId: belongsTo("migration_id", () => migrationRuns.id),
    snapshotId: belongsTo("snapshot_id", () => snapshots.id),
    sourceUrl: text("source_url").notNull(),
    targetUrl: text("target_url").notNull(),
    score: real("score").notNull(),
    needsReview: integer("needs_review", { mode: "boolean" }).notNull().default(false),
    /** The parts and differences (PageFidelityDetail). */
    detail: text("detail", { mode: "json" }).$type<PageFidelityDetail>().notNull(),
    /** R2 key of the target page's screenshot. */
    screenshotKey: text("screenshot_key"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("page_fidelity_snapshot_idx").on(t.snapshotId), index("page_fidelity_run_score_idx").on(t.migrationId, t.score)],
);

/** What a run did, per page where it concerns one: shown in the logs panel (spec §7 logs). */
export const migrationLogs = sqliteTable(
  "migration_logs",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    migrationId: belongsTo("migration_id", () => migrationRuns.id),
    level: text("level", { enum: ["info", "warn", "error"] }).notNull(),
    message: text("message").notNull(),
    url: text("url"),
    createdAt: createdAt(),
  },
  (t) => [index("migration_logs_run_idx").on(t.migrationId, t.createdAt), index("migration_logs_site_idx").on(t.siteId, t.createdAt)],
);

export type MigrationRunRow = typeof migrationRuns.$inferSelect;
export type SnapshotRow = typeof snapshots.$inferSelect;
export type MigrationLogRow = typeof migrationLogs.$inferSelect;
export type PageFidelityRow = typeof pageFidelity.$inferSelect;
