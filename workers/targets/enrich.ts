/**
 * Writing reviewed Enrich changes (meta title and description, image alt text, language, summary,
 * tags) into pages a migration already wrote, and undoing them. One enricher per platform that takes
 * them; each returns the platform's state before the change so a rollback can restore it.
 */
import type { EnrichField } from "../contracts/enrich";
import { isExportBundlePlatform } from "./registry";
import { createAemEnricher } from "./enrich-aem";
import { createContentfulEnricher, createMagnoliaEnricher, createSanityEnricher, createStoryblokEnricher } from "./enrich-platforms";
import type { AdapterOptions } from "./adapters/options";
import { applied, unsupported } from "./enrich-outcomes";
import { restored, type RevertOutcome } from "./enrich-revert";
import { createWordPressEnricher } from "./enrich-wordpress";

export interface EnrichChangeInput {
  field: EnrichField;
  /** The image's source address for alt text; "" for page fields. */
  target: string;
  value: string;
  /** For alt text: the image as the target holds it (media id, asset URL), when the run uploaded it. */
  asset?: { targetId: string; url: string } | null;
}

/** The page in the target, as the migration recorded it (target_items). */
export interface EnrichItem {
  targetId: string;
  targetPath: string;
  /** The run that last wrote the page (export bundles live under it). */
  migrationId: string | null;
}

export interface EnrichWriteResult {
  /** Per change, in order: written, or why the platform does not take it. */
  outcomes: Array<{ status: "applied" | "unsupported"; message: string }>;
  /** The platform's state before the write (null when nothing was written). */
  previous: unknown;
  after: unknown;
}

export interface TargetEnricher {
  apply(item: EnrichItem, changes: EnrichChangeInput[]): Promise<EnrichWriteResult>;
  /**
   * Undoes an apply from its `previous` and `after` records: each value it wrote gets its old value back
   * where the target still holds what the apply wrote, and is left (and reported) where it changed since
   * (see enrich-revert.ts). Without `after` (none recorded), the old state is written back unchecked.
   */
  revert(item: EnrichItem, previous: unknown, after?: unknown, restoreTo?: RestoreTo): Promise<RevertOutcome[]>;
  /**
   * The values an apply wrote on things other pages share (a WordPress media item, an AEM DAM asset), by
   * the item name its rollback reports them under, with the value before and the value written. The
   * rollback service follows them back through earlier applies rolled back since (see restoreTo).
   */
  shared?(previous: unknown, after: unknown): SharedValue[];
}

/** One value an apply wrote on a shared thing: see TargetEnricher.shared. */
export interface SharedValue {
  item: string;
  old: unknown;
  written: unknown;
}

/**
 * Per shared item, the value a rollback sets back in place of the one its apply recorded: an earlier
 * apply wrote the recorded value and was rolled back since while this one's value stood, so the item
 * goes back to the value before that earlier apply.
 */
export type RestoreTo = ReadonlyMap<string, unknown>;

/** The one item a bundle's rollback names: the page's whole document. */
export const BUNDLE_DOCUMENT = "the page's document in the export bundle";

/**
 * Export bundles: the changes go into the page's JSON document in the bundle (its `seo` block, the
 * alt text of its images, an `enrichment` block for summary and tags); the ZIP is rebuilt afterwards.
 */
export function createBundleEnricher(options: AdapterOptions): TargetEnricher {
  const key = (item: EnrichItem) => `targets/${item.migrationId}/bundle/${item.targetId}`;
  return {
    async apply(item, changes) {
      const bucket = options.bucket;
      const obj = item.migrationId && bucket ? await bucket.get(key(item)) : null;
      if (!bucket || !obj) return { outcomes: changes.map(() => unsupported("The page's document is not in the export bundle")), previous: null, after: null };
      const before = await obj.text();
      const doc = JSON.parse(before) as Record<string, unknown> & { seo?: Record<string, unknown> };
      const seo = { ...(doc.seo ?? {}) };
      const enrichment = { ...((doc.enrichment as Record<string, unknown>) ?? {}) };
      const alts: Record<string, string> = { ...((enrichment.imageAlt as Record<string, string>) ?? {}) };
      const outcomes: EnrichWriteResult["outcomes"] = [];
      let text = JSON.stringify(doc);
      for (const c of changes) {
        if (c.field === "metaTitle") seo.title = c.value;
        else if (c.field === "metaDescription") seo.description = c.value;
        else if (c.field === "language") seo.language = c.value;
        else if (c.field === "summary") enrichment.summary = c.value;
        else if (c.field === "tags") enrichment.tags = c.value.split(",").map((t) => t.trim()).filter(Boolean);
        else if (c.field === "imageAlt") alts[c.target] = c.value;
        outcomes.push(applied(c.field === "imageAlt" ? "image alt text in the page document" : `${c.field} in the page document`));
      }
      if (Object.keys(alts).length) enrichment.imageAlt = alts;
      const next = JSON.parse(text) as Record<string, unknown>;
      next.seo = seo;
      next.enrichment = enrichment;
      // Image values that name the source address carry their alt text beside it.
      text = JSON.stringify(next, (_k, v: unknown) => {
        if (v && typeof v === "object" && !Array.isArray(v) && typeof (v as { sourceUrl?: unknown }).sourceUrl === "string" && "alt" in (v as object)) {
          const alt = alts[(v as { sourceUrl: string }).sourceUrl];
          return alt === undefined ? v : { ...(v as object), alt };
        }
        return v;
      }, 2);
      await bucket.put(key(item), text, { httpMetadata: { contentType: "application/json" } });
      return { outcomes, previous: before, after: { seo, enrichment } };
    },
    // Only the product writes the bundle, so nothing else can have changed the document since: it is restored whole.
    async revert(item, previous) {
      if (typeof previous !== "string" || !options.bucket) return [];
      await options.bucket.put(key(item), previous, { httpMetadata: { contentType: "application/json" } });
      return [restored(BUNDLE_DOCUMENT)];
    },
  };
}

/** The enricher of a platform, or null when it takes no Enrich changes yet. */
export function createTargetEnricher(platform: string, options: AdapterOptions): TargetEnricher | null {
  if (platform === "wordpress") return createWordPressEnricher(options);
  if (platform === "sanity") return createSanityEnricher(options);
  if (platform === "storyblok") return createStoryblokEnricher(options);
  if (platform === "contentful") return createContentfulEnricher(options);
  if (platform === "magnolia") return createMagnoliaEnricher(options);
  if (platform === "aem") return createAemEnricher(options);
  if (isExportBundlePlatform(platform)) return createBundleEnricher(options);
  return null;
}
