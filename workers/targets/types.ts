/**
 * The contract between the migration engine, the mapping layer and the target platforms.
 *
 * The mapping layer turns each extracted page into a `MappedPage`; the engine hands it to the target
 * writer (workers/targets/target-writer.ts), which resolves assets and links and calls the site's
 * `TargetAdapter`. Every adapter speaks its platform's published API through the one rate-aware
 * HTTP client (workers/targets/http-client.ts).
 */
import type { FieldType } from "../contracts/definitions";
import type { AssetState, PageMetadataRecord } from "../contracts/platforms";

export { ASSET_STATES, type AssetState, type OutsideLink, type PageAssetRecord, type PageMetadataRecord } from "../contracts/platforms";

/** A field value produced by the mapping layer for one target field. */
export interface MappedFieldValue {
  type: FieldType;
  /**
   * text/date: string; richtext: HTML; image: absolute source URL; link: absolute or root-relative URL;
   * number/boolean: their JSON value; list: array of strings; reference: a source URL of another page.
   */
  value: string | number | boolean | string[] | null;
  /** Alt text for an image, link text for a link. */
  alt?: string;
}

/** One component instance placed in an area of the page's template. */
export interface MappedComponent {
  /** Key of the component definition in the site configuration. */
  definition: string;
  /** The target platform's component id, e.g. "my-module:components/hero" or a Storyblok block name. */
  targetId: string;
  /** Template area it belongs to ("main" when the template has one area). */
  area: string;
  fields: Record<string, MappedFieldValue>;
  /** Mapping confidence, 0..1, carried for the audit trail. */
  confidence?: number;
}

export interface MappedAsset {
  /** Absolute source URL. */
  url: string;
  alt: string;
  width?: number | null;
  height?: number | null;
}

export interface MappedLink {
  href: string;
  text: string;
}

export interface SeoMetadata {
  title: string;
  description: string;
  openGraph: Record<string, string>;
  canonical: string | null;
  language: string | null;
  /** When the page was first published (ISO 8601 day or date-time), where its metadata states it well. */
  published?: StatedValue | null;
  /** When it was last modified (ISO 8601), likewise. */
  modified?: StatedValue | null;
  /** Who wrote it ("Jane Doe", co-authors "A, B"), likewise. */
  author?: StatedValue | null;
}

/** A page-level value (a date, an author) with the source that states it ("JSON-LD Article.datePublished"). */
export interface StatedValue {
  value: string;
  provenance: string;
}

/** One page as the mapping layer hands it to the target side. */
export interface MappedPage {
  sourceUrl: string;
  canonicalUrl: string | null;
  /** Target path below the site root, always starting with "/", e.g. "/about/team". */
  targetPath: string;
  /** Last segment of the target path, e.g. "team" ("home" for the root page). */
  slug: string;
  template: { definition: string; targetId: string };
  title: string;
  seo: SeoMetadata;
  /** Template-level (page) fields, keyed by target field name. */
  fields?: Record<string, MappedFieldValue>;
  components: MappedComponent[];
  assets: MappedAsset[];
  /** Internal links found on the page (absolute source URLs): rewritten to target paths. */
  internalLinks: MappedLink[];
  /** Hash of the extracted content: an unchanged page is not written again. */
  contentHash: string;
}

/** A page after the writer resolved assets and links: what an adapter writes. */
export interface PreparedPage extends MappedPage {
  /** Deterministic key from the canonical source URL (hex SHA-256, 64 chars). */
  itemKey: string;
  /** Source asset URL → URL or reference in the target (after upload or as-is). */
  assetRefs: Record<string, ResolvedAsset>;
}

export interface ResolvedAsset {
  /** What became of the asset (see AssetState). */
  state: AssetState;
  /** Why an asset kept its source URL, or what it was converted from. */
  reason?: string;
  sourceUrl: string;
  /** Where the asset lives in the target (public URL, DAM path, bundle path or the source URL). */
  url: string;
  /** The platform's asset id (WordPress media id, Contentful asset id, Sanity image id, ...). */
  targetId: string | null;
  alt: string;
  width?: number | null;
  height?: number | null;
}

/** What the target already holds for a page key, from earlier runs. */
export interface ExistingItem {
  targetId: string;
  targetPath: string;
  version: string | null;
}

export interface PageWriteResult {
  targetId: string;
  targetPath: string;
  version: string | null;
  created: boolean;
  /** The platform-native state before this write, so a rollback can restore it (null when created). */
  previous: unknown;
  /** Preview or public URL where the page can be opened, when the platform has one. */
  url?: string | null;
  /** What of the page's metadata the platform kept and what had no place there, when the adapter says. */
  metadata?: PageMetadataRecord;
}

export interface AssetInput {
  sourceUrl: string;
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  filename: string;
  alt: string;
  /** Hex SHA-256 of the bytes: the asset's identity across runs. */
  contentHash: string;
}

export interface AssetWriteResult {
  targetId: string;
  url: string;
}

/** A write recorded for rollback. */
export interface RecordedWrite {
  kind: "page" | "asset";
  action: "create" | "update";
  targetId: string;
  targetPath: string | null;
  previous: unknown;
}

export interface TargetCapabilities {
  platform: string;
  displayName: string;
  labels: { components: string; templates: string };
  entryModeling: "types-only" | "templates-and-components";
  /** "api" writes into a running platform; "bundle" produces a downloadable export. */
  output: "api" | "bundle";
  canPublish: boolean;
  canListSchema: boolean;
  /** Documented write rate the client keeps to (requests per second), null when the platform sets none. */
  rateLimitPerSecond: number | null;
}

export interface SchemaItem {
  id: string;
  name: string;
  kind: "component" | "template" | "content-type";
  fields: { name: string; type: string }[];
}

export interface ConnectionResult {
  success: boolean;
  message: string;
}

/**
 * One target platform. Implementations live in one file or folder per platform and are registered in
 * workers/targets/registry.ts.
 */
export interface TargetAdapter {
  readonly platform: string;
  capabilities(): TargetCapabilities;
  /** The path a migrated page is served at, for rewriting internal links before the page exists. */
  linkPath(targetPath: string): string;
  /** Checks credentials with a cheap authenticated read. */
  testConnection(): Promise<ConnectionResult>;
  /** The target's component and template (or content type) definitions, to seed definitions. */
  listSchema(): Promise<SchemaItem[]>;
  /** Creates or updates the page addressed by `existing` (or found by its path/slug), with its components. */
  upsertPage(page: PreparedPage, existing: ExistingItem | null): Promise<PageWriteResult>;
  uploadAsset(asset: AssetInput): Promise<AssetWriteResult>;
  /** Publishes (activates) what was written. */
  publish(pages: PageWriteResult[], assets: AssetWriteResult[]): Promise<void>;
  /** Undoes one recorded write: deletes what was created, restores what was updated. */
  rollback(write: RecordedWrite): Promise<void>;
}
