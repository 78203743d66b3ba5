import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { violatesUniqueIndex } from "../workers/db/constraints";
import { migrationRuns, snapshots } from "../workers/db/schema-runs";
import { newOwner } from "./helpers";

describe("a unique index's refusal", () => {
  it("is told from another constraint by the columns SQLite names, through D1's wrapping", async () => {
    const owner = await newOwner("constraints");
    const db = getDb(env.DB);
    const site = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO sites (id, organization_id, name, domain) VALUES (?, ?, 'S', 's.example.com')").bind(site, owner.orgId).run();
    const run = (id: string) =>
      db.insert(migrationRuns).values({ id, organizationId: owner.orgId, siteId: site, status: "running", options: {} as never, progress: {} as never, heartbeatAt: new Date() });
    await run(crypto.randomUUID());
    const second = await run(crypto.randomUUID()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(second).not.toBeNull();
    expect(violatesUniqueIndex(second, migrationRuns, "migration_runs_one_active_idx")).toBe(true);
    // The same error is not the refusal of another index, and other errors are no refusal at all.
    expect(violatesUniqueIndex(second, snapshots, "snapshots_run_url_idx")).toBe(false);
    expect(violatesUniqueIndex(new Error("UNIQUE constraint failed: snapshots.migration_id, snapshots.url"), migrationRuns, "migration_runs_one_active_idx")).toBe(false);
    expect(violatesUniqueIndex(new Error("no such table: UNIQUE"), migrationRuns, "migration_runs_one_active_idx")).toBe(false);
    expect(() => violatesUniqueIndex(second, migrationRuns, "no_such_idx")).toThrow("migration_runs has no unique index no_such_idx");
  });
});
