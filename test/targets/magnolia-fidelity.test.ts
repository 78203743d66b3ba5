/**
 * The fidelity check of pages written to Magnolia: runs of the fixture site whose pages go to the fake
 * Magnolia author instance (built from its REST API) and are checked at the site's public URL. The
 * fixture server plays the public instance: it shows the source page at Magnolia's default address of
 * the migrated page, so these tests prove that the step runs and where it looks, not how Magnolia renders.
 */
import { describe, expect, it } from "vitest";
import { composePipeline } from "../../workers/compose";
import type { PageFidelityDto } from "../../workers/contracts/fidelity";
import { createTargetPipelineWriter } from "../../workers/runs/target-pipeline-writer";
import { call } from "../helpers";
import { fakeFetch } from "../fixtures/targets/fake-base";
import { FakeMagnolia } from "../fixtures/targets/fake-magnolia";
import { type TestSite, fixtureSite, host, origin, startRun, usePipeline, waitForEnd } from "../migration/helpers";

const COMPONENTS = {
  hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }, { name: "lead", type: "text" }, { name: "image", type: "image" }] },
  card: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }, { name: "text", type: "richtext" }, { name: "image", type: "image" }, { name: "link", type: "link" }] },
  richText: { name: "Rich text", selector: ".rich-text", fields: [{ name: "body", type: "richtext" }] },
};

const AUTHOR = { authorUrl: "https://magnolia.test/magnoliaAuthor", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site" };

/**
 * Runs the site's pages into a fresh fake author instance through the run's own mapping and the Magnolia
 * writer; the source's images still come from the fixture server. Returns the fake, the run and its logs.
 */
async function runIntoMagnolia(urls: string[], config: Record<string, unknown>) {
  const fake = new FakeMagnolia();
  const site = await fixtureSite({ urlList: urls }, { platformConfig: { ...AUTHOR, ...config }, components: COMPONENTS });
  const transport = fakeFetch({ [fake.host]: fake.handle, [host]: (req) => fetch(req) });
  const restore = usePipeline(site.siteId, async (ctx) => ({ ...(await composePipeline(ctx))!, writer: createTargetPipelineWriter(ctx.env, "magnolia", transport)! }));
  try {
    const { stream, migrationId } = await startRun(site, { skipUnchanged: false, screenshots: false });
    await stream.cancel();
    const result = await waitForEnd(site, migrationId, 120_000);
    expect(result.status).toBe("completed");
    return { fake, site, migrationId, logs: await runLogs(site, migrationId) };
  } finally {
    restore();
  }
}

async function runLogs(site: TestSite, migrationId: string) {
  const res = await call("GET", `/migration/logs/${site.siteId}?migrationId=${migrationId}`, { token: site.token, org: site.org });
  return res.json.logs as { level: string; message: string; url: string }[];
}

async function fidelityOf(site: TestSite, migrationId: string) {
  const res = await call("GET", `/migration/${migrationId}/fidelity`, { token: site.token, org: site.org });
  expect(res.status).toBe(200);
  return res.json.pages as PageFidelityDto[];
}

describe("fidelity of pages written to Magnolia", () => {
  it("checks each written page on the public instance, at <public URL><site root><path>.html, once it is published", async () => {
    const paths = ["/pages/page-4", "/pages/page-5"];
    const urls = paths.map((p) => `${origin}${p}`);
    const publicUrl = `${origin}/magnoliaPublic`;
    const { fake, site, migrationId, logs } = await runIntoMagnolia(urls, { publicUrl });

    for (const path of paths) {
      expect(fake.find("website", `/site${path}`)?.type).toBe("mgnl:page");
      expect(fake.activated).toContainEqual(expect.objectContaining({ repository: "website", path: `/site${path}` }));
    }
    const written = logs.filter((l) => l.message.startsWith("Written to the target as")).map((l) => l.message).sort();
    expect(written).toEqual(paths.map((p) => `Written to the target as /site${p} (${publicUrl}/site${p}.html)`));

    const pages = await fidelityOf(site, migrationId);
    expect(pages.map((p) => p.sourceUrl).sort()).toEqual(urls);
    for (const p of pages) {
      expect(p.targetUrl).toBe(`${publicUrl}/site${new URL(p.sourceUrl).pathname}.html`);
      // The public instance shows the source's words: the check read the page, not a login form or a 404.
      expect(p.content.f1).toBeGreaterThan(0.9);
      expect(p.score).toBeGreaterThan(0);
    }
    const checked = logs.filter((l) => l.message.startsWith("Fidelity in the target"));
    expect(checked.map((l) => l.url).sort()).toEqual(urls);
  }, 180_000);

  it("checks nothing without a public URL: the page is written and has no address to render", async () => {
    const url = `${origin}/pages/page-6`;
    const { fake, site, migrationId, logs } = await runIntoMagnolia([url], {});
    expect(fake.find("website", "/site/pages/page-6")?.type).toBe("mgnl:page");
    expect(logs.map((l) => l.message)).toContain("Written to the target as /site/pages/page-6");
    expect(logs.filter((l) => /fidelity|checked in the target/i.test(l.message))).toEqual([]);
    expect(await fidelityOf(site, migrationId)).toEqual([]);
  }, 120_000);
});
