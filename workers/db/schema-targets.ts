import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { belongsTo, createdAt, updatedAt } from "./columns";
import { organizations, sites } from "./schema";
import type { OutsideLink, PageAssetRecord, PageMetadataRecord } from "../contracts/platforms";


/**
 * What the target holds for each migrated page of a site: the key is derived from the canonical source
 * URL, so re-running a migration updates the same target item instead of writing a duplicate.
 */
export const targetItems = sqliteTable(
  "target_items",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    platform: text("platform").notNull(),
    itemKey: text("item_key").notNull(),
    sourceUrl: text("source_url").notNull(),
    targetId: text("target_id").notNull(),
    targetPath: text("target_path").notNull(),
    version: text("version"),
    contentHash: text("content_hash").notNull(),
    lastMigrationId: text("last_migration_id"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("target_items_site_key_idx").on(t.siteId, t.platform, t.itemKey),
    index("target_items_migration_idx").on(t.lastMigrationId),
  ],
);

/** Assets uploaded into a target, by content hash: the same image is uploaded once across runs. */
export const targetAssets = sqliteTable(
  "target_assets",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    platform: text("platform").notNull(),
    contentHash: text("content_hash").notNull(),
    sourceUrl: text("source_url").notNull(),
    targetId: text("target_id").notNull(),
    targetUrl: text("target_url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("target_assets_site_hash_idx").on(t.siteId, t.platform, t.contentHash),
    index("target_assets_source_idx").on(t.siteId, t.platform, t.sourceUrl),
  ],
);

/** One migration run's output towards its target: its files and its rollback state. */
export const targetRuns = sqliteTable(
  "target_runs",
  {
    migrationId: text("migration_id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    siteId: belongsTo("site_id", () => sites.id),
    platform: text("platform").notNull(),
    assetMode: text("asset_mode").notNull(),
    keepYamlFile: integer("keep_yaml_file", { mode: "boolean" }).notNull().default(false),
    /** R2 keys of the downloadable outputs, set when the run finishes. */
    outputs: text("outputs", { mode: "json" }).$type<Record<string, string>>(),
    summary: text("summary", { mode: "json" }).$type<Record<string, number>>(),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    rolledBackAt: integer("rolled_back_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("target_runs_site_idx").on(t.siteId, t.createdAt)],
);

/** Every write a run made into the target, in order, with what was there before: rollback replays it backwards. */
export const runWrites = sqliteTable(
  "run_writes",
  {
    id: text("id").primaryKey(),
    migrationId: belongsTo("migration_id", () => targetRuns.migrationId),
    organizationId: text("organization_id").notNull(),
    seq: integer("seq").notNull(),
    kind: text("kind", { enum: ["page", "asset"] }).notNull(),
    action: text("action", { enum: ["create", "update"] }).notNull(),
    itemKey: text("item_key"),
    targetId: text("target_id").notNull(),
    targetPath: text("target_path"),
    previous: text("previous", { mode: "json" }).$type<unknown>(),
    /** The target_items row before this write (null when the write created it), restored by rollback. */
    previousItem: text("previous_item", { mode: "json" }).$type<unknown>(),
    /** A page write's assets and what became of each (uploaded, reused, converted, bundled, kept at the source). */
    assets: text("assets", { mode: "json" }).$type<PageAssetRecord[]>(),
    /** A page write's links to pages of the site outside the page list (still pointing at the source). */
    linksOutside: text("links_outside", { mode: "json" }).$type<OutsideLink[]>(),
    /** What of a page write's metadata the platform kept and what had no place there (when the adapter says). */
    metadata: text("metadata", { mode: "json" }).$type<PageMetadataRecord>(),
    rolledBackAt: integer("rolled_back_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("run_writes_migration_seq_idx").on(t.migrationId, t.seq)],
);

export type TargetItem = typeof targetItems.$inferSelect;
export type TargetAsset = typeof targetAssets.$inferSelect;
export type TargetRun = typeof targetRuns.$inferSelect;
export type RunWrite = typeof runWrites.$inferSelect;
