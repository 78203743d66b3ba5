/**
 * How closely a page written to the target matches its source (issue: the whole page lands in the
 * target). After a page is written to a platform that serves it at a URL (WordPress; Magnolia when its
 * public URL is set; Contentful and Sanity when their preview base URL is set; Storyblok when its space
 * has a preview location, Visual Editor → Location), the run renders the page from the target in the
 * browser and compares it with the source snapshot:
 *
 *   GET /v1/snapshots/{snapshotId}/fidelity        → { fidelity: PageFidelityDto | null }
 *   GET /v1/migration/{migrationId}/fidelity       → { migrationId, threshold, pages: PageFidelityDto[] } (worst first)
 *   GET /v1/migration/fidelity-screenshot/{id}     → the target page's screenshot (JPEG)
 */

import type { Finding } from "./enrich";
import type { AssetState, OutsideLink, PageAssetRecord, PageMetadataRecord } from "./platform-meta";

/** What each part weighs in the page's score. The visual part weighs least: the target's theme is meant to differ. */
export const FIDELITY_WEIGHTS = { content: 0.4, images: 0.2, links: 0.15, headings: 0.15, visual: 0.1 } as const;

export type FidelityPart = keyof typeof FIDELITY_WEIGHTS;

/** Links of a written page checked at most (each one request to the target). */
export const FIDELITY_MAX_LINKS = 30;

/** A region of the two screenshots compared: a band of the page's height, one third of its width. */
export interface RegionDifference {
  /** For example "Top left" or "Band 2 right". */
  label: string;
  /** Mean difference of the two screenshots in the region, 0 (same) to 1. */
  difference: number;
}

/** What was measured, part by part, and the differences in words. */
export interface PageFidelityDetail {
  content: { f1: number; precision: number; recall: number };
  images: { source: number; target: number; loading: number; atSource: number; score: number | null };
  /** `pending`: links to pages the run had not written yet when the page was checked (not checked, not counted). */
  links: { checked: number; resolving: number; broken: string[]; atSource: number; pending?: number; score: number | null };
  headings: { source: number; target: number; missing: string[]; added: string[]; score: number | null };
  /** Null when either screenshot is missing. */
  visual: { score: number; regions: RegionDifference[] } | null;
  /** The differences worth a look, in words, most serious first. */
  differences: string[];
  /**
   * Enrich's deterministic findings on the page as the target serves it (meta title and description,
   * alt text, headings, canonical, language, thin content): the audit of what was written. Absent on
   * checks stored before the target's page was audited.
   */
  targetFindings?: Finding[];
}

export interface PageFidelityDto extends PageFidelityDetail {
  id: string;
  migrationId: string;
  snapshotId: string;
  sourceUrl: string;
  /** The page as the target serves it. */
  targetUrl: string;
  /**
   * 0 to 1: the parts weighted by FIDELITY_WEIGHTS. A part that cannot be measured (no images on either
   * side, no links, no headings, no screenshots) is left out and the others weigh in its place.
   */
  score: number;
  /** Below the project's fidelity threshold: the page waits for a person's look. */
  needsReview: boolean;
  /** API path of the target page's screenshot, or null. */
  screenshotUrl: string | null;
  checkedAt: string;
}

/** A page a run wrote into the target, with its assets and what became of each. */
export interface WrittenPageDto {
  sourceUrl: string | null;
  targetPath: string | null;
  targetId: string;
  action: "create" | "update";
  assets: PageAssetRecord[];
  /** Links to pages of the site outside the page list, still pointing at the source. */
  linksOutside: OutsideLink[];
  /** What of the page's metadata the platform kept and what had no place there (null when the adapter does not say). */
  metadata: PageMetadataRecord | null;
}

/** GET /v1/migration/{migrationId}/target-pages: what a run wrote into the target. */
export interface RunTargetPagesDto {
  migrationId: string;
  platform: string;
  assetMode: string;
  /** When the run's writes were undone, or null. */
  rolledBackAt: string | null;
  /** The run's assets per state, each image once. */
  summary: Record<AssetState, number>;
  /** Links of the written pages to pages outside the site's page list. */
  linksOutside: number;
  pages: WrittenPageDto[];
}

/** GET /v1/snapshots/{snapshotId}/fidelity */
export interface SnapshotFidelityDto {
  /** Null until the written page was checked in the target. */
  fidelity: PageFidelityDto | null;
  /** The platform the page's run wrote to, or null when it wrote nowhere. */
  platform: string | null;
  /** What the run wrote for this page: its path and its assets with their states. */
  page: WrittenPageDto | null;
}

/** The API path of the screenshot of a page as the target serves it. */
export function fidelityScreenshotPath(fidelityId: string): string {
  return `/api/v1/migration/fidelity-screenshot/${encodeURIComponent(fidelityId)}`;
}

/** Texts of the fidelity views. */
export const FIDELITY_TEXTS = {
  title: "Fidelity in the target",
  empty: "This page has not been checked in the target",
  emptyHint: "Pages are checked after they are written to a platform that shows them at an address: WordPress, Magnolia with a public URL, Contentful or Sanity with a preview base URL, Storyblok with a preview location.",
  loadFailed: "Could not load the fidelity of this page",
  score: (percent: number) => `Fidelity ${percent}%`,
  needsReview: "Below the project's fidelity threshold: review this page",
  sourceShot: "Source",
  targetShot: "Target",
  parts: { content: "Main content", images: "Images", links: "Links", headings: "Headings", visual: "Look" } satisfies Record<FidelityPart, string>,
  noDifferences: "No differences found",
  assets: "Assets",
  noAssets: "This page has no assets",
  openTarget: "Open in the target",
  thresholdLabel: "Fidelity threshold",
  thresholdRange: "The fidelity threshold must be a number from 0 to 1",
  thresholdHint: "Written pages whose fidelity is below this share (0 to 1) wait for review. Leave empty to never hold a page.",
} as const;
