/**
 * Guarded rollback: a value an apply wrote is restored only where the target still holds it. A value an
 * editor changed in the CMS since, or a later apply for another page wrote over on a shared asset (AEM's
 * DAM asset, WordPress's media item), is left as it is and reported. Each platform's fake plays the CMS.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ENRICH_ROLLBACK_MESSAGES, type EnrichApplyDto } from "../../workers/contracts/enrich";
import { BUNDLE_DOCUMENT, createTargetEnricher, type EnrichItem } from "../../workers/targets/enrich";
import { createTargetAdapter } from "../../workers/targets/registry";
import { strictEgress } from "../fixtures/egress";
import { FakeAem } from "../fixtures/targets/fake-aem";
import { type FakePlatform, fakeFetch } from "../fixtures/targets/fake-base";
import { FakeContentful } from "../fixtures/targets/fake-contentful";
import { FakeMagnolia } from "../fixtures/targets/fake-magnolia";
import { FakeSanity } from "../fixtures/targets/fake-sanity";
import { FakeStoryblok } from "../fixtures/targets/fake-storyblok";
import { fakeWordPress } from "../fixtures/targets/fake-wordpress-rest";
import { PNG, SOURCE_HOST, preparedPage } from "../fixtures/targets/pages";
import { getDb } from "../../workers/db/client";
import { enrichProposals } from "../../workers/db/schema-enrich";
import { migrationRuns, snapshots } from "../../workers/db/schema-runs";
import { targetAssets, targetItems } from "../../workers/db/schema-targets";
import { applyEnrichment, rollbackEnrichApply } from "../../workers/services/enrich-apply";
import { auditFor, auditJson, call, newOwner } from "../api/helpers";

const restored = (item: string) => ({ status: "restored", item, message: ENRICH_ROLLBACK_MESSAGES.restored(item) });
const left = (item: string) => ({ status: "left", item, message: ENRICH_ROLLBACK_MESSAGES.left(item) });

interface Platform {
  platform: string;
  make: () => { fake: FakePlatform; routes: Record<string, FakePlatform["handle"]>; config: Record<string, unknown> };
  /** The meta description as the platform holds it, and an editor's change of it in the CMS. */
  description: (fake: FakePlatform, id: string) => unknown;
  edit: (fake: FakePlatform, id: string, value: string) => void;
  /** How the rollback names the description, and the other values the apply wrote (its title, Open Graph copies). */
  item: string;
  others: string[];
}

