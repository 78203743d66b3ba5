/**
 * Enrich changes written into each API platform's fake (built from its published API) and rolled
 * back: the SEO fields where the migration put them, and the state before restored.
 */
import { describe, expect, it } from "vitest";
import { createTargetEnricher } from "../../workers/targets/enrich";
import { createTargetAdapter } from "../../workers/targets/registry";
import { strictEgress } from "../fixtures/egress";
import { type FakePlatform, fakeFetch } from "../fixtures/targets/fake-base";
import { FakeContentful } from "../fixtures/targets/fake-contentful";
import { FakeMagnolia } from "../fixtures/targets/fake-magnolia";
import { FakeSanity } from "../fixtures/targets/fake-sanity";
import { FakeStoryblok } from "../fixtures/targets/fake-storyblok";
import { preparedPage } from "../fixtures/targets/pages";

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

/**
 * A small stand-in for WordPress's REST API (pages, media and the index that lists plugin
 * namespaces), to reach the paths the local WordPress has no plugin for: Yoast SEO's fields, meta a
 * plugin does not expose to REST, and page excerpts. The real WordPress is exercised by the e2e test.
 */
function fakeWordPress(opts: { namespaces: string[]; registeredMeta: string[]; excerpts: boolean }) {
  const page: Record<string, unknown> = { id: 7, content: { raw: '<!-- wp:image {"id":3} --><figure><img src="https://wp.test/up/loaf.png" alt="" class="wp-image-3"/></figure><!-- /wp:image -->' }, meta: Object.fromEntries(opts.registeredMeta.map((k) => [k, ""])) };
  if (opts.excerpts) page.excerpt = { raw: "" };
  const media: Record<string, unknown> = { id: 3, alt_text: "", source_url: "https://wp.test/up/loaf.png" };
  const handle = async (req: Request): Promise<Response> => {
    const path = new URL(req.url).pathname;
    if (path === "/wp-json/") return Response.json({ namespaces: ["wp/v2", ...opts.namespaces] });
    const body = req.method === "POST" ? ((await req.json()) as Record<string, unknown>) : {};
    if (path === "/wp-json/wp/v2/pages/7") {
      if (typeof body.content === "string") page.content = { raw: body.content };
      if (typeof body.excerpt === "string" && page.excerpt) page.excerpt = { raw: body.excerpt };
      // Like WordPress: meta keys no plugin registered for REST are ignored.
      for (const [k, v] of Object.entries((body.meta as Record<string, unknown>) ?? {})) if (opts.registeredMeta.includes(k)) (page.meta as Record<string, unknown>)[k] = v;
      return Response.json(page);
    }
    if (path === "/wp-json/wp/v2/media/3") {
      if (typeof body.alt_text === "string") media.alt_text = body.alt_text;
      return Response.json(media);
    }
    return Response.json({ code: "rest_no_route" }, { status: 404 });
  };
  return { page, media, options: { config: { restUrl: "https://wp.test/wp-json", username: "admin", applicationPassword: "pw" }, fetch: fakeFetch({ "wp.test": handle }), egress: strictEgress(), siteSlug: "site-test" } };
}

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
