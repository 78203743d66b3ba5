/**
 * The mapping step of a migration run (workers/runs/pipeline.ts `SnapshotMapper`): maps each captured
 * page with memory → heuristics → language model, stores the proposals for review, and hands the
 * target side a `MappedPage` when the page may be applied. A page with a proposal below the site's
 * minimum confidence is not written: it waits for review, and the run logs that for its URL.
 */
import { MAPPING_MESSAGES } from "../contracts/mapping";
import { getDb } from "../db/client";
import type { Env } from "../env";
import { PipelineError, type MigrationPipeline, type PipelineFactory, type SnapshotMapper } from "../runs/pipeline";
import { mappingDefinitionsOf } from "../services/definitions";
import { mapSnapshot } from "../services/mapping";
import { buildMappedPage, snapshotProposals } from "../services/mapping-read";
import { createTargetPipelineWriter } from "../targets/pipeline-writer";
import type { MappedPage } from "../targets/types";

/** Why a page was not handed to the target writer. */
export function waitingForReview(lowest: number | null, minConfidence: number): string {
  return `${MAPPING_MESSAGES.waitingForReview} (lowest confidence ${lowest === null ? "n/a" : lowest.toFixed(2)}, minimum ${minConfidence.toFixed(2)})`;
}

/** The run's mapper. Idempotent per snapshot: a page handed over again keeps its stored proposals and decisions. */
export function createSnapshotMapper(env: Env): SnapshotMapper<MappedPage> {
  return {
    async map({ snapshot, extraction, site, options }) {
      const db = getDb(env.DB);
      // The definitions as the run saw them when it started, not as they are edited meanwhile.
      const definitions = mappingDefinitionsOf(site.components, site.templates);
      const summary = await mapSnapshot(db, env, {
        organizationId: site.organizationId,
        siteId: site.siteId,
        snapshotId: snapshot.id,
        runId: snapshot.migrationId,
        extraction,
        definitions,
        options: { preferRagRuns: options.preferRagRuns, ragOnly: options.ragOnly },
        extractionKey: snapshot.extractionKey,
        actor: null,
      });
      if (summary.status === "needs_review") throw new PipelineError(waitingForReview(summary.lowestConfidence, summary.minConfidence), false);
      return buildMappedPage(await snapshotProposals(db, site.organizationId, snapshot.id), extraction, definitions);
    },
  };
}

/**
 * The pipeline of a site with a target platform: this mapper, and the platform's writer when it has
 * an adapter (without one, the run stops after mapping and the pages wait in review). Registering it
 * is one line at module load: `registerPipeline(mappingPipelineFactory)` (workers/runs/pipeline.ts).
 */
export const mappingPipelineFactory: PipelineFactory = (ctx) => {
  if (!ctx.site.platform) return null;
  const writer = createTargetPipelineWriter(ctx.env, ctx.site.platform);
  const pipeline: MigrationPipeline<MappedPage> = { mapper: createSnapshotMapper(ctx.env), ...(writer ? { writer } : {}) };
  return pipeline as MigrationPipeline<unknown>;
};
