/**
 * The target writer end to end inside the Worker: real D1 and R2, platform calls routed to the fakes.
 * Re-runs, asset de-duplication, link rewriting, dry run, outputs (redirects, YAML, ZIP) and rollback.
 */
import { env } from "cloudflare:test";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { getDb } from "../../workers/db/client";
import { rollbackTargetRun } from "../../workers/services/target-outputs";
import { readPlatformSecrets } from "../../workers/lib/platform-secrets";
import { openTargetWriter } from "../../workers/targets/target-writer";
import { call, newOwner } from "../helpers";
import { fakeFetch } from "../fixtures/targets/fake-base";
import { FakeContentful } from "../fixtures/targets/fake-contentful";
import { FakeMagnolia } from "../fixtures/targets/fake-magnolia";
import { SOURCE_HOST, mappedPage, sourceSite } from "../fixtures/targets/pages";

async function siteWith(platform: string, platformConfig: Record<string, unknown>) {
  const owner = await newOwner("targets");
  const site = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Target site", domain: "www.source.test" } });
  const saved = await call("PUT", `/site-config/${site.json.site.id}`, { token: owner.token, org: owner.orgId, body: { platform, platformConfig } });
  expect(saved.status).toBe(200);
  return { owner, siteId: site.json.site.id as string };
}

const run = async (siteId: string, orgId: string, userId: string, fetcher: ReturnType<typeof fakeFetch>, keepYamlFile = false) =>
  openTargetWriter({ readSecrets: (row) => readPlatformSecrets(env, row), db: getDb(env.DB), env, organizationId: orgId, siteId, migrationId: crypto.randomUUID(), actor: { userId }, fetch: fetcher, keepYamlFile });

