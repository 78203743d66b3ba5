import { mappingDefinitionsOf } from "../services/definitions";
import { mapSnapshot } from "../services/mapping";
import { buildMappedPage, snapshotProposals } from "../services/mapping-read";
import type { MigrationPipeline, PipelineContext } from "./pipeline";
import { mappingPipelineFactory, type MappingSteps } from "./snapshot-pipeline";

/**
 * The composition of a run: what maps a site's snapshots and what writes them into its platform.
 * The run object (and a queue consumer, for its unchanged-page check) gets its pipeline here and
 * nowhere else, so a run's site can be followed from the route (services/migration.ts starts the run
 * object with the site's definitions) through the mapper (./snapshot-pipeline.ts) to the target
 * writer of the site's platform (./target-pipeline-writer.ts over targets/).
 *
 * This module is the run's composition root (ARCHITECTURE.md rule 10): it is the one file of
 * workers/runs that reaches up into the mapping services, and only to hand their steps down.
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
