/**
 * What the security probe found a MEMBER could do, on real data: delete a site with its runs and
 * snapshots, roll back what a run wrote, change the target credentials, start a run. A MEMBER may not;
 * an ADMIN may. Reviewing mappings stays the members' job.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OrgRole } from "../../workers/contracts/auth";
import { PERMISSION_MESSAGES } from "../../workers/contracts/permissions";
import { extractPage } from "../../workers/crawl/extract";
import { getDb } from "../../workers/db/client";
import { readPlatformSecrets } from "../../workers/lib/platform-secrets";
import { mapSnapshot } from "../../workers/services/mapping";
import { openTargetWriter } from "../../workers/targets/target-writer";
import { fakeFetch } from "../fixtures/targets/fake-base";
import { SOURCE_HOST, mappedPage, sourceSite } from "../fixtures/targets/pages";
import { wp } from "../mapping/fixtures";
import { call, expectError, newOwner, newUser } from "./helpers";

type Proposal = { id: string; scope: string; instanceIndex: number; targetField: string | null; status: string };

async function joinAs(orgId: string, role: OrgRole) {
  const u = await newUser(role.toLowerCase());
  await env.DB.prepare("INSERT INTO memberships (id, organization_id, user_id, role) VALUES (?, ?, ?, ?)").bind(crypto.randomUUID(), orgId, u.id, role).run();
  return { token: u.token, org: orgId };
}

/** An organization with a Magnolia site whose snapshot waits for review, and an export-only site with a written run. */
async function organizationWithWork() {
  const owner = await newOwner("probe");
  const as = { token: owner.token, org: owner.orgId };
  const site = await call("POST", "/sites", { ...as, body: { name: "Garden", domain: "www.greenleaf-garden.example" } });
  const siteId = site.json.site.id as string;
  const config = { platform: "magnolia", platformConfig: { authorUrl: "https://author.example", authorUsername: "editor", authorPassword: "owner-secret" } };
  expect((await call("PUT", `/site-config/${siteId}`, { ...as, body: { ...config, components: wp.raw.components, templates: wp.raw.templates, settings: { minConfidence: 0.999 } } })).status).toBe(200);
  const snapshotId = `snap-${crypto.randomUUID()}`;
  const extraction = extractPage(wp.home, "https://www.greenleaf-garden.example/", wp.defs.components);
  await env.BUCKET.put(`probe/${snapshotId}.json`, JSON.stringify(extraction));
  await mapSnapshot(getDb(env.DB), env, { organizationId: owner.orgId, siteId, snapshotId, runId: null, extraction, extractionKey: `probe/${snapshotId}.json`, actor: null });

  const exportSite = await call("POST", "/sites", { ...as, body: { name: "Export", domain: "www.source.test" } });
  const exportSiteId = exportSite.json.site.id as string;
  expect((await call("PUT", `/site-config/${exportSiteId}`, { ...as, body: { platform: "drupal", platformConfig: {} } })).status).toBe(200);
  const writer = await openTargetWriter({
    readSecrets: (row) => readPlatformSecrets(env, row),
    db: getDb(env.DB),
    env,
    organizationId: owner.orgId,
    siteId: exportSiteId,
    migrationId: crypto.randomUUID(),
    actor: { userId: owner.id },
    fetch: fakeFetch({ [SOURCE_HOST]: sourceSite }),
    keepYamlFile: false,
  });
  const pages = [mappedPage("/"), mappedPage("/about")];
  writer.registerPages(pages);
  for (const p of pages) await writer.writePage(p);
  await writer.finish();
  return { owner: as, siteId, snapshotId, exportSiteId, migrationId: writer.migrationId };
}

const siteIds = async (as: { token: string; org: string }) => (await call("GET", "/sites", as)).json.sites.map((s: { id: string }) => s.id).sort();
const runCount = async (siteId: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM migration_runs WHERE site_id = ?").bind(siteId).first<{ n: number }>())!.n;

describe("a MEMBER reviews but does not configure, run, roll back or delete", () => {
  it("refuses a MEMBER's site deletion, rollback, credential change and run start, and changes nothing", async () => {
    const work = await organizationWithWork();
    const member = await joinAs(work.owner.org, "MEMBER");
    const sitesBefore = await siteIds(work.owner);
    const configBefore = (await call("GET", `/site-config/${work.siteId}`, work.owner)).json;
    const runsBefore = await runCount(work.siteId);

    expectError(await call("DELETE", `/sites/${work.siteId}`, member), 403, PERMISSION_MESSAGES.adminRequired);
    expectError(await call("POST", `/migration/${work.migrationId}/rollback`, member), 403, PERMISSION_MESSAGES.adminRequired);
    const stolen = { platform: "magnolia", platformConfig: { authorUrl: "https://attacker.example", authorUsername: "me", authorPassword: "mine" } };
    expectError(await call("PUT", `/site-config/${work.siteId}`, { ...member, body: stolen }), 403, PERMISSION_MESSAGES.adminRequired);
    expectError(await call("POST", "/migration/start", { ...member, body: { siteId: work.siteId, keepYamlFile: false } }), 403, PERMISSION_MESSAGES.adminRequired);
    expectError(await call("PUT", `/sites/${work.siteId}`, { ...member, body: { name: "Mine", domain: "www.greenleaf-garden.example" } }), 403, PERMISSION_MESSAGES.adminRequired);

    expect(await siteIds(work.owner)).toEqual(sitesBefore);
    expect((await call("GET", `/site-config/${work.siteId}`, work.owner)).json).toEqual(configBefore);
    expect(await runCount(work.siteId)).toBe(runsBefore);
    expect(await env.BUCKET.get(`targets/${work.migrationId}/bundle/pages/about.json`)).not.toBeNull();
    // What they may read stays readable.
    expect((await call("GET", `/site-config/${work.siteId}`, member)).status).toBe(200);
    expect((await call("GET", `/migration/${work.migrationId}/redirects.csv`, member)).status).toBe(200);
  });

  it("lets a MEMBER approve and override mapping proposals", async () => {
    const work = await organizationWithWork();
    const member = await joinAs(work.owner.org, "MEMBER");
    const proposals = (await call("GET", `/mapping/snapshots/${work.snapshotId}`, member)).json.proposals as Proposal[];
    const field = (name: string) => proposals.find((p) => p.scope === "field" && p.instanceIndex === 0 && p.targetField === name)!;

    const approved = await call("POST", `/mapping/proposals/${field("title").id}/decision`, { ...member, body: { action: "approve" } });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.proposal.status).toBe("approved");
    const overridden = await call("POST", `/mapping/proposals/${field("subtitle").id}/decision`, { ...member, body: { action: "override", targetField: "buttonText" } });
    expect(overridden.status, JSON.stringify(overridden.json)).toBe(200);
    expect(overridden.json.proposal.status).toBe("overridden");
  });

  it("lets an ADMIN roll back, change credentials and delete the site", async () => {
    const work = await organizationWithWork();
    const admin = await joinAs(work.owner.org, "ADMIN");
    expect((await call("POST", `/migration/${work.migrationId}/rollback`, admin)).json).toEqual({ success: true, undone: 2 });
    const saved = await call("PUT", `/site-config/${work.siteId}`, { ...admin, body: { platform: "magnolia", platformConfig: { authorUrl: "https://author2.example", authorUsername: "editor", authorPassword: "new-secret" } } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await call("DELETE", `/sites/${work.siteId}`, admin)).status).toBe(200);
    expect(await siteIds(work.owner)).toEqual([work.exportSiteId]);
  });
});
