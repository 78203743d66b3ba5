/**
 * Contract tests of every adapter operation against fake servers built from each platform's published API,
 * including 429 and 5xx storms.
 */
import { describe, expect, it } from "vitest";
import { createTargetAdapter } from "../../workers/targets/registry";
import type { TargetAdapter } from "../../workers/targets/types";
import { strictEgress } from "../fixtures/egress";
import { FakeAem } from "../fixtures/targets/fake-aem";
import { type FakePlatform, fakeFetch } from "../fixtures/targets/fake-base";
import { FakeContentful } from "../fixtures/targets/fake-contentful";
import { FakeMagnolia } from "../fixtures/targets/fake-magnolia";
import { FakeSanity } from "../fixtures/targets/fake-sanity";
import { FakeStoryblok } from "../fixtures/targets/fake-storyblok";
import { PNG, preparedPage } from "../fixtures/targets/pages";

interface Case {
  platform: string;
  make: () => { fake: FakePlatform; routes: Record<string, FakePlatform["handle"]>; config: Record<string, unknown>; badConfig: Record<string, unknown> };
  /** How many pages the fake holds (to prove no duplicates). */
  pages: (fake: FakePlatform) => number;
  title: (fake: FakePlatform, targetId: string) => string | undefined;
}

const key = (n: number) => n.toString(16).padStart(64, "a");
const asset = { sourceUrl: "https://source.test/img/a.png", bytes: PNG, contentType: "image/png", filename: "a-0123456789.png", alt: "An image", contentHash: "c".repeat(64) };

