import type { Env } from "../env";
import type { MigrationRun } from "./migration-run";

/** The Durable Object of a run: one object per run, addressed by the run's id. */
export function runStub(env: Env, migrationId: string): DurableObjectStub<MigrationRun> {
  const ns = env.MIGRATION_RUN as unknown as DurableObjectNamespace<MigrationRun>;
  return ns.get(ns.idFromName(migrationId));
}
