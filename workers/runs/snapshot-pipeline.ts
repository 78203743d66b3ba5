/**
 * The mapping step of a migration run (./pipeline.ts `SnapshotMapper`): maps each captured page with
 * memory → heuristics → language model, stores the proposals for review, and hands the target side a
 * `MappedPage` when the page may be applied. A page with a proposal below the site's minimum
 * confidence is not written: it waits for review, and the run logs that for its URL.
 *
 * The mapping steps themselves (storing proposals, reading them back) are business rules of the
 * mapping services; the run's composition (workers/compose.ts) hands them in as `MappingSteps`.
 */
import { and, eq } from "drizzle-orm";
import { MAPPING_MESSAGES } from "../contracts/mapping";
import { isPlatformConfigured } from "../contracts/platforms";
import { MIGRATION_MESSAGES } from "../contracts/run-events";
import { getDb } from "../db/client";
import { siteConfigs } from "../db/schema";
import { mappingSnapshots } from "../db/schema-mapping";
import type { PageExtraction } from "../contracts/extraction";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { MappingDefinitions } from "../mapping/types";
import type { MappedPage } from "../targets/types";
import { awaitingReview, type MigrationPipeline, type PipelineFactory, type SiteDefinitions, type SnapshotMapper } from "./pipeline";
import { createTargetPipelineWriter } from "./target-pipeline-writer";

/** What the run's mapper needs of the mapping services (workers/services/mapping*.ts, definitions.ts). */
export interface MappingSteps {
  /** The site's valid definitions from the run's copy of its configuration. */
  definitionsOf(components: unknown, templates: unknown): MappingDefinitions;
  /** Maps one snapshot and stores its proposals (idempotent per snapshot). */
  mapSnapshot(
    db: Db,
    env: Env,
    input: {
      organizationId: string;
      siteId: string;
      snapshotId: string;
      runId: string | null;
      extraction: PageExtraction;
      definitions: MappingDefinitions;
      options: { preferRagRuns?: boolean; ragOnly?: boolean };
      extractionKey: string | null;
      actor: null;
    },
  ): Promise<{ status: string; lowestConfidence: number | null; minConfidence: number }>;
  /** The page as its stored proposals map it. */
  mappedPage(db: Db, organizationId: string, snapshotId: string, extraction: PageExtraction, definitions: MappingDefinitions): Promise<MappedPage>;
}

/** Why a page was not handed to the target writer. */
export function waitingForReview(lowest: number | null, minConfidence: number): string {
  return `${MAPPING_MESSAGES.waitingForReview} (lowest confidence ${lowest === null ? "n/a" : lowest.toFixed(2)}, minimum ${minConfidence.toFixed(2)})`;
}

/** The run's mapper. Idempotent per snapshot: a page handed over again keeps its stored proposals and decisions. */
export function createSnapshotMapper(env: Env, steps: MappingSteps): SnapshotMapper<MappedPage> {
  return {
    async map({ snapshot, extraction, site, options }) {
      const db = getDb(env.DB);
      // The definitions as the run saw them when it started, not as they are edited meanwhile.
      const definitions = steps.definitionsOf(site.components, site.templates);
      const summary = await steps.mapSnapshot(db, env, {
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
      return steps.mappedPage(db, site.organizationId, snapshot.id, extraction, definitions);
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
 * Every run's pipeline (workers/compose.ts).
 */
export const mappingPipelineFactory = (steps: MappingSteps): PipelineFactory => async (ctx) => {
  if (!ctx.site.platform) return null;
  const mapper = createSnapshotMapper(ctx.env, steps);
  const configured = await platformConfigured(ctx.env, ctx.site);
  const writer = configured ? createTargetPipelineWriter(ctx.env, ctx.site.platform) : null;
  const pipeline: MigrationPipeline<MappedPage> = { mapper };
  if (writer) pipeline.writer = writer;
  else if (!configured) pipeline.stopReason = MIGRATION_MESSAGES.platformNotConfigured;
  return pipeline as MigrationPipeline<unknown>;
};
