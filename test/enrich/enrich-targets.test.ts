/**
 * Enrich changes written into each API platform's fake (built from its published API) and rolled
 * back: the SEO fields where the migration put them, and the state before restored.
 */
import { describe, expect, it } from "vitest";
import { createTargetEnricher } from "../../workers/targets/enrich";
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

const AEM_CONFIG = { authorUrl: "https://aem.test", username: "admin", password: "admin" };

interface Case {
  platform: string;
  make: () => { fake: FakePlatform; routes: Record<string, FakePlatform["handle"]>; config: Record<string, unknown> };
  /** The page's meta description and title as the platform holds them. */
  seo: (fake: FakePlatform, targetId: string) => { description: unknown; title: unknown };
}

const cases: Case[] = [
  {
    platform: "sanity",
    make: () => {
      const fake = new FakeSanity();
      return { fake, routes: { "proj1.api.sanity.io": fake.handle }, config: { projectId: "proj1", dataset: "production", token: "sanity-token" } };
    },
    seo: (f, id) => {
      const seo = (f as FakeSanity).docs.get(id)?.seo as { title?: string; description?: string };
      return { description: seo?.description, title: seo?.title };
    },
  },
  {
    platform: "storyblok",
    make: () => {
      const fake = new FakeStoryblok();
      return { fake, routes: { "api-us.storyblok.com": fake.handle }, config: { spaceId: "12345", managementToken: "sb-token", region: "us" } };
    },
    seo: (f, id) => {
      const content = (f as FakeStoryblok).stories.get(Number(id))?.content as Record<string, unknown>;
      return { description: content?.seo_description, title: content?.seo_title };
    },
  },
  {
    platform: "contentful",
    make: () => {
      const fake = new FakeContentful();
      return { fake, routes: { "api.contentful.com": fake.handle }, config: { spaceId: "space1", environmentId: "master", managementToken: "cf-token" } };
    },
    // The fake's page type declares seoDescription and no title field of SEO: the title is not supported there.
    seo: (f, id) => ({ description: (f as FakeContentful).entries.get(id)?.fields.seoDescription?.["en-US"], title: undefined }),
  },
  {
    platform: "magnolia",
    make: () => {
      const fake = new FakeMagnolia();
      return { fake, routes: { "magnolia.test": fake.handle }, config: { authorUrl: "https://magnolia.test/magnoliaAuthor", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site" } };
    },
    seo: (f, id) => {
      const m = f as FakeMagnolia;
      const node = m.find("website", id);
      return { description: m.prop(node, "description"), title: m.prop(node, "windowTitle") };
    },
  },
  {
    platform: "aem",
    make: () => {
      const fake = new FakeAem();
      return { fake, routes: { "aem.test": fake.handle }, config: AEM_CONFIG };
    },
    seo: (f, id) => {
      const content = (f as FakeAem).get(`${id}/jcr:content`);
      return { description: content?.["jcr:description"], title: content?.pageTitle };
    },
  },
];

describe.each(cases)("Enrich changes into $platform", (c) => {
  it("writes the meta title and description where the migration put them, and rolls them back", async () => {
    const made = c.make();
    const options = { config: made.config, fetch: fakeFetch(made.routes), egress: strictEgress(), siteSlug: "site-test" };
    const written = await createTargetAdapter(c.platform, options).upsertPage(preparedPage("/team", "b".repeat(64)), null);
    const before = c.seo(made.fake, written.targetId);
    expect(before.description).toBe("About /team");
    const enricher = createTargetEnricher(c.platform, options)!;
    const item = { targetId: written.targetId, targetPath: written.targetPath, migrationId: null };
    const result = await enricher.apply(item, [
      { field: "metaDescription", target: "", value: "Who we are, in two sentences." },
      { field: "metaTitle", target: "", value: "Our team" },
    ]);
    expect(result.outcomes[0]!.status).toBe("applied");
    const after = c.seo(made.fake, written.targetId);
    expect(after.description).toBe("Who we are, in two sentences.");
    if (c.platform === "contentful") expect(result.outcomes[1]).toEqual({ status: "unsupported", message: "The content type page has no field named seoTitle, metaTitle" });
    else expect(after.title).toBe("Our team");
    await enricher.revert(item, result.previous);
    const restored = c.seo(made.fake, written.targetId);
    expect(restored.description).toBe("About /team");
    if (c.platform !== "contentful") expect(restored.title).toBe(before.title ?? "");
  });
});

describe("Enrich changes into AEM", () => {
  const HERO = `https://${SOURCE_HOST}/img/hero.png`;
  const DAM = "/content/dam/migrated/hero-1a2b.png";

  /** A page the AEM adapter wrote into a fake author (its hero image uploaded to the DAM), and an enricher for it. */
  async function written(overrides: Parameters<typeof preparedPage>[2] = {}, routes?: (fake: FakeAem) => Record<string, FakePlatform["handle"]>) {
    const fake = new FakeAem();
    const options = { config: AEM_CONFIG, fetch: fakeFetch(routes?.(fake) ?? { "aem.test": fake.handle }), egress: strictEgress(), siteSlug: "site-test" };
    const page = { ...preparedPage("/team", "c".repeat(64), overrides), assetRefs: { [HERO]: { state: "uploaded" as const, sourceUrl: HERO, url: DAM, targetId: DAM, alt: "Hero" } } };
    const result = await createTargetAdapter("aem", options).upsertPage(page, null);
    const item = { targetId: result.targetId, targetPath: result.targetPath, migrationId: null };
    const content = () => fake.get(`${item.targetId}/jcr:content`)!;
    return { fake, item, content, adapter: createTargetAdapter("aem", options), enricher: createTargetEnricher("aem", options)! };
  }

  /** Uploads an image into the fake's DAM as the migration does; its metadata node. */
  async function uploaded(aem: Awaited<ReturnType<typeof written>>, filename: string, alt: string) {
    const asset = await aem.adapter.uploadAsset({ sourceUrl: `https://${SOURCE_HOST}/img/${filename}`, bytes: PNG, contentType: "image/png", filename, alt, contentHash: "d".repeat(64) });
    return { asset, metadata: () => aem.fake.get(`${asset.targetId}/jcr:content/metadata`)! };
  }

  it("sets alt on the component that shows the image and the language the page lacked, says why summary and tags are not written, and deletes what was absent on rollback", async () => {
    const aem = await written({ seo: { title: "SEO /team", description: "About /team", openGraph: {}, canonical: null, language: null } });
    expect(aem.item.targetId).toBe("/content/site-test/team");
    const before = structuredClone(aem.content());
    expect(before).not.toHaveProperty("jcr:language");
    const hero = () => ((aem.content().root as Record<string, Record<string, Record<string, unknown>>>).main!.hero_0)!;
    expect(hero().image).toBe(DAM);
    expect(hero()).not.toHaveProperty("alt");

    const result = await aem.enricher.apply(aem.item, [
      { field: "language", target: "", value: "en-GB" },
      { field: "imageAlt", target: HERO, value: "The team at the bakery", asset: { targetId: DAM, url: DAM } },
      { field: "imageAlt", target: `https://${SOURCE_HOST}/img/elsewhere.png`, value: "Nowhere", asset: null },
      { field: "summary", target: "", value: "A short summary." },
      { field: "tags", target: "", value: "bread, bakery" },
    ]);
    expect(result.outcomes).toEqual([
      { status: "applied", message: "page property jcr:language" },
      { status: "applied", message: "alt of 1 image component" },
      { status: "unsupported", message: "No component of the page shows this image" },
      { status: "unsupported", message: "AEM pages have no summary property (jcr:description holds the meta description), and this page's template has no summary, abstract or excerpt field" },
      { status: "unsupported", message: "AEM keeps tags in cq:tags as IDs of tags defined under /content/cq:tags, so free-text tags are not written there, and this page's template has no tags or keywords field" },
    ]);
    expect(result.previous).toEqual({ properties: { "jcr:language": null, "root/main/hero_0/alt": null }, assets: {} });
    expect(aem.content()["jcr:language"]).toBe("en_GB");
    expect(hero().alt).toBe("The team at the bakery");
    expect(hero().image).toBe(DAM);
    expect(aem.content()).not.toHaveProperty("summary");
    expect(aem.content()).not.toHaveProperty("cq:tags");

    await aem.enricher.revert(aem.item, result.previous);
    expect(aem.content()).toEqual(before);
  });

  it("writes a summary and tags into the template fields the migration wrote, and restores them", async () => {
    const aem = await written({ fields: { summary: { type: "text", value: "Old summary" }, tags: { type: "list", value: ["old"] } } });
    expect(aem.content().summary).toBe("Old summary");
    const values = { summary: "Bakers since 1921.", tags: "bread, bakery", metaTitle: "Our team" } as const;
    const result = await aem.enricher.apply(aem.item, Object.entries(values).map(([field, value]) => ({ field: field as keyof typeof values, target: "", value })));
    // The page's ogTitle (the migration wrote the source's og:title) follows the meta title.
    expect(result.outcomes).toEqual(["property summary", "property tags", "properties pageTitle, ogTitle"].map((what) => ({ status: "applied", message: `page ${what}` })));
    expect(aem.content()).toMatchObject({ summary: "Bakers since 1921.", tags: ["bread", "bakery"], pageTitle: "Our team", ogTitle: "Our team", "jcr:title": "Title of /team" });
    await aem.enricher.revert(aem.item, result.previous);
    expect(aem.content()).toMatchObject({ summary: "Old summary", tags: ["old"], pageTitle: "SEO /team", ogTitle: "OG /team" });
  });

  it("writes the alt text as dc:description of the image's DAM asset too, leaves dc:title alone, and restores or deletes it on rollback", async () => {
    const aem = await written();
    const hero = await uploaded(aem, "hero-1a2b.png", "Hero");
    expect(hero.asset.targetId).toBe(DAM);
    expect(hero.metadata()).toEqual({ "dc:title": "Hero", "dc:description": "Hero" });
    // An image of the page that no component shows (it sits in rich text the source kept), whose asset has no description.
    const other = await uploaded(aem, "map-3c4d.png", "");
    delete other.metadata()["dc:description"];
    const OTHER = other.asset.targetId;

    const result = await aem.enricher.apply(aem.item, [
      { field: "imageAlt", target: HERO, value: "The team at the bakery", asset: { targetId: DAM, url: DAM } },
      { field: "imageAlt", target: `https://${SOURCE_HOST}/img/map.png`, value: "Map to the bakery", asset: { targetId: OTHER, url: OTHER } },
    ]);
    expect(result.outcomes).toEqual([
      { status: "applied", message: `alt of 1 image component, dc:description of the DAM asset ${DAM}` },
      { status: "applied", message: `dc:description of the DAM asset ${OTHER}` },
    ]);
    expect(result.previous).toEqual({
      properties: { "root/main/hero_0/alt": null },
      assets: { [`${DAM}/jcr:content/metadata`]: { "dc:description": "Hero" }, [`${OTHER}/jcr:content/metadata`]: { "dc:description": null } },
    });
    expect(hero.metadata()).toEqual({ "dc:title": "Hero", "dc:description": "The team at the bakery" });
    expect(other.metadata()).toEqual({ "dc:title": "map-3c4d.png", "dc:description": "Map to the bakery" });

    await aem.enricher.revert(aem.item, result.previous);
    expect(hero.metadata()).toEqual({ "dc:title": "Hero", "dc:description": "Hero" });
    expect(other.metadata()).toEqual({ "dc:title": "map-3c4d.png" });
    expect(aem.content().root).not.toHaveProperty("main.hero_0.alt");
  });

  it("sets the alt of the image's <img> in rich text components, on top of another image's in the same text, and restores the old HTML exactly", async () => {
    const MAP = `https://${SOURCE_HOST}/img/map.png`;
    const text = `<p>Our <b>team</b> &amp; friends.</p><p><img src="${DAM}" alt="Hero"><img src="${MAP}" alt=""><img src="/img/elsewhere.png"></p>`;
    const story = `<figure><img src="${HERO}" data-asset-id="${DAM}"><figcaption>Us</figcaption></figure>`;
    const base = preparedPage("/team", "c".repeat(64));
    const aem = await written({
      components: [
        ...base.components,
        { definition: "text", targetId: "core/wcm/components/text/v2/text", area: "main", fields: { text: { type: "richtext", value: text } } },
        { definition: "story", targetId: "site/components/story", area: "main", fields: { body: { type: "richtext", value: story } } },
      ],
    });
    const main = () => (aem.content().root as Record<string, Record<string, Record<string, unknown>>>).main!;
    expect(main().text_1).toMatchObject({ text, textIsRich: true });
    const before = structuredClone(aem.content());
    const heroBody = main().hero_0!.body;

    const result = await aem.enricher.apply(aem.item, [
      { field: "imageAlt", target: HERO, value: 'The "team" at the bakery', asset: { targetId: DAM, url: DAM } },
      { field: "imageAlt", target: MAP, value: "Map to the bakery", asset: null },
    ]);
    expect(result.outcomes).toEqual([
      { status: "applied", message: "alt of 1 image component, alt of 2 images in rich text" },
      { status: "applied", message: "alt of 1 image in rich text" },
    ]);
    expect(main().text_1!.text).toBe(`<p>Our <b>team</b> &amp; friends.</p><p><img src="${DAM}" alt="The &quot;team&quot; at the bakery"><img src="${MAP}" alt="Map to the bakery"><img src="/img/elsewhere.png"></p>`);
    expect(main().story_2!.body).toBe(`<figure><img alt="The &quot;team&quot; at the bakery" src="${HERO}" data-asset-id="${DAM}"><figcaption>Us</figcaption></figure>`);
    // The hero's own rich text shows another image, and is left as it was.
    expect(main().hero_0!.body).toBe(heroBody);
    expect(result.previous).toEqual({ properties: { "root/main/hero_0/alt": null, "root/main/text_1/text": text, "root/main/story_2/body": story }, assets: {} });

    await aem.enricher.revert(aem.item, result.previous);
    expect(aem.content()).toEqual(before);
  });

  it("updates the Open Graph title and description the page has along with the meta ones, creates none, and restores them", async () => {
    const aem = await written({ seo: { title: "SEO /team", description: "About /team", openGraph: { "og:title": "Shared /team" }, canonical: null, language: null } });
    // Another template keeps the description under the Open Graph name itself.
    aem.content()["og:description"] = "Shared about /team";
    const before = structuredClone(aem.content());
    expect(before).toMatchObject({ ogTitle: "Shared /team", pageTitle: "SEO /team", "jcr:description": "About /team" });
    expect(before).not.toHaveProperty("ogDescription");

    const result = await aem.enricher.apply(aem.item, [
      { field: "metaTitle", target: "", value: "Our team" },
      { field: "metaDescription", target: "", value: "Who we are." },
    ]);
    expect(result.outcomes).toEqual([
      { status: "applied", message: "page properties pageTitle, ogTitle" },
      { status: "applied", message: "page properties jcr:description, og:description" },
    ]);
    expect(result.previous).toEqual({ properties: { pageTitle: "SEO /team", ogTitle: "Shared /team", "jcr:description": "About /team", "og:description": "Shared about /team" }, assets: {} });
    expect(aem.content()).toMatchObject({ pageTitle: "Our team", ogTitle: "Our team", "jcr:description": "Who we are.", "og:description": "Who we are." });
    expect(aem.content()).not.toHaveProperty("og:title");
    expect(aem.content()).not.toHaveProperty("ogDescription");

    await aem.enricher.revert(aem.item, result.previous);
    expect(aem.content()).toEqual(before);
  });

  it("writes the language in AEM's form (en_GB for en-GB), leaves a page that holds that form alone, and restores an older form exactly", async () => {
    const aem = await written({ seo: { title: "SEO /team", description: "About /team", openGraph: {}, canonical: null, language: "en-GB" } });
    expect(aem.content()["jcr:language"]).toBe("en_GB");
    const same = await aem.enricher.apply(aem.item, [{ field: "language", target: "", value: "en-gb" }]);
    expect(same).toEqual({ outcomes: [{ status: "applied", message: "page property jcr:language (already en_GB)" }], previous: null, after: null });

    const changed = await aem.enricher.apply(aem.item, [{ field: "language", target: "", value: "zh-Hant-TW" }]);
    expect(changed.outcomes).toEqual([{ status: "applied", message: "page property jcr:language" }]);
    expect(aem.content()["jcr:language"]).toBe("zh_TW");
    await aem.enricher.revert(aem.item, changed.previous);
    expect(aem.content()["jcr:language"]).toBe("en_GB");

    // A page an earlier migration wrote with the BCP 47 form gets AEM's form, and the old value back on rollback.
    aem.content()["jcr:language"] = "de-DE";
    const legacy = await aem.enricher.apply(aem.item, [{ field: "language", target: "", value: "de-DE" }, { field: "language", target: "", value: "Deutsch (Schweiz)" }]);
    expect(legacy.outcomes).toEqual([
      { status: "applied", message: "page property jcr:language" },
      { status: "unsupported", message: `"Deutsch (Schweiz)" is no BCP 47 language tag, which AEM's jcr:language takes as language_REGION` },
    ]);
    expect(aem.content()["jcr:language"]).toBe("de_DE");
    await aem.enricher.revert(aem.item, legacy.previous);
    expect(aem.content()["jcr:language"]).toBe("de-DE");
  });

  it("reads a page too large for one .infinity.json answer (300 Multiple Choices) level by level, in the enricher and the adapter", async () => {
    const base = preparedPage("/team", "c".repeat(64));
    const quote = (n: number) => ({ definition: "quote", targetId: "site/components/quote", area: "main", fields: { text: { type: "text" as const, value: `Quote ${n}` } } });
    const aem = await written({ components: [...base.components, quote(1), quote(2)] });
    const before = structuredClone(aem.content());
    // jcr:content → root → main → three components: three levels of one node, then three.
    aem.fake.jsonMaximumResults = 2;
    const from = aem.fake.log.length;
    const reads = () => aem.fake.log.slice(from).filter((l) => l.method === "GET" && new URL(l.url).pathname.startsWith("/content/")).map((l) => `${l.status} ${new URL(l.url).pathname.replace(aem.item.targetId, "")}`);

    const result = await aem.enricher.apply(aem.item, [{ field: "imageAlt", target: HERO, value: "The team at the bakery", asset: { targetId: DAM, url: DAM } }]);
    expect(reads()).toEqual([
      "300 /jcr:content.infinity.json",
      "200 /jcr:content.2.json",
      // main has more children than the limit: only its one level (always answered), then each child.
      "300 /jcr:content/root/main.infinity.json",
      "200 /jcr:content/root/main.1.json",
      "200 /jcr:content/root/main/hero_0.infinity.json",
      "200 /jcr:content/root/main/quote_1.infinity.json",
      "200 /jcr:content/root/main/quote_2.infinity.json",
      // Its metadata's own properties: the image was not uploaded to this fake's DAM.
      `404 ${DAM}/jcr:content/metadata.json`,
    ]);
    expect(result.outcomes).toEqual([{ status: "applied", message: "alt of 1 image component" }]);
    expect(result.previous).toEqual({ properties: { "root/main/hero_0/alt": null }, assets: {} });
    expect((aem.content().root as Record<string, Record<string, Record<string, unknown>>>).main!.hero_0!.alt).toBe("The team at the bakery");
    await aem.enricher.revert(aem.item, result.previous);
    expect(aem.content()).toEqual(before);

    // The adapter reads the page's state before a re-write the same way, so a rollback has all of it.
    const rewrite = await aem.adapter.upsertPage({ ...base, title: "New title", components: [quote(3)] }, null);
    expect(rewrite.previous).toEqual(before);
  });

  it("fetches a fresh CSRF token when it expires mid-apply, and fails on a second refusal", async () => {
    let expireOnRead = false;
    const aem = await written({}, (fake) => ({
      "aem.test": async (req) => {
        const res = await fake.handle(req);
        if (expireOnRead && req.method === "GET" && req.url.endsWith(".infinity.json")) fake.expireTokens();
        return res;
      },
    }));
    await aem.enricher.apply(aem.item, [{ field: "metaTitle", target: "", value: "First" }]);
    expect(aem.fake.count(403)).toBe(0);
    expireOnRead = true;
    const result = await aem.enricher.apply(aem.item, [{ field: "metaDescription", target: "", value: "After a new token" }]);
    expect(result.outcomes).toEqual([{ status: "applied", message: "page property jcr:description" }]);
    expect(aem.fake.count(403)).toBe(1);
    expect(aem.content()["jcr:description"]).toBe("After a new token");

    aem.fake.inject({ status: 403, count: 2, match: (req) => req.method === "POST" });
    await expect(aem.enricher.apply(aem.item, [{ field: "metaTitle", target: "", value: "Refused" }])).rejects.toThrow(/failed with 403/);
    expect(aem.content().pageTitle).toBe("First");
  });

  it("leaves a page deleted since alone", async () => {
    const aem = await written();
    const result = await aem.enricher.apply(aem.item, [{ field: "metaTitle", target: "", value: "Our team" }]);
    delete aem.fake.get("/content/site-test")!.team;
    await aem.enricher.revert(aem.item, result.previous);
    expect(aem.fake.get("/content/site-test/team")).toBeNull();
    expect(await aem.enricher.apply(aem.item, [{ field: "metaTitle", target: "", value: "Again" }])).toEqual({ outcomes: [{ status: "unsupported", message: "The page is no longer in AEM" }], previous: null, after: null });
  });
});

describe("Enrich changes into WordPress", () => {
  const item = { targetId: "7", targetPath: "/", migrationId: null };
  const changes = [
    { field: "metaTitle" as const, target: "", value: "Fresh bread" },
    { field: "metaDescription" as const, target: "", value: "Sourdough every morning." },
    { field: "imageAlt" as const, target: "https://source.test/loaf.png", value: "A loaf", asset: { targetId: "3", url: "https://wp.test/up/loaf.png" } },
  ];

  it("writes Yoast SEO's fields when the plugin exposes them, alt text into the medium and the image block, and rolls back", async () => {
    const wp = fakeWordPress({ namespaces: ["yoast/v1"], registeredMeta: ["_yoast_wpseo_title", "_yoast_wpseo_metadesc"], excerpts: false });
    const enricher = createTargetEnricher("wordpress", wp.options)!;
    const result = await enricher.apply(item, changes);
    expect(result.outcomes.map((o) => o.status)).toEqual(["applied", "applied", "applied"]);
    expect(wp.page.meta).toEqual({ _yoast_wpseo_title: "Fresh bread", _yoast_wpseo_metadesc: "Sourdough every morning." });
    expect(wp.media.alt_text).toBe("A loaf");
    expect((wp.page.content as { raw: string }).raw).toContain('alt="A loaf" class="wp-image-3"');
    await enricher.revert(item, result.previous);
    expect(wp.page.meta).toEqual({ _yoast_wpseo_title: "", _yoast_wpseo_metadesc: "" });
    expect(wp.media.alt_text).toBe("");
    expect((wp.page.content as { raw: string }).raw).toContain('alt="" class="wp-image-3"');
  });

  it("says so when a plugin keeps its fields from the REST API, and uses the excerpt where there is no plugin", async () => {
    const hidden = fakeWordPress({ namespaces: ["rankmath/v1"], registeredMeta: [], excerpts: false });
    const refused = await createTargetEnricher("wordpress", hidden.options)!.apply(item, changes.slice(0, 2));
    expect(refused.outcomes).toEqual([
      { status: "unsupported", message: "Rank Math does not let the REST API write rank_math_title on this site" },
      { status: "unsupported", message: "Rank Math does not let the REST API write rank_math_description on this site" },
    ]);
    const plain = fakeWordPress({ namespaces: [], registeredMeta: [], excerpts: true });
    const result = await createTargetEnricher("wordpress", plain.options)!.apply(item, changes.slice(0, 2));
    expect(result.outcomes[0]).toEqual({ status: "unsupported", message: "WordPress keeps a meta title only in an SEO plugin (Yoast SEO or Rank Math), and none answers" });
    expect(result.outcomes[1]).toEqual({ status: "applied", message: "page excerpt (no SEO plugin answers)" });
    expect(plain.page.excerpt).toEqual({ raw: "Sourdough every morning." });
  });
});
