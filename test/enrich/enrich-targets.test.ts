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