const platforms: Platform[] = [
  {
    platform: "sanity",
    make: () => {
      const fake = new FakeSanity();
      return { fake, routes: { "proj1.api.sanity.io": fake.handle }, config: { projectId: "proj1", dataset: "production", token: "sanity-token" } };
    },
    description: (f, id) => ((f as FakeSanity).docs.get(id)?.seo as Record<string, unknown>).description,
    edit: (f, id, v) => void (((f as FakeSanity).docs.get(id)!.seo as Record<string, unknown>).description = v),
    item: "seo.description",
    others: ["seo.title"],
  },
  {
    platform: "storyblok",
    make: () => {
      const fake = new FakeStoryblok();
      return { fake, routes: { "api-us.storyblok.com": fake.handle }, config: { spaceId: "12345", managementToken: "sb-token", region: "us" } };
    },
    description: (f, id) => ((f as FakeStoryblok).stories.get(Number(id))!.content as Record<string, unknown>).seo_description,
    edit: (f, id, v) => void (((f as FakeStoryblok).stories.get(Number(id))!.content as Record<string, unknown>).seo_description = v),
    item: "seo_description",
    others: ["og_description", "seo_title", "og_title"],
  },
  {
    platform: "contentful",
    make: () => {
      const fake = new FakeContentful();
      return { fake, routes: { "api.contentful.com": fake.handle }, config: { spaceId: "space1", environmentId: "master", managementToken: "cf-token" } };
    },
    description: (f, id) => (f as FakeContentful).entries.get(id)!.fields.seoDescription!["en-US"],
    edit: (f, id, v) => void ((f as FakeContentful).entries.get(id)!.fields.seoDescription!["en-US"] = v),
    item: "field seoDescription",
    // The fake's page type has no title field of SEO: the title is not written.
    others: [],
  },
  {
    platform: "magnolia",
    make: () => {
      const fake = new FakeMagnolia();
      return { fake, routes: { "magnolia.test": fake.handle }, config: { authorUrl: "https://magnolia.test/magnoliaAuthor", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site" } };
    },
    description: (f, id) => (f as FakeMagnolia).prop((f as FakeMagnolia).find("website", id), "description"),
    edit: (f, id, v) => void ((f as FakeMagnolia).find("website", id)!.properties.find((p) => p.name === "description")!.values = [v]),
    item: "page property description",
    others: ["page property windowTitle"],
  },
  {
    platform: "aem",
    make: () => {
      const fake = new FakeAem();
      return { fake, routes: { "aem.test": fake.handle }, config: { authorUrl: "https://aem.test", username: "admin", password: "admin" } };
    },
    description: (f, id) => (f as FakeAem).get(`${id}/jcr:content`)!["jcr:description"],
    edit: (f, id, v) => void ((f as FakeAem).get(`${id}/jcr:content`)!["jcr:description"] = v),
    item: "page property jcr:description",
    others: ["page property pageTitle", "page property ogTitle"],
  },
];

describe.each(platforms)("Rollback of an apply into $platform", (p) => {
  async function applied() {
    const made = p.make();
    const options = { config: made.config, fetch: fakeFetch(made.routes), egress: strictEgress(), siteSlug: "site-test" };
    const written = await createTargetAdapter(p.platform, options).upsertPage(preparedPage("/team", "b".repeat(64)), null);
    const enricher = createTargetEnricher(p.platform, options)!;
    const item = { targetId: written.targetId, targetPath: written.targetPath, migrationId: null };
    const result = await enricher.apply(item, [
      { field: "metaDescription", target: "", value: "Who we are, in two sentences." },
      { field: "metaTitle", target: "", value: "Our team" },
    ]);
    expect(p.description(made.fake, item.targetId)).toBe("Who we are, in two sentences.");
    return { fake: made.fake, item, result, revert: () => enricher.revert(item, result.previous, result.after) };
  }

  it("restores every value where nothing changed since the apply", async () => {
    const a = await applied();
    const outcomes = await a.revert();
    expect(outcomes.map((o) => o.status)).toEqual(outcomes.map(() => "restored"));
    expect(outcomes.map((o) => o.item).sort()).toEqual([p.item, ...p.others].sort());
    expect(p.description(a.fake, a.item.targetId)).toBe("About /team");
  });

  it("leaves a description an editor changed in the CMS since the apply, says so, and restores the rest", async () => {
    const a = await applied();
    p.edit(a.fake, a.item.targetId, "Edited by hand");
    const outcomes = await a.revert();
    expect(p.description(a.fake, a.item.targetId)).toBe("Edited by hand");
    expect(outcomes).toContainEqual(left(p.item));
    for (const other of p.others) expect(outcomes).toContainEqual(restored(other));
    expect(outcomes).toHaveLength(1 + p.others.length);
  });
});

describe("Rollback of alt text on AEM's shared DAM asset", () => {
  const HERO = `https://${SOURCE_HOST}/img/hero.png`;
  const DAM = "/content/dam/migrated/hero-1a2b.png";
  const ASSET_DESCRIPTION = `dc:description of the DAM asset ${DAM}`;

  /** Two pages the AEM adapter wrote, both showing the hero image it uploaded to the DAM. */
  async function twoPages() {
    const fake = new FakeAem();
    const options = { config: { authorUrl: "https://aem.test", username: "admin", password: "admin" }, fetch: fakeFetch({ "aem.test": fake.handle }), egress: strictEgress(), siteSlug: "site-test" };
    const adapter = createTargetAdapter("aem", options);
    const assetRefs = { [HERO]: { state: "uploaded" as const, sourceUrl: HERO, url: DAM, targetId: DAM, alt: "Hero" } };
    const pages: EnrichItem[] = [];
    for (const [path, hash] of [["/team", "c"], ["/about", "e"]] as const) {
      const written = await adapter.upsertPage({ ...preparedPage(path, hash.repeat(64)), assetRefs }, null);
      pages.push({ targetId: written.targetId, targetPath: written.targetPath, migrationId: null });
    }
    const asset = await adapter.uploadAsset({ sourceUrl: HERO, bytes: PNG, contentType: "image/png", filename: "hero-1a2b.png", alt: "Hero", contentHash: "d".repeat(64) });
    expect(asset.targetId).toBe(DAM);
    const enricher = createTargetEnricher("aem", options)!;
    const alt = (page: EnrichItem, value: string) => enricher.apply(page, [{ field: "imageAlt", target: HERO, value, asset: { targetId: DAM, url: DAM } }]);
    const heroAlt = (page: EnrichItem) => (fake.get(`${page.targetId}/jcr:content`)!.root as Record<string, Record<string, Record<string, unknown>>>).main!.hero_0!.alt;
    return { fake, enricher, pages, alt, heroAlt, description: () => fake.get(`${DAM}/jcr:content/metadata`)!["dc:description"] };
  }

  it("rolling back page A leaves the description page B's later apply wrote and reports it; rolling back B then restores A's", async () => {
    const aem = await twoPages();
    const [a, b] = aem.pages as [EnrichItem, EnrichItem];
    const applyA = await aem.alt(a, "The team at the bakery");
    const applyB = await aem.alt(b, "Our shop front");
    expect(aem.description()).toBe("Our shop front");

    const rollbackA = await aem.enricher.revert(a, applyA.previous, applyA.after);
    expect(rollbackA).toEqual([restored("page property root/main/hero_0/alt"), left(ASSET_DESCRIPTION)]);
    expect(rollbackA[1]!.message).toBe(`Left dc:description of the DAM asset ${DAM} as it is: it changed since this apply`);
    expect(aem.description()).toBe("Our shop front");
    expect(aem.heroAlt(a)).toBeUndefined();
    expect(aem.heroAlt(b)).toBe("Our shop front");

    const rollbackB = await aem.enricher.revert(b, applyB.previous, applyB.after);
    expect(rollbackB).toEqual([restored("page property root/main/hero_0/alt"), restored(ASSET_DESCRIPTION)]);
    expect(aem.description()).toBe("The team at the bakery");
    expect(aem.heroAlt(b)).toBeUndefined();
  });

  it("names the DAM asset's values as shared, and restores the value the rollback service names for an item in place of the recorded one", async () => {
    const aem = await twoPages();
    const [a, b] = aem.pages as [EnrichItem, EnrichItem];
    const applyA = await aem.alt(a, "The team at the bakery");
    const applyB = await aem.alt(b, "Our shop front");
    expect(aem.enricher.shared!(applyA.previous, applyA.after)).toEqual([{ item: ASSET_DESCRIPTION, old: "Hero", written: "The team at the bakery" }]);
    expect(aem.enricher.shared!(applyB.previous, applyB.after)).toEqual([{ item: ASSET_DESCRIPTION, old: "The team at the bakery", written: "Our shop front" }]);
    await aem.enricher.revert(a, applyA.previous, applyA.after);
    // A was rolled back and left the description: the service names A's old value (the upload's) for B's rollback.
    const rollbackB = await aem.enricher.revert(b, applyB.previous, applyB.after, new Map([[ASSET_DESCRIPTION, "Hero"]]));
    expect(rollbackB[1]).toEqual({ status: "restored", item: ASSET_DESCRIPTION, message: `Restored ${ASSET_DESCRIPTION} to its value before the earlier applies rolled back since` });
    expect(aem.description()).toBe("Hero");
    expect(aem.heroAlt(b)).toBeUndefined();
  });

  it("reports a page deleted since as gone, and restores unchecked without the record of what the apply wrote", async () => {
    const aem = await twoPages();
    const [a, b] = aem.pages as [EnrichItem, EnrichItem];
    const applyA = await aem.alt(a, "The team at the bakery");
    const applyB = await aem.alt(b, "Our shop front");
    delete aem.fake.get("/content/site-test")!.team;
    const rollbackA = await aem.enricher.revert(a, applyA.previous, applyA.after);
    expect(rollbackA.map((o) => o.status)).toEqual(["gone", "left"]);
    expect(rollbackA[0]!.message).toBe("Page property root/main/hero_0/alt is no longer in the target");
    expect(aem.fake.get("/content/site-test/team")).toBeNull();
    // An apply whose `after` was not kept (none so far for AEM; the fallback all platforms share).
    const unchecked = await aem.enricher.revert(b, applyB.previous);
    expect(unchecked.map((o) => o.status)).toEqual(["unchecked", "unchecked"]);
    expect(unchecked[1]!.message).toBe(`Restored ${ASSET_DESCRIPTION} without checking for later changes (this apply was recorded before rollbacks checked them)`);
    expect(aem.description()).toBe("The team at the bakery");
  });
});

describe("Rollback of alt text on a shared Contentful asset", () => {
  it("names the asset's description as shared, and restores the value the rollback service names in place of the recorded one", async () => {
    const fake = new FakeContentful();
    const options = { config: { spaceId: "space1", environmentId: "master", managementToken: "cf-token" }, fetch: fakeFetch({ "api.contentful.com": fake.handle }), egress: strictEgress(), siteSlug: "site-test" };
    const adapter = createTargetAdapter("contentful", options);
    const pages: EnrichItem[] = [];
    for (const [path, hash] of [["/team", "c"], ["/about", "e"]] as const) {
      const written = await adapter.upsertPage(preparedPage(path, hash.repeat(64)), null);
      pages.push({ targetId: written.targetId, targetPath: written.targetPath, migrationId: null });
    }
    fake.assets.set("loaf", { sys: { id: "loaf", type: "Asset", version: 1 }, fields: { title: { "en-US": "Loaf" }, description: { "en-US": "Bread" } } });
    const enricher = createTargetEnricher("contentful", options)!;
    const alt = (page: EnrichItem, value: string) => enricher.apply(page, [{ field: "imageAlt", target: "https://source.test/loaf.png", value, asset: { targetId: "loaf", url: "//images.ctfassets.net/space1/loaf/loaf.png" } }]);
    const description = () => fake.assets.get("loaf")!.fields.description!["en-US"];
    const [a, b] = pages as [EnrichItem, EnrichItem];
    const applyA = await alt(a, "A loaf");
    const applyB = await alt(b, "A loaf on the counter");
    const item = "description of the asset loaf";
    expect(enricher.shared!(applyA.previous, applyA.after)).toEqual([{ item, old: "Bread", written: "A loaf" }]);
    expect(enricher.shared!(applyB.previous, applyB.after)).toEqual([{ item, old: "A loaf", written: "A loaf on the counter" }]);
    expect(await enricher.revert(a, applyA.previous, applyA.after)).toContainEqual(left(item));
    expect(description()).toBe("A loaf on the counter");
    const rollbackB = await enricher.revert(b, applyB.previous, applyB.after, new Map([[item, "Bread"]]));
    expect(rollbackB).toContainEqual({ status: "restored", item, message: ENRICH_ROLLBACK_MESSAGES.restoredEarlier(item) });
    expect(description()).toBe("Bread");
  });
});

describe("Rollback in WordPress", () => {
  const page = (targetId: string) => ({ targetId, targetPath: "/", migrationId: null });
  const loaf = (value: string) => ({ field: "imageAlt" as const, target: "https://source.test/loaf.png", value, asset: { targetId: "3", url: "https://wp.test/up/loaf.png" } });
  const CONTENT = "page content (the alt text of its image blocks)";
  const blockAlt = (wp: ReturnType<typeof fakeWordPress>, id: number) => /alt="([^"]*)" class="wp-image-3"/.exec((wp.pages.get(id)!.content as { raw: string }).raw)?.[1];

  it("rolling back page A leaves the media item's alt text page B's later apply wrote and reports it; rolling back B then restores A's", async () => {
    const wp = fakeWordPress({ namespaces: [], registeredMeta: [], excerpts: false, pages: [7, 8] });
    const enricher = createTargetEnricher("wordpress", wp.options)!;
    const applyA = await enricher.apply(page("7"), [loaf("A loaf")]);
    const applyB = await enricher.apply(page("8"), [loaf("A loaf on the counter")]);
    expect(wp.media.alt_text).toBe("A loaf on the counter");
    expect([blockAlt(wp, 7), blockAlt(wp, 8)]).toEqual(["A loaf", "A loaf on the counter"]);

    const rollbackA = await enricher.revert(page("7"), applyA.previous, applyA.after);
    expect(rollbackA).toEqual([left("alt text of media 3"), restored(CONTENT)]);
    expect(rollbackA[0]!.message).toBe("Left alt text of media 3 as it is: it changed since this apply");
    expect(wp.media.alt_text).toBe("A loaf on the counter");
    expect([blockAlt(wp, 7), blockAlt(wp, 8)]).toEqual(["", "A loaf on the counter"]);

    const rollbackB = await enricher.revert(page("8"), applyB.previous, applyB.after);
    expect(rollbackB).toEqual([restored("alt text of media 3"), restored(CONTENT)]);
    expect(wp.media.alt_text).toBe("A loaf");
    expect(blockAlt(wp, 8)).toBe("");
  });

  it("leaves an SEO title and page content an editor changed since the apply, and restores the description", async () => {
    const wp = fakeWordPress({ namespaces: ["yoast/v1"], registeredMeta: ["_yoast_wpseo_title", "_yoast_wpseo_metadesc"], excerpts: false });
    const enricher = createTargetEnricher("wordpress", wp.options)!;
    const result = await enricher.apply(page("7"), [
      { field: "metaTitle", target: "", value: "Fresh bread" },
      { field: "metaDescription", target: "", value: "Sourdough every morning." },
      loaf("A loaf"),
    ]);
    (wp.page.meta as Record<string, unknown>)._yoast_wpseo_title = "Bread, by hand";
    const edited = `${(wp.page.content as { raw: string }).raw}<p>Added later.</p>`;
    wp.page.content = { raw: edited };

    const outcomes = await enricher.revert(page("7"), result.previous, result.after);
    expect(outcomes).toEqual([restored("alt text of media 3"), left(CONTENT), left("SEO field _yoast_wpseo_title"), restored("SEO field _yoast_wpseo_metadesc")]);
    expect(wp.page.meta).toEqual({ _yoast_wpseo_title: "Bread, by hand", _yoast_wpseo_metadesc: "" });
    expect((wp.page.content as { raw: string }).raw).toBe(edited);
    expect(wp.media.alt_text).toBe("");
  });
});

