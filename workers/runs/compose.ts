import { mappingPipelineFactory } from "../mapping/snapshot-mapper";
import type { MigrationPipeline, PipelineContext } from "./pipeline";

/**
 * The composition of a run: what maps a site's snapshots and what writes them into its platform.
 * The run object (and a queue consumer, for its unchanged-page check) gets its pipeline here and
 * nowhere else, so a run's site can be followed from the route (services/migration.ts starts the run
 * object with the site's definitions) through the mapper (mapping/snapshot-mapper.ts) to the target
 * writer of the site's platform (targets/).
 */
export function composePipeline(ctx: PipelineContext): Promise<MigrationPipeline<unknown> | null> {
  return Promise.resolve(mappingPipelineFactory(ctx));
}
