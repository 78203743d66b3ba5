/**
 * The rollback service with a guarded enricher: two applies of alt text on pages that share one
 * WordPress media item, recorded by applyEnrichment as the product records them. Rolling back the first
 * leaves the medium's alt text the second wrote; the outcome is returned, kept on the apply (the list of
 * applies shows it) and audited.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ENRICH_ROLLBACK_MESSAGES, type EnrichApplyDto } from "../../workers/contracts/enrich";
import { getDb } from "../../workers/db/client";
import { enrichProposals } from "../../workers/db/schema-enrich";
import { migrationRuns, snapshots } from "../../workers/db/schema-runs";
import { targetAssets, targetItems } from "../../workers/db/schema-targets";
import { applyEnrichment, rollbackEnrichApply } from "../../workers/services/enrich-apply";
import { auditFor, auditJson, call, newOwner } from "../api/helpers";
import { fakeWordPress } from "../fixtures/targets/fake-wordpress-rest";

const HOST = "www.rollback-shop.test";
const LOAF = `https://${HOST}/img/loaf.png`;

/** A site connected to the fake WordPress, whose pages /a (page 7) and /b (page 8) a run wrote, each with an approved alt text for the shared loaf image (media 3). */
async function siteWithTwoPages() {
  const owner = await newOwner("rollback");
  const auth = { token: owner.token, org: owner.orgId };
  const siteId = (await call("POST", "/sites", { ...auth, body: { name: "Rollback", domain: HOST } })).json.site.id as string;
  const saved = await call("PUT", `/site-config/${siteId}`, { ...auth, body: { platform: "wordpress", platformConfig: { restUrl: "https://wp.test/wp-json", username: "admin", applicationPassword: "pw" } } });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const db = getDb(env.DB);
  const organizationId = owner.orgId;
  const runId = crypto.randomUUID();
  await db.insert(migrationRuns).values({ id: runId, organizationId, siteId, status: "completed", options: {} as never, progress: {} as never, heartbeatAt: new Date() });
  await db.insert(targetAssets).values({ id: crypto.randomUUID(), organizationId, siteId, platform: "wordpress", contentHash: "a".repeat(64), sourceUrl: LOAF, targetId: "3", targetUrl: "https://wp.test/up/loaf.png" });
  const proposals: Record<string, string> = {};
  for (const [path, targetId, value] of [["/a", "7", "A loaf"], ["/b", "8", "A loaf on the counter"]] as const) {
    const url = `https://${HOST}${path}`;
    const snapshotId = crypto.randomUUID();
    await db.insert(snapshots).values({ id: snapshotId, organizationId, siteId, migrationId: runId, url, finalUrl: url, httpStatus: 200, contentHash: "b".repeat(64), extractionKey: `x${path}` });
    await db.insert(targetItems).values({ id: crypto.randomUUID(), organizationId, siteId, platform: "wordpress", itemKey: path, sourceUrl: url, targetId, targetPath: path, contentHash: "c".repeat(64), updatedAt: new Date() });
    proposals[path] = crypto.randomUUID();
    await db.insert(enrichProposals).values({ id: proposals[path]!, organizationId, siteId, snapshotId, runId, pageUrl: url, field: "imageAlt", target: LOAF, kind: "missingAlt", value, confidence: 0.9, source: "deterministic", status: "approved" });
  }
  return { db, owner, auth, siteId, proposals, actor: { userId: owner.id } };
}

describe("Rollback of an apply through the service", () => {
  it("returns, keeps and audits the medium's alt text it left because a later apply changed it", async () => {
    const s = await siteWithTwoPages();
    const wp = fakeWordPress({ namespaces: [], registeredMeta: [], excerpts: false, pages: [7, 8] });
    const applyA = await applyEnrichment(s.db, env, s.actor, s.owner.orgId, s.siteId, [s.proposals["/a"]!], wp.options.fetch);
    const applyB = await applyEnrichment(s.db, env, s.actor, s.owner.orgId, s.siteId, [s.proposals["/b"]!], wp.options.fetch);
    expect([applyA.summary.applied, applyB.summary.applied]).toEqual([1, 1]);
    expect(applyA.rollback).toBeNull();
    expect(wp.media.alt_text).toBe("A loaf on the counter");

    const rolled = await rollbackEnrichApply(s.db, env, s.actor, s.owner.orgId, applyA.id, wp.options.fetch);
    const pageUrl = `https://${HOST}/a`;
    const content = "page content (the alt text of its image blocks)";
    const expected = [
      { pageUrl, status: "left", item: "alt text of media 3", message: "Left alt text of media 3 as it is: it changed since this apply" },
      { pageUrl, status: "restored", item: content, message: ENRICH_ROLLBACK_MESSAGES.restored(content) },
    ];
    expect(rolled.rollback).toEqual(expected);
    expect(wp.media.alt_text).toBe("A loaf on the counter");

    const applies = (await call("GET", `/sites/${s.siteId}/enrich/applies`, s.auth)).json.applies as EnrichApplyDto[];
    expect(applies.find((a) => a.id === applyA.id)!.rollback).toEqual(expected);
    expect(applies.find((a) => a.id === applyB.id)!.rollback).toBeNull();
    const audit = await auditFor(applyA.id, "enrich.rollback");
    expect(audit).toHaveLength(1);
    expect((auditJson(audit[0]!.after) as { outcomes: unknown }).outcomes).toEqual(expected);

    const rolledB = await rollbackEnrichApply(s.db, env, s.actor, s.owner.orgId, applyB.id, wp.options.fetch);
    expect(rolledB.rollback!.map((o) => o.status)).toEqual(["restored", "restored"]);
    expect(wp.media.alt_text).toBe("A loaf");
  });
});