describe("Rollback in an export bundle", () => {
  it("restores the page's document whole (only the product writes the bundle) and says so", async () => {
    const item = { targetId: "pages/team.json", targetPath: "/team", migrationId: crypto.randomUUID() };
    const key = `targets/${item.migrationId}/bundle/${item.targetId}`;
    const before = JSON.stringify({ title: "Team", seo: { description: "About /team" } }, null, 2);
    await env.BUCKET.put(key, before);
    const enricher = createTargetEnricher("drupal", { config: {}, egress: strictEgress(), siteSlug: "site-test", bucket: env.BUCKET })!;
    const result = await enricher.apply(item, [{ field: "metaDescription", target: "", value: "Who we are." }]);
    expect(JSON.parse(await (await env.BUCKET.get(key))!.text()).seo.description).toBe("Who we are.");
    expect(await enricher.revert(item, result.previous, result.after)).toEqual([restored(BUNDLE_DOCUMENT)]);
    expect(await (await env.BUCKET.get(key))!.text()).toBe(before);
  });
});

/**
 * The rollback service with a guarded enricher: two applies of alt text on pages that share one
 * WordPress media item, recorded by applyEnrichment as the product records them. Rolling back the first
 * leaves the medium's alt text the second wrote; the outcome is returned, kept on the apply (the list of
 * applies shows it) and audited.
 */
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

    // A's value stood under B's until A was rolled back: rolling back B takes the medium back to its value before both.
    const rolledB = await rollbackEnrichApply(s.db, env, s.actor, s.owner.orgId, applyB.id, wp.options.fetch);
    expect(rolledB.rollback).toEqual([
      { pageUrl: `https://${HOST}/b`, status: "restored", item: "alt text of media 3", message: "Restored alt text of media 3 to its value before the earlier applies rolled back since" },
      { pageUrl: `https://${HOST}/b`, status: "restored", item: content, message: ENRICH_ROLLBACK_MESSAGES.restored(content) },
    ]);
    expect(wp.media.alt_text).toBe("");
  });

  it("follows a shared medium's value back only through applies rolled back since, never past one that stands", async () => {
    const s = await siteWithTwoPages();
    const wp = fakeWordPress({ namespaces: [], registeredMeta: [], excerpts: false, pages: [7, 8] });
    const apply = (path: string) => applyEnrichment(s.db, env, s.actor, s.owner.orgId, s.siteId, [s.proposals[path]!], wp.options.fetch);
    const rollback = (id: string) => rollbackEnrichApply(s.db, env, s.actor, s.owner.orgId, id, wp.options.fetch);
    const mediaOutcome = (dto: EnrichApplyDto) => dto.rollback!.find((o) => o.item === "alt text of media 3");

    // First round, rolled back in the order applied: A is left, B goes back past A to the original.
    const a1 = await apply("/a");
    const b1 = await apply("/b");
    expect(mediaOutcome(await rollback(a1.id))!.status).toBe("left");
    expect(mediaOutcome(await rollback(b1.id))!.message).toBe(ENRICH_ROLLBACK_MESSAGES.restoredEarlier("alt text of media 3"));
    expect(wp.media.alt_text).toBe("");

    // Second round, the same values: A2 stands when B2 is rolled back, so B2 gives A2's value back, although
    // the first round's A, which wrote the same value, was rolled back with the medium left.
    const a2 = await apply("/a");
    const b2 = await apply("/b");
    expect(wp.media.alt_text).toBe("A loaf on the counter");
    expect(mediaOutcome(await rollback(b2.id))).toEqual({ pageUrl: `https://${HOST}/b`, status: "restored", item: "alt text of media 3", message: ENRICH_ROLLBACK_MESSAGES.restored("alt text of media 3") });
    expect(wp.media.alt_text).toBe("A loaf");
    expect(mediaOutcome(await rollback(a2.id))!.message).toBe(ENRICH_ROLLBACK_MESSAGES.restored("alt text of media 3"));
    expect(wp.media.alt_text).toBe("");
  });
});
