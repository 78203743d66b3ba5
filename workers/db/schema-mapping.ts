import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { belongsTo, createdAt, updatedAt } from "./columns";
import { organizations, sites, users } from "./schema";
import type { Box } from "../contracts/extraction";


/**
 * The mapping state of one snapshot (a page captured by a run). `snapshotId` is the migration
 * engine's snapshot id; it is kept without a foreign key so mapping does not depend on how runs
 * store their snapshots.
 */
export const mappingSnapshots = sqliteTable(
  "mapping_snapshots",
  {
    snapshotId: text("snapshot_id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    runId: text("run_id"),
    url: text("url").notNull(),
    status: text("status", { enum: ["auto_applied", "needs_review", "reviewed"] }).notNull(),
    minConfidence: real("min_confidence").notNull(),
    lowestConfidence: real("lowest_confidence"),
    /** The run options and layers that produced the proposals. */
    options: text("options", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("mapping_snapshots_site_idx").on(t.organizationId, t.siteId, t.status)],
);

/**
 * One proposal: either the target component of a component instance (scope "component") or the
 * value of one target field (scope "field"). Page-level (template) proposals use instance -1.
 */
export const mappingProposals = sqliteTable(
  "mapping_proposals",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    snapshotId: belongsTo("snapshot_id", () => mappingSnapshots.snapshotId),
    instanceIndex: integer("instance_index").notNull(),
    scope: text("scope", { enum: ["component", "field", "template"] }).notNull(),
    sourceDefinition: text("source_definition"),
    sourceName: text("source_name"),
    sourceSelector: text("source_selector"),
    sourceKind: text("source_kind"),
    sourcePath: text("source_path"),
    sourceClasses: text("source_classes", { mode: "json" }).$type<string[]>(),
    /** Where the value comes from, for reviewers ("JSON-LD Article.author"). */
    sourceProvenance: text("source_provenance"),
    /** Where the source element was drawn on the screenshot. */
    sourceBox: text("source_box", { mode: "json" }).$type<Box>(),
    /** Memory keys of the source: exact and loose signature hashes. */
    signature: text("signature").notNull(),
    looseSignature: text("loose_signature").notNull(),
    targetComponent: text("target_component"),
    targetField: text("target_field"),
    targetType: text("target_type"),
    value: text("value", { mode: "json" }).$type<unknown>(),
    confidence: real("confidence").notNull(),
    layer: text("layer", { enum: ["memory", "heuristic", "llm"] }).notNull(),
    evidence: text("evidence", { mode: "json" }).$type<string[]>(),
    status: text("status", {
      enum: ["pending", "auto_applied", "approved", "tweaked", "overridden", "rejected"],
    }).notNull(),
    finalComponent: text("final_component"),
    finalField: text("final_field"),
    finalValue: text("final_value", { mode: "json" }).$type<unknown>(),
    decidedByUserId: text("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mapping_proposals_snapshot_idx").on(t.snapshotId, t.instanceIndex),
    index("mapping_proposals_site_idx").on(t.organizationId, t.siteId, t.status),
  ],
);

/** Every review decision, with who and when. */
export const mappingDecisions = sqliteTable(
  "mapping_decisions",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    snapshotId: text("snapshot_id").notNull(),
    proposalId: text("proposal_id").notNull(),
    action: text("action", { enum: ["approve", "tweak", "override", "reject"] }).notNull(),
    /** Confidence of the proposal when it was decided: the calibration view groups by it. */
    confidence: real("confidence").notNull(),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    impersonatorUserId: text("impersonator_user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mapping_decisions_site_idx").on(t.organizationId, t.siteId, t.createdAt),
    index("mapping_decisions_proposal_idx").on(t.proposalId),
  ],
);

/**
 * What people taught the mapper: for a source signature (selector path, classes, field role) in an
 * organization, the target component and field they approved or chose, and how often.
 */
export const mappingMemory = sqliteTable(
  "mapping_memory",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    scope: text("scope", { enum: ["component", "field", "template"] }).notNull(),
    signature: text("signature").notNull(),
    looseSignature: text("loose_signature").notNull(),
    /** Human-readable parts of the signature, for the evidence shown to reviewers. */
    signatureParts: text("signature_parts", { mode: "json" }).$type<Record<string, unknown>>(),
    targetComponent: text("target_component").notNull(),
    /** Empty for component-scope entries. */
    targetField: text("target_field").notNull().default(""),
    confirmations: integer("confirmations").notNull().default(0),
    rejections: integer("rejections").notNull().default(0),
    lastUserId: text("last_user_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("mapping_memory_key_idx").on(t.organizationId, t.signature, t.targetComponent, t.targetField),
    index("mapping_memory_loose_idx").on(t.organizationId, t.looseSignature),
  ],
);

/** The prompts of a site, one history per kind (mapping, Enrich), versioned; the newest version of a kind is the one in use. */
export const sitePrompts = sqliteTable(
  "site_prompts",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    kind: text("kind", { enum: ["mapping", "enrich"] }).notNull().default("mapping"),
    version: integer("version").notNull(),
    prompt: text("prompt").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("site_prompts_version_idx").on(t.siteId, t.kind, t.version)],
);

/** The language model a site's mapping uses. The API key is encrypted like platform secrets. */
export const mappingSettings = sqliteTable("mapping_settings", {
  siteId: belongsTo("site_id", () => sites.id).primaryKey(),
  organizationId: belongsTo("organization_id", () => organizations.id),
  llmProvider: text("llm_provider", { enum: ["none", "workers-ai", "openai-compatible"] })
    .notNull()
    .default("none"),
  model: text("model").notNull().default(""),
  baseUrl: text("base_url").notNull().default(""),
  apiKey: text("api_key"),
  updatedAt: updatedAt(),
});

/** The auto-populate state of a site (spec §3): one job at a time per site. */
export const autoPopulateJobs = sqliteTable("auto_populate_jobs", {
  siteId: belongsTo("site_id", () => sites.id).primaryKey(),
  organizationId: belongsTo("organization_id", () => organizations.id),
  status: text("status", { enum: ["idle", "rendering", "detecting", "completed", "failed"] }).notNull(),
  progress: integer("progress").notNull().default(0),
  url: text("url").notNull().default(""),
  selector: text("selector").notNull().default(""),
  suggestedComponents: text("suggested_components", { mode: "json" }).$type<unknown[]>(),
  error: text("error"),
  startedByUserId: text("started_by_user_id").references(() => users.id, { onDelete: "set null" }),
  startedAt: integer("started_at", { mode: "timestamp_ms" }),
  updatedAt: updatedAt(),
});

export type MappingSnapshotRow = typeof mappingSnapshots.$inferSelect;
export type MappingProposalRow = typeof mappingProposals.$inferSelect;
export type MappingMemoryRow = typeof mappingMemory.$inferSelect;
export type SitePromptRow = typeof sitePrompts.$inferSelect;
export type MappingSettingsRow = typeof mappingSettings.$inferSelect;
export type AutoPopulateJobRow = typeof autoPopulateJobs.$inferSelect;