describe("target writer", () => {
  it("writes into Contentful once per page and asset, rewrites links, skips unchanged pages and rolls back", async () => {
    const fake = new FakeContentful();
    const fetcher = fakeFetch({ "api.contentful.com": fake.handle, "upload.contentful.com": fake.handle, [SOURCE_HOST]: sourceSite });
    const { owner, siteId } = await siteWith("contentful", { spaceId: "space1", environmentId: "master", managementToken: "cf-token", uploadAssets: true, publishEntries: true });
    const pages = [mappedPage("/team"), mappedPage("/about")];

    const writer = await run(siteId, owner.orgId, owner.id, fetcher);
    writer.registerPages(pages);
    const outcomes = [];
    for (const p of pages) outcomes.push(await writer.writePage(p));
    const first = await writer.finish();
    expect(outcomes.map((o) => o.action)).toEqual(["create", "create"]);
    // /team links to /about before /about is written (its fidelity check must not call that link broken);
    // once /about is written, nothing it links to is pending.
    expect(outcomes.map((o) => o.pendingLinks)).toEqual([["/about"], []]);
    // What became of every image the pages use: one uploaded, its twin (the same bytes) reused by hash.
    expect(first.summary).toEqual({ pages: 2, assets: 1, assetsUploaded: 1, assetsReused: 1, assetsConverted: 0, assetsBundled: 0, assetsKeptAtSource: 0 });
    for (const o of outcomes) expect(o.assets.map((a) => [new URL(a.sourceUrl).pathname, a.state])).toEqual([["/img/hero.png", "uploaded"], ["/img/team.png", "reused"]]);
    // The run's pages with their assets through the API; another organization sees nothing.
    const listed = await call("GET", `/migration/${writer.migrationId}/target-pages`, { token: owner.token, org: owner.orgId });
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ platform: "contentful", summary: { uploaded: 1, reused: 1, converted: 0, bundled: 0, source: 0 } });
    expect(listed.json.pages.map((p: { sourceUrl: string; action: string }) => [new URL(p.sourceUrl).pathname, p.action])).toEqual([["/team", "create"], ["/about", "create"]]);
    expect(listed.json.pages.map((p: { assets: { state: string }[] }) => p.assets.map((a) => a.state))).toEqual([["uploaded", "reused"], ["uploaded", "reused"]]);
    // Both pages link only to /about, which the run writes (and /about's link to itself is no outside link).
    expect(listed.json.linksOutside).toBe(0);
    expect(listed.json.pages.map((p: { linksOutside: unknown[] }) => p.linksOutside)).toEqual([[], []]);
    const stranger = await newOwner("targets-stranger");
    expect((await call("GET", `/migration/${writer.migrationId}/target-pages`, { token: stranger.token, org: stranger.orgId })).status).toBe(404);
    // hero.png and team.png have the same bytes: one asset in the target.
    expect(fake.assets.size).toBe(1);
    const team = fake.entries.get(outcomes[0].targetId)!;
    const hero = fake.entries.get((team.fields.components["en-US"] as { sys: { id: string } }[])[0].sys.id)!;
    const body = JSON.stringify(hero.fields.body["en-US"]);
    expect(body).toContain('"uri":"/about"');
    expect(body).toContain('"uri":"https://elsewhere.test/x"');
    expect(body).toContain('"linkType":"Asset"');
    expect(team.sys.publishedVersion).toBeGreaterThan(0);
    const firstRun = writer.migrationId;
    const events = await env.DB.prepare("SELECT action, COUNT(*) AS n FROM audit_events WHERE json_extract(after, '$.migrationId') = ? GROUP BY action ORDER BY action").bind(firstRun).all();
    expect(events.results).toEqual([{ action: "target.asset.create", n: 1 }, { action: "target.page.create", n: 2 }]);

    // Dry run of a changed page: nothing is written.
    const changed = [mappedPage("/team", { title: "Changed" }), mappedPage("/about")];
    const before = fake.log.length;
    const dry = await call("POST", `/platform/${siteId}/dry-run`, { token: owner.token, org: owner.orgId, body: { pages: changed } });
    expect(dry.status).toBe(200);
    expect(dry.json.pages.map((p: { action: string }) => p.action)).toEqual(["update", "skip"]);
    expect(dry.json.pages[0].assets.reuse.length).toBeGreaterThan(0);
    expect(fake.log.length).toBe(before);

    // Second run: the unchanged page is skipped, the changed one updated in place.
    const second = await run(siteId, owner.orgId, owner.id, fetcher);
    second.registerPages(changed);
    const again = [await second.writePage(changed[0]), await second.writePage(changed[1])];
    await second.finish();
    expect(again.map((o) => o.action)).toEqual(["update", "skip"]);
    expect([...fake.entries.values()].filter((e) => e.sys.contentType?.sys.id === "page")).toHaveLength(2);
    expect(fake.entries.get(outcomes[0].targetId)!.fields.title["en-US"]).toBe("Changed");
    expect(fake.assets.size).toBe(1);

    // Redirect map of the first run, as a download.
    const csv = await call("GET", `/migration/${writer.migrationId}/redirects.csv`, { token: owner.token, org: owner.orgId });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="redirects-.+\.csv"$/);

    // Rollback of the second run restores the title; rollback of the first deletes everything it created.
    const secondId = second.migrationId;
    const firstId = writer.migrationId;
    const other = await newOwner("intruder");
    expect((await call("POST", `/migration/${secondId}/rollback`, { token: other.token, org: other.orgId })).status).toBe(404);
    // The platform calls of a rollback go through the injected transport here (the API route uses the network).
    const db = getDb(env.DB);
    expect(await rollbackTargetRun(db, env, { userId: owner.id }, owner.orgId, secondId, fetcher)).toEqual({ undone: 1 });
    expect(fake.entries.get(outcomes[0].targetId)!.fields.title["en-US"]).toBe("Title of /team");
    await rollbackTargetRun(db, env, { userId: owner.id }, owner.orgId, firstId, fetcher);
    expect(fake.entries.size).toBe(0);
    expect(fake.assets.size).toBe(0);
    const audit = await env.DB.prepare("SELECT action FROM audit_events WHERE entity_id = ? AND action = 'target.run.rollback'").bind(firstId).all();
    expect(audit.results).toHaveLength(1);
    expect(csv.json).toContain("/team,/team,https://source.test/team");
  });

  it("writes Magnolia pages with areas and components and keeps the YAML bootstrap file", async () => {
    const fake = new FakeMagnolia();
    const fetcher = fakeFetch({ "magnolia.test": fake.handle, [SOURCE_HOST]: sourceSite });
    const { owner, siteId } = await siteWith("magnolia", { authorUrl: "https://magnolia.test/magnoliaAuthor", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site", assetProcessingMode: "dam" });
    const pages = [mappedPage("/about", {}, "mod:pages/standard", "mod:components/hero"), mappedPage("/about/team", {}, "mod:pages/standard", "mod:components/hero")];
    const writer = await run(siteId, owner.orgId, owner.id, fetcher, true);
    writer.registerPages(pages);
    for (const p of pages) await writer.writePage(p);
    const { outputs } = await writer.finish();
    const team = fake.find("website", "/site/about/team");
    expect(fake.prop(team, "mgnl:template")).toBe("mod:pages/standard");
    expect(fake.prop(team, "description")).toBe("About /about/team");
    const component = fake.find("website", "/site/about/team/main/0");
    expect(fake.prop(component, "mgnl:template")).toBe("mod:components/hero");
    expect(fake.prop(component, "body")).toContain('href="/site/about"');
    expect(fake.prop(component, "image")).toMatch(/^jcr:/);
    expect(fake.activated.map((a) => a.path)).toEqual(expect.arrayContaining(["/site/about", "/site/about/team"]));
    expect(outputs.magnoliaYaml).toBeTruthy();

    const migrationId = writer.migrationId;
    const res = await call("GET", `/migration/${migrationId}/magnolia.yaml`, { token: owner.token, org: owner.orgId });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="magnolia-pages-${migrationId}.yaml"`);
    const tree = parseYaml(res.json as string) as Record<string, Record<string, unknown>>;
    const about = tree.site.about as Record<string, unknown>;
    expect(about["jcr:primaryType"]).toBe("mgnl:page");
    expect(about["mgnl:template"]).toBe("mod:pages/standard");
    expect((about.team as Record<string, unknown>)["title"]).toBe("Title of /about/team");
    expect(((about.main as Record<string, Record<string, unknown>>)["0"])["mgnl:template"]).toBe("mod:components/hero");
  });

  it("bundles pages, assets and a manifest into a ZIP for export-only platforms", async () => {
    const fetcher = fakeFetch({ [SOURCE_HOST]: sourceSite });
    const { owner, siteId } = await siteWith("drupal", {});
    const pages = [mappedPage("/"), mappedPage("/about")];
    const writer = await run(siteId, owner.orgId, owner.id, fetcher);
    writer.registerPages(pages);
    for (const p of pages) await writer.writePage(p);
    await writer.finish();
    const migrationId = writer.migrationId;
    const res = await env.BUCKET.get(`targets/${migrationId}/export.zip`);
    const files = unzipSync(new Uint8Array(await res!.arrayBuffer()));
    const manifest = JSON.parse(strFromU8(files["manifest.json"]));
    expect(manifest.platform).toBe("drupal");
    expect(manifest.pages).toEqual(expect.arrayContaining(["pages/index.json", "pages/about.json"]));
    expect(Object.keys(files).filter((f) => f.startsWith("assets/"))).toHaveLength(1);
    const about = JSON.parse(strFromU8(files["pages/about.json"]));
    expect(about.components[0].fields.image.src).toMatch(/^assets\/hero-[0-9a-f]{10}\.png$/);
    expect(strFromU8(files["redirects.csv"])).toContain("/about,/about,");
    const dl = await call("GET", `/migration/${migrationId}/export.zip`, { token: owner.token, org: owner.orgId });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("Content-Disposition")).toBe(`attachment; filename="drupal-export-${migrationId}.zip"`);
    // Rollback through the API removes the bundle pages it wrote, and is audited.
    const rb = await call("POST", `/migration/${migrationId}/rollback`, { token: owner.token, org: owner.orgId });
    expect(rb.json).toEqual({ success: true, undone: 2 });
    expect(await env.BUCKET.get(`targets/${migrationId}/bundle/pages/about.json`)).toBeNull();
    const audit = await env.DB.prepare("SELECT actor_user_id FROM audit_events WHERE entity_id = ? AND action = 'target.run.rollback'").bind(migrationId).all();
    expect(audit.results).toEqual([{ actor_user_id: owner.id }]);
  });
});
