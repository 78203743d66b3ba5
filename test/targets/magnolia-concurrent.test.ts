import { describe, expect, it } from "vitest";
import { createTargetAdapter } from "../../workers/targets/registry";
import { strictEgress } from "../fixtures/egress";
import { fakeFetch } from "../fixtures/targets/fake-base";
import { FakeMagnolia } from "../fixtures/targets/fake-magnolia";
import { PNG, preparedPage } from "../fixtures/targets/pages";

const key = (n: number) => n.toString(16).padStart(64, "b");

describe("the Magnolia adapter writing pages at once", () => {
  it("creates a parent or the DAM folder that two pages need at the same moment once, and writes both pages", async () => {
    const fake = new FakeMagnolia();
    const config = { authorUrl: "https://magnolia.test/magnoliaAuthor", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site" };
    const adapter = createTargetAdapter("magnolia", { config, fetch: fakeFetch({ "magnolia.test": fake.handle }), egress: strictEgress(), siteSlug: "site-test" });
    // Neither /site nor /site/news exists yet: both writes find them missing and create them.
    const results = await Promise.all(["/news/a", "/news/b", "/news/c"].map((p, i) => adapter.upsertPage(preparedPage(p, key(i)), null)));
    expect(results.map((r) => r.targetPath)).toEqual(["/site/news/a", "/site/news/b", "/site/news/c"]);
    const news = fake.find("website", "/site/news");
    expect(news?.nodes.filter((n) => n.type === "mgnl:page").map((n) => n.name).sort()).toEqual(["a", "b", "c"]);
    expect(fake.find("website", "/site")?.nodes.filter((n) => n.name === "news")).toHaveLength(1);

    const asset = (n: number) => ({ sourceUrl: `https://source.test/img/${n}.png`, bytes: PNG, contentType: "image/png", filename: `img-${n}.png`, alt: "", contentHash: String(n).repeat(64) });
    const assets = await Promise.all([1, 2, 3].map((n) => adapter.uploadAsset(asset(n))));
    expect(assets.every((a) => a.targetId.startsWith("jcr:"))).toBe(true);
  });
  it("writes the home page (the site root's own node) while another page's write creates that node as its parent", async () => {
    const fake = new FakeMagnolia();
    const config = { authorUrl: "https://magnolia.test/magnoliaAuthor", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site" };
    const adapter = createTargetAdapter("magnolia", { config, fetch: fakeFetch({ "magnolia.test": fake.handle }), egress: strictEgress(), siteSlug: "site-test" });
    const home = adapter.upsertPage(preparedPage("/", key(1)), null);
    const child = adapter.upsertPage(preparedPage("/news", key(2)), null);
    const [written] = await Promise.all([home, child]);
    expect(written.targetPath).toBe("/site");
    const root = fake.find("website", "/site");
    expect(root?.type).toBe("mgnl:page");
    expect(root?.nodes.filter((n) => n.type === "mgnl:area").length).toBeGreaterThan(0);
    expect(root?.nodes.filter((n) => n.name === "news")).toHaveLength(1);
    expect(fake.find("website", "/")?.nodes.filter((n) => n.name === "site")).toHaveLength(1);
  });
});
