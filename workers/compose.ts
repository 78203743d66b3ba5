import type { Env } from "./env";
import { MigrationRun } from "./runs/migration-run";
import type { LeaseMessage } from "./runs/leases";
import { consumeLeases } from "./runs/page-consumer";
import type { MigrationPipeline, PipelineContext } from "./runs/pipeline";
import { mappingPipelineFactory, type MappingSteps } from "./runs/snapshot-pipeline";
import { mappingDefinitionsOf } from "./services/definitions";
import { mapSnapshot } from "./services/mapping";
import { buildMappedPage, snapshotProposals } from "./services/mapping-read";

/**
 * The composition of a run: what maps a site's snapshots and what writes them into its platform.
 * The run object and the page queue's consumer get their pipeline here and nowhere else, so a run's
 * site can be followed from the route (services/migration.ts starts the run object with the site's
 * definitions) through the mapper (runs/snapshot-pipeline.ts) to the target writer of the site's
 * platform (runs/target-pipeline-writer.ts over targets/).
 *
 * This module sits beside workers/index.ts, above every layer (ARCHITECTURE.md rule 10): it hands the
 * mapping services' steps down to the run, so nothing in workers/runs imports a service.
 */
export const mappingSteps: MappingSteps = {
  definitionsOf: mappingDefinitionsOf,
  mapSnapshot,
  mappedPage: async (db, organizationId, snapshotId, extraction, definitions) =>
    buildMappedPage(await snapshotProposals(db, organizationId, snapshotId), extraction, definitions),
};

const pipelineFactory = mappingPipelineFactory(mappingSteps);

export function composePipeline(ctx: PipelineContext): Promise<MigrationPipeline<unknown> | null> {
  return Promise.resolve(pipelineFactory(ctx));
}

/** The run object as the Worker exports it: the run of workers/runs with this composition. */
export class ComposedMigrationRun extends MigrationRun {
  protected override composePipeline(ctx: PipelineContext): Promise<MigrationPipeline<unknown> | null> {
    return composePipeline(ctx);
  }
}

/** The page queue's consumer with this composition. */
export function consumeComposedLeases(batch: MessageBatch<LeaseMessage>, env: Env): Promise<void> {
  return consumeLeases(batch, env, composePipeline);
}
