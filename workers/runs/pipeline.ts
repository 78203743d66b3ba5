import type { PageExtraction } from "../contracts/extraction";
import type { DamProgress, RunOptions } from "../contracts/run-events";
import type { SiteSettings } from "../contracts/sites";
import type { Env } from "../env";

/**
 * Where mapping and target writing plug into a run. A run gets its pipeline from its composition
 * (workers/compose.ts); with one, every captured page goes through `mapper.map` and then
 * `writer.write`; with none, the run stops after the snapshots and logs so.
 *
 * Both calls must be idempotent per snapshot: after an interruption a page may be handed over again.
 * They throw to fail a page; `PipelineError` with `retryable: true` asks for another attempt, and
 * `awaitingReview(...)` ends the page as waiting for a person's review (neither written nor failed).
 */

/** The site's configuration as the run saw it when it started. */
export interface SiteDefinitions {
  organizationId: string;
  siteId: string;
  domain: string;
  platform: string | null;
  /** The `components` map of the site configuration (workers/contracts/definitions.ts). */
  components: Record<string, unknown>;
  /** The `templates` map (or list) of the site configuration. */
  templates: Record<string, unknown> | unknown[];
  settings: SiteSettings;
}

/** The D1 record of a captured page. */
export interface SnapshotRecord {
  id: string;
  migrationId: string;
  url: string;
  finalUrl: string;
  title: string;
  contentHash: string;
  /** R2 keys (env.BUCKET). */
  screenshotKey: string | null;
  extractionKey: string;
}

export interface MapInput {
  snapshot: SnapshotRecord;
  extraction: PageExtraction;
  site: SiteDefinitions;
  options: RunOptions;
}

/** An earlier run's snapshot of a page whose content has not changed since. */
export interface PreviousSnapshot {
  id: string;
  migrationId: string;
  url: string;
}

/** Turns one snapshot into mappings for the target (e.g. a `MappedPage` of workers/targets/types.ts). */
export interface SnapshotMapper<M> {
  map(input: MapInput): Promise<M>;
  /**
   * Whether the mapping of an earlier snapshot was applied with nothing left to decide. A run skips an
   * unchanged page only then, so pages that waited for review are mapped again (with what people
   * decided meanwhile). Without this method every earlier mapping counts as applied.
   */
  applied?(previous: PreviousSnapshot, site: SiteDefinitions): Promise<boolean>;
}

export interface WriteInput<M> {
  mapped: M;
  snapshot: SnapshotRecord;
  extraction: PageExtraction;
  site: SiteDefinitions;
  options: RunOptions;
  /** Reports asset (DAM) upload progress of this page; shown as the run's `damProgress`. */
  reportAssets(progress: DamProgress): void;
}

export interface TargetWriteResult {
  /** The item's id in the target platform. */
  targetId: string;
  /** Where the written page can be opened, when the platform has such a URL. */
  url?: string | null;
  /** Component instances written. */
  components?: number;
  /**
   * Target paths this page links to whose pages the run will write but has not written yet: they answer
   * 404 in the target until then, which is no fault of this page.
   */
  pendingLinks?: string[];
}

/** Writes one mapped page into the target platform. */
export interface TargetWriter<M> {
  write(input: WriteInput<M>): Promise<TargetWriteResult>;
  /**
   * Whether the run of an earlier snapshot wrote its page. A run skips an unchanged page only then,
   * so pages an earlier run did not write (a failure, no connection yet) are written now. Without this
   * method every earlier page counts as written.
   */
  written?(previous: PreviousSnapshot, site: SiteDefinitions): Promise<boolean>;
}

/** What a run hands its snapshots to. Without a writer the run stops after mapping. */
export interface MigrationPipeline<M = unknown> {
  mapper: SnapshotMapper<M>;
  writer?: TargetWriter<M>;
  /** Why there is no writer (e.g. the platform's connection is not configured); the run logs it. */
  stopReason?: string;
}

/** How a page ends in the pipeline when it is not written: a failure, or a wait for review. */
export type PipelineErrorKind = "failed" | "review";

/**
 * A failure of mapping or writing; `retryable` failures are tried again (bounded). Kind `review`
 * is no failure: the page waits for a person's review and is counted apart.
 */
export class PipelineError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
    readonly kind: PipelineErrorKind = "failed",
  ) {
    super(message);
    this.name = "PipelineError";
  }
}

/** The outcome of a page whose mapping waits for review: not written, not failed, not retried. */
export function awaitingReview(message: string): PipelineError {
  return new PipelineError(message, false, "review");
}

export interface PipelineContext {
  env: Env;
  site: SiteDefinitions;
  options: RunOptions;
}

/** Returns the pipeline for a site, or null when it does not handle this site (its platform, say). */
export type PipelineFactory = (ctx: PipelineContext) => MigrationPipeline<unknown> | null | Promise<MigrationPipeline<unknown> | null>;

/** Whether a pipeline is done with an earlier snapshot: its mapping was applied and, with a writer, its page written. */
export async function pipelineDoneWith(pipeline: MigrationPipeline<unknown>, previous: PreviousSnapshot, site: SiteDefinitions): Promise<boolean> {
  if (pipeline.mapper.applied && !(await pipeline.mapper.applied(previous, site))) return false;
  if (pipeline.writer?.written && !(await pipeline.writer.written(previous, site))) return false;
  return true;
}
