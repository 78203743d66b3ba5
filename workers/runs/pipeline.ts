import type { PageExtraction } from "../contracts/extraction";
import type { DamProgress, RunOptions } from "../contracts/run-events";
import type { SiteSettings } from "../contracts/sites";
import type { Env } from "../env";

/**
 * Where mapping and target writing plug into a run. After a run has captured its snapshots it asks the
 * registered factories for a pipeline; with one, every captured page goes through `mapper.map` and then
 * `writer.write` (status `processing`); with none, the run stops after the snapshots and logs so.
 *
 * Both calls must be idempotent per snapshot: after an interruption a page may be handed over again.
 * They throw to fail a page; `PipelineError` with `retryable: true` asks for another attempt.
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

/** Turns one snapshot into mappings for the target (e.g. a `MappedPage` of workers/targets/types.ts). */
export interface SnapshotMapper<M> {
  map(input: MapInput): Promise<M>;
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
}

/** Writes one mapped page into the target platform. */
export interface TargetWriter<M> {
  write(input: WriteInput<M>): Promise<TargetWriteResult>;
}

/** What a run hands its snapshots to. Without a writer the run stops after mapping. */
export interface MigrationPipeline<M = unknown> {
  mapper: SnapshotMapper<M>;
  writer?: TargetWriter<M>;
}

/** A failure of mapping or writing; `retryable` failures are tried again (bounded). */
export class PipelineError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = "PipelineError";
  }
}

export interface PipelineContext {
  env: Env;
  site: SiteDefinitions;
  options: RunOptions;
}

/** Returns the pipeline for a site, or null when it does not handle this site (its platform, say). */
export type PipelineFactory = (ctx: PipelineContext) => MigrationPipeline<unknown> | null | Promise<MigrationPipeline<unknown> | null>;

const factories: PipelineFactory[] = [];

/**
 * Registers a pipeline factory; call it at module load (e.g. from workers/index.ts) so that every
 * instance of the run object has it, also after a restart. Returns a function that removes it.
 */
export function registerPipeline(factory: PipelineFactory): () => void {
  factories.push(factory);
  return () => {
    const i = factories.indexOf(factory);
    if (i >= 0) factories.splice(i, 1);
  };
}

/** The first registered pipeline that handles the site, or null. */
export async function resolvePipeline(ctx: PipelineContext): Promise<MigrationPipeline<unknown> | null> {
  for (const factory of factories) {
    const pipeline = await factory(ctx);
    if (pipeline) return pipeline;
  }
  return null;
}
