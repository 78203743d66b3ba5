/**
 * The mapping step of a migration run (workers/runs/pipeline.ts `SnapshotMapper`): maps each captured
 * page with memory → heuristics → language model, stores the proposals for review, and hands the
 * target side a `MappedPage` when the page may be applied. A page with a proposal below the site's
 * minimum confidence is not written: it waits for review, and the run logs that for its URL.
 */
import { and, eq } from "drizzle-orm";
import { MAPPING_MESSAGES } from "../contracts/mapping";
import { isPlatformConfigured } from "../contracts/platforms";
import { MIGRATION_MESSAGES } from "../contracts/run-events";
import { getDb } from "../db/client";
import { siteConfigs } from "../db/schema";
import { mappingSnapshots } from "../db/schema-mapping";
import type { Env } from "../env";
import { awaitingReview, type MigrationPipeline, type PipelineFactory, type SiteDefinitions, type SnapshotMapper } from "../runs/pipeline";
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
      // Waiting for review is no failure: the engine counts the page apart and does not retry it.
      if (summary.status === "needs_review") throw awaitingReview(waitingForReview(summary.lowestConfidence, summary.minConfidence));
      return buildMappedPage(await snapshotProposals(db, site.organizationId, snapshot.id), extraction, definitions);
    },

    // Only a mapping applied with nobody deciding lets a run skip the unchanged page: after a review,
    // the next run maps the page again (memory now holds the decisions) and writes it.
    async applied(previous, site) {
      const row = await getDb(env.DB).query.mappingSnapshots.findFirst({
        where: and(eq(mappingSnapshots.snapshotId, previous.id), eq(mappingSnapshots.organizationId, site.organizationId)),
      });
      return row?.status === "auto_applied";
    },
  };
}

/**
 * Whether the site's platform connection is configured now (spec §5). The run's copy of the site
 * carries no platform configuration (its secrets stay in D1), so it is read here; a platform changed
 * since the run started counts as not configured.
 */
async function platformConfigured(env: Env, site: SiteDefinitions): Promise<boolean> {
  const row = await getDb(env.DB).query.siteConfigs.findFirst({
    where: and(eq(siteConfigs.siteId, site.siteId), eq(siteConfigs.organizationId, site.organizationId)),
  });
  // Secrets are stored encrypted, as non-empty strings: presence is all the check needs.
  return !!row && row.platform === site.platform && isPlatformConfigured(row.platform, row.platformConfig);
}

/**
 * The pipeline of a site with a target platform: this mapper, and the platform's writer when its
 * connection is configured (export-only platforms need none and always write their bundle). Without
 * a configured connection the run maps every page and stops, saying 'Platform connection not configured'.
 * Every run's pipeline (workers/runs/compose.ts).
 */
export const mappingPipelineFactory: PipelineFactory = async (ctx) => {
  if (!ctx.site.platform) return null;
  const mapper = createSnapshotMapper(ctx.env);
  const configured = await platformConfigured(ctx.env, ctx.site);
  const writer = configured ? createTargetPipelineWriter(ctx.env, ctx.site.platform) : null;
  const pipeline: MigrationPipeline<MappedPage> = { mapper };
  if (writer) pipeline.writer = writer;
  else if (!configured) pipeline.stopReason = MIGRATION_MESSAGES.platformNotConfigured;
  return pipeline as MigrationPipeline<unknown>;
};