const cases: Case[] = [
  {
    platform: "magnolia",
    make: () => {
      const fake = new FakeMagnolia();
      const config = { authorUrl: "https://magnolia.test/magnoliaAuthor", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site" };
      return { fake, routes: { "magnolia.test": fake.handle }, config, badConfig: { ...config, authorPassword: "wrong" } };
    },
    pages: (f) => (f as FakeMagnolia).find("website", "/site")?.nodes.filter((n) => n.type === "mgnl:page").length ?? 0,
    title: (f, id) => (f as FakeMagnolia).prop((f as FakeMagnolia).find("website", id), "title"),
  },
  {
    platform: "aem",
    make: () => {
      const fake = new FakeAem();
      const config = { authorUrl: "https://aem.test", username: "admin", password: "admin" };
      return { fake, routes: { "aem.test": fake.handle }, config, badConfig: { ...config, password: "nope" } };
    },
    pages: (f) => Object.entries((f as FakeAem).get("/content/site-test") ?? {}).filter(([, v]) => (v as { "jcr:primaryType"?: string })?.["jcr:primaryType"] === "cq:Page").length,
    title: (f, id) => (f as FakeAem).get(`${id}/jcr:content`)?.["jcr:title"] as string | undefined,
  },
  {
    platform: "contentful",
    make: () => {
      const fake = new FakeContentful();
      const config = { spaceId: "space1", environmentId: "master", managementToken: "cf-token", publishEntries: true, publishAssets: true, previewBaseUrl: "https://preview.test", previewUrlTemplate: "/{path}", previewQueryString: "preview=1", appendPreviewQuery: true };
      return { fake, routes: { "api.contentful.com": fake.handle, "upload.contentful.com": fake.handle }, config, badConfig: { ...config, managementToken: "x" } };
    },
    pages: (f) => [...(f as FakeContentful).entries.values()].filter((e) => e.sys.contentType?.sys.id === "page").length,
    title: (f, id) => (f as FakeContentful).entries.get(id)?.fields.title?.["en-US"] as string | undefined,
  },
  {
    platform: "storyblok",
    make: () => {
      const fake = new FakeStoryblok();
      const config = { spaceId: "12345", managementToken: "sb-token", region: "us", publishEntries: true };
      return { fake, routes: { "api-us.storyblok.com": fake.handle, "s3.amazonaws.com": fake.handle }, config, badConfig: { ...config, managementToken: "bad" } };
    },
    pages: (f) => [...(f as FakeStoryblok).stories.values()].filter((s) => !s.is_folder).length,
    title: (f, id) => (f as FakeStoryblok).stories.get(Number(id))?.name,
  },
  {
    platform: "sanity",
    make: () => {
      const fake = new FakeSanity();
      const config = { projectId: "proj1", dataset: "production", token: "sanity-token", apiVersion: "2025-02-19" };
      return { fake, routes: { "proj1.api.sanity.io": fake.handle }, config, badConfig: { ...config, token: "bad" } };
    },
    pages: (f) => [...(f as FakeSanity).docs.values()].filter((d) => d._type === "page").length,
    title: (f, id) => (f as FakeSanity).docs.get(id)?.title as string | undefined,
  },
];

function adapterFor(c: Case, config?: Record<string, unknown>): { adapter: TargetAdapter; fake: FakePlatform } {
  const made = c.make();
  const adapter = createTargetAdapter(c.platform, { config: config ?? made.config, fetch: fakeFetch(made.routes), egress: strictEgress(), siteSlug: "site-test" });
  return { adapter, fake: made.fake };
}

describe.each(cases)("$platform adapter against its fake", (c) => {
  it("tests the connection: success with good credentials, failure with bad ones", async () => {
    const made = c.make();
    const good = createTargetAdapter(c.platform, { config: made.config, fetch: fakeFetch(made.routes), egress: strictEgress(), siteSlug: "site-test" });
    const bad = createTargetAdapter(c.platform, { config: made.badConfig, fetch: fakeFetch(made.routes), egress: strictEgress(), siteSlug: "site-test" });
    expect((await good.testConnection()).success).toBe(true);
    expect((await bad.testConnection()).success).toBe(false);
  });

  it("creates, updates in place (no duplicate), publishes and rolls back", async () => {
    const { adapter, fake } = adapterFor(c);
    const first = await adapter.upsertPage(preparedPage("/team", key(1)), null);
    expect(first.created).toBe(true);
    expect(c.title(fake, first.targetId)).toBe("Title of /team");
    const again = await adapter.upsertPage(preparedPage("/team", key(1), { title: "New title" }), { targetId: first.targetId, targetPath: first.targetPath, version: first.version });
    expect(again.created).toBe(false);
    expect(again.targetId).toBe(first.targetId);
    expect(c.pages(fake)).toBe(1);
    expect(c.title(fake, first.targetId)).toBe("New title");
    // Re-running without the stored id (records lost) still finds the same item.
    const third = await adapter.upsertPage(preparedPage("/team", key(1), { title: "Third" }), null);
    expect(third.targetId).toBe(first.targetId);
    expect(c.pages(fake)).toBe(1);

    await adapter.publish([again], []);
    await adapter.rollback({ kind: "page", action: "update", targetId: third.targetId, targetPath: third.targetPath, previous: third.previous });
    expect(c.title(fake, first.targetId)).toBe("New title");
    await adapter.rollback({ kind: "page", action: "create", targetId: first.targetId, targetPath: first.targetPath, previous: null });
    expect(c.pages(fake)).toBe(0);
  });

  it("uploads an asset and returns where it lives", async () => {
    const { adapter } = adapterFor(c);
    const uploaded = await adapter.uploadAsset(asset);
    expect(uploaded.targetId).toBeTruthy();
    expect(uploaded.url).toMatch(/^(https?:\/\/|\/content\/dam\/)/);
  });

  it("rides out a 429 storm and a 5xx storm without losing or doubling the write", async () => {
    const { adapter, fake } = adapterFor(c);
    fake.inject({ status: 429, count: 3, headers: { "Retry-After": "0" }, body: "rate limited" });
    fake.inject({ status: 503, count: 3, body: "unavailable" });
    const written = await adapter.upsertPage(preparedPage("/storm", key(2)), null);
    expect(c.title(fake, written.targetId)).toBe("Title of /storm");
    expect(c.pages(fake)).toBe(1);
    expect(fake.count(429)).toBeGreaterThanOrEqual(3);
    expect(fake.count(503)).toBe(3);
  });

  it("lists the schema where the platform exposes one", async () => {
    const { adapter } = adapterFor(c);
    const schema = await adapter.listSchema();
    if (adapter.capabilities().canListSchema) expect(schema.length).toBeGreaterThan(0);
    else expect(schema).toEqual([]);
  });
});

describe("rate limits of the fakes are real", () => {
  it("the Contentful fake answers 429 with X-Contentful-RateLimit-Reset past 7 requests at once", async () => {
    const fake = new FakeContentful();
    const statuses = await Promise.all(Array.from({ length: 10 }, () => fake.handle(new Request("https://api.contentful.com/spaces/space1/environments/master", { headers: { Authorization: "Bearer cf-token" } }))));
    const limited = statuses.filter((r) => r.status === 429);
    expect(limited.length).toBe(3);
    expect(limited[0].headers.get("X-Contentful-RateLimit-Reset")).toBe("1");
    expect(await limited[0].json()).toMatchObject({ sys: { type: "Error", id: "RateLimitExceeded" } });
  });
});

describe("where a written page can be opened (the fidelity check's URL)", () => {
  const storyblok = (domain: string) => {
    const fake = new FakeStoryblok();
    fake.domain = domain;
    const adapter = createTargetAdapter("storyblok", {
      config: { spaceId: "12345", managementToken: "sb-token", region: "us" },
      fetch: fakeFetch({ "api-us.storyblok.com": fake.handle, "s3.amazonaws.com": fake.handle }),
      egress: strictEgress(),
      siteSlug: "site-test",
    });
    return { fake, adapter };
  };

  it("Storyblok: the space's default preview URL (its `domain`) and the story's path, read from the space once", async () => {
    const { fake, adapter } = storyblok("https://preview.example.com/");
    const nested = await adapter.upsertPage(preparedPage("/about/team", key(7)), null);
    expect(nested.url).toBe("https://preview.example.com/about/team");
    const home = await adapter.upsertPage(preparedPage("/", key(8)), null);
    expect(home.url).toBe("https://preview.example.com/");
    expect(fake.log.filter((r) => new URL(r.url).pathname === "/v1/spaces/12345" && r.method === "GET")).toHaveLength(1);
  });

  it("Storyblok: no URL when the space has no preview location, or one that is not http(s)", async () => {
    for (const domain of ["", "javascript:alert(1)", "preview.example.com"]) {
      const { adapter } = storyblok(domain);
      expect((await adapter.upsertPage(preparedPage("/team", key(9)), null)).url, domain).toBeNull();
    }
  });

  const magnolia = (config: Record<string, unknown>) => {
    const fake = new FakeMagnolia();
    const auth = { authorUrl: "https://magnolia.test/magnoliaAuthor", authorUsername: "superuser", authorPassword: "superuser" };
    return createTargetAdapter("magnolia", { config: { ...auth, ...config }, fetch: fakeFetch({ "magnolia.test": fake.handle }), egress: strictEgress(), siteSlug: "site-test" });
  };

  it("Magnolia: the public instance's URL, the page's path in the website workspace and .html", async () => {
    const adapter = magnolia({ siteRootPath: "/site", publicUrl: "https://www.example.com/magnoliaPublic/" });
    expect((await adapter.upsertPage(preparedPage("/about/team", key(10)), null)).url).toBe("https://www.example.com/magnoliaPublic/site/about/team.html");
    // The home page is the site root node itself.
    expect((await adapter.upsertPage(preparedPage("/", key(11)), null)).url).toBe("https://www.example.com/magnoliaPublic/site.html");
    const noRoot = magnolia({ publicUrl: "https://www.example.com" });
    expect((await noRoot.upsertPage(preparedPage("/", key(12)), null)).url).toBe("https://www.example.com/home.html");
  });

  it("Magnolia: no URL without a public URL (the author instance shows its login form, not the page)", async () => {
    const adapter = magnolia({ siteRootPath: "/site" });
    expect((await adapter.upsertPage(preparedPage("/about", key(13)), null)).url).toBeNull();
  });

  const sanity = (config: Record<string, unknown>) => {
    const fake = new FakeSanity();
    const connection = { projectId: "proj1", dataset: "production", token: "sanity-token" };
    return createTargetAdapter("sanity", { config: { ...connection, ...config }, fetch: fakeFetch({ "proj1.api.sanity.io": fake.handle }), egress: strictEgress(), siteSlug: "site-test" });
  };

  it("Sanity: the preview base URL and template with the document's slug, path, id and language, and the preview query", async () => {
    const adapter = sanity({ previewBaseUrl: "https://front.example.com/preview/", previewUrlTemplate: "/{locale}/{slug}?doc={id}", previewQueryString: "?secret=s3", appendPreviewQuery: true });
    expect((await adapter.upsertPage(preparedPage("/about/team", key(14)), null)).url).toBe(`https://front.example.com/preview/en/about/team?doc=migrated-${key(14).slice(0, 48)}&secret=s3`);
    // A page without a language leaves no empty segment; the home page's slug is "/".
    const plain = sanity({ previewBaseUrl: "https://front.example.com", previewUrlTemplate: "/{locale}/{path}", previewQueryString: "secret=s3" });
    const noLanguage = preparedPage("/about/team", key(15));
    noLanguage.seo = { ...noLanguage.seo, language: null };
    expect((await plain.upsertPage(noLanguage, null)).url).toBe("https://front.example.com/about/team");
    expect((await sanity({ previewBaseUrl: "https://front.example.com" }).upsertPage(preparedPage("/", key(16)), null)).url).toBe("https://front.example.com/");
  });

  it("Sanity: no URL without a preview base URL", async () => {
    expect((await sanity({ previewUrlTemplate: "/{slug}" }).upsertPage(preparedPage("/about", key(17)), null)).url).toBeNull();
  });

  it("Contentful: the same preview settings, with the entry's id and the space's default locale", async () => {
    const fake = new FakeContentful();
    const config = { spaceId: "space1", environmentId: "master", managementToken: "cf-token", previewBaseUrl: "https://preview.test", previewUrlTemplate: "/{locale}/{slug}/{id}", previewQueryString: "preview=1", appendPreviewQuery: true };
    const adapter = createTargetAdapter("contentful", { config, fetch: fakeFetch({ "api.contentful.com": fake.handle }), egress: strictEgress(), siteSlug: "site-test" });
    expect((await adapter.upsertPage(preparedPage("/about/team", key(18)), null)).url).toBe(`https://preview.test/en-US/team/page-${key(18).slice(0, 48)}?preview=1`);
  });
});
