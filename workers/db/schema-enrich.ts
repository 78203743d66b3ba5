import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { belongsTo, createdAt, updatedAt } from "./columns";
import type { EnrichRollbackOutcome, Finding } from "../contracts/enrich";
import { organizations, sites } from "./schema";
import { migrationRuns, snapshots } from "./schema-runs";

/** The audit of one migrated page (a snapshot of the site's latest analysed run): its findings and score. */
export const enrichPageAudits = sqliteTable(
  "enrich_page_audits",
  {
    snapshotId: belongsTo("snapshot_id", () => snapshots.id).primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    runId: belongsTo("run_id", () => migrationRuns.id),
    url: text("url").notNull(),
    title: text("title").notNull().default(""),
    wordCount: integer("word_count").notNull().default(0),
    findings: text("findings", { mode: "json" }).$type<Finding[]>().notNull(),
    scoreBefore: integer("score_before").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("enrich_page_audits_site_idx").on(t.siteId, t.runId)],
);

/** A proposed change to one field of a page (or one image's alt text), reviewed like a mapping proposal. */
export const enrichProposals = sqliteTable(
  "enrich_proposals",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    snapshotId: belongsTo("snapshot_id", () => snapshots.id),
    runId: text("run_id").notNull(),
    pageUrl: text("page_url").notNull(),
    field: text("field").notNull(),
    /** The image address for alt text; "" for page fields. */
    target: text("target").notNull().default(""),
    kind: text("kind").notNull(),
    before: text("before").notNull().default(""),
    value: text("value").notNull(),
    finalValue: text("final_value"),
    confidence: real("confidence").notNull(),
    source: text("source").notNull(),
    rationale: text("rationale").notNull().default(""),
    status: text("status", { enum: ["pending", "approved", "rejected", "applied"] }).notNull().default("pending"),
    remembered: integer("remembered", { mode: "boolean" }).notNull().default(false),
    decidedByUserId: text("decided_by_user_id"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    appliedAt: integer("applied_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("enrich_proposals_snapshot_field_idx").on(t.snapshotId, t.field, t.target),
    index("enrich_proposals_site_idx").on(t.siteId, t.runId, t.status),
  ],
);

/** A person's decision on a page field, remembered across runs (keyed by the page URL, not the snapshot). */
export const enrichDecisions = sqliteTable(
  "enrich_decisions",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    pageUrl: text("page_url").notNull(),
    field: text("field").notNull(),
    target: text("target").notNull().default(""),
    action: text("action", { enum: ["approve", "tweak", "reject"] }).notNull(),
    proposedValue: text("proposed_value").notNull(),
    finalValue: text("final_value"),
    userId: text("user_id"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("enrich_decisions_page_field_idx").on(t.siteId, t.pageUrl, t.field, t.target)],
);

/** One application of approved changes to the target platform, which can be rolled back as a whole. */
export const enrichApplies = sqliteTable(
  "enrich_applies",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    platform: text("platform").notNull(),
    userId: text("user_id"),
    summary: text("summary", { mode: "json" }).$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
    rolledBackAt: integer("rolled_back_at", { mode: "timestamp_ms" }),
    /** What the rollback did with each value the apply wrote (restored, or left because it changed since); null until rolled back. */
    rollback: text("rollback_outcomes", { mode: "json" }).$type<EnrichRollbackOutcome[]>(),
  },
  (t) => [index("enrich_applies_site_idx").on(t.siteId, t.createdAt)],
);

/** One change an apply made (or could not make), with the platform's state before it for rollback. */
export const enrichApplyChanges = sqliteTable(
  "enrich_apply_changes",
  {
    id: text("id").primaryKey(),
    applyId: belongsTo("apply_id", () => enrichApplies.id),
    organizationId: text("organization_id").notNull(),
    proposalId: text("proposal_id").notNull(),
    pageUrl: text("page_url").notNull(),
    field: text("field").notNull(),
    target: text("target").notNull().default(""),
    targetId: text("target_id"),
    status: text("status", { enum: ["applied", "unsupported", "failed"] }).notNull(),
    message: text("message").notNull().default(""),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    rolledBackAt: integer("rolled_back_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("enrich_apply_changes_apply_idx").on(t.applyId)],
);

export type EnrichPageAuditRow = typeof enrichPageAudits.$inferSelect;
export type EnrichProposalRow = typeof enrichProposals.$inferSelect;
export type EnrichApplyRow = typeof enrichApplies.$inferSelect;
export type EnrichApplyChangeRow = typeof enrichApplyChanges.$inferSelect;

/**
 * A project's Enrich analysis as a job: requested through the API, run by the analysis queue's consumer
 * outside the request (a large site with a language model takes minutes). One row per site, the latest.
 */
export const enrichAnalyses = sqliteTable("enrich_analyses", {
  siteId: belongsTo("site_id", () => sites.id).primaryKey(),
  organizationId: belongsTo("organization_id", () => organizations.id),
  /** The run whose snapshots are analysed (the site's latest captured run when it was requested). */
  runId: belongsTo("run_id", () => migrationRuns.id),
  status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull(),
  requestedByUserId: text("requested_by_user_id").notNull(),
  impersonatorUserId: text("impersonator_user_id"),
  requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
  startedAt: integer("started_at", { mode: "timestamp_ms" }),
  finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  /** Why a failed analysis failed, in words a person can act on. */
  error: text("error"),
});

export type EnrichAnalysisRow = typeof enrichAnalyses.$inferSelect;
