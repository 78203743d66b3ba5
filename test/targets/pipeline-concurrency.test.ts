/**
 * A run writes several pages at once (its concurrency): through the pipeline writer, against the real
 * WordPress on loopback, pages written together share the run's write sequence, their new parent page
 * and their images, with no duplicate and no lost write.
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { PageExtraction } from "../../workers/contracts/extraction";
import type { RunOptions } from "../../workers/contracts/run-events";
import { getDb } from "../../workers/db/client";
import { runWrites } from "../../workers/db/schema-targets";
import type { SiteDefinitions } from "../../workers/runs/pipeline";
import { basicAuth } from "../../workers/targets/http-client";
import { createTargetPipelineWriter } from "../../workers/runs/target-pipeline-writer";
import { eq } from "drizzle-orm";
import { call, newOwner } from "../helpers";
import { SOURCE_HOST, mappedPage, sourceSite } from "../fixtures/targets/pages";

const wp = inject("wordpress");
if (wp.error && wp.ci) throw new Error(`WordPress is required on CI: ${wp.error}`);

const transport = async (input: string, init?: RequestInit) =>
  new URL(input).host === SOURCE_HOST ? sourceSite(new Request(input, init)) : fetch(input, init);

const OPTIONS: RunOptions = { overrideWhitelist: null, keepYamlFile: false, preferRagRuns: false, ragOnly: false, screenshots: false, skipUnchanged: true, concurrency: 4 };

describe.skipIf(!!wp.error)("pages written at once (real WordPress on loopback)", () => {
  const conn = wp as Extract<typeof wp, { restUrl: string }>;

  /** A site of a new owner whose target is the real WordPress, with this asset mode. */
  async function wordpressSite(label: string, assetProcessingMode: "dam" | "none") {
    const owner = await newOwner(label);
    const created = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: label, domain: SOURCE_HOST } });
    const siteId = created.json.site.id as string;
    const platformConfig = { restUrl: conn.restUrl, username: conn.username, applicationPassword: conn.applicationPassword, assetProcessingMode };
    expect((await call("PUT", `/site-config/${siteId}`, { token: owner.token, org: owner.orgId, body: { platform: "wordpress", platformConfig } })).status).toBe(200);
    return { owner, siteId };
  }

  it("share one write sequence, one new parent page and one resolution per image", async () => {
    const { owner, siteId } = await wordpressSite("wp-concurrency", "dam");

    const writer = createTargetPipelineWriter(env, "wordpress", transport)!;
    const site: SiteDefinitions = { organizationId: owner.orgId, siteId, domain: SOURCE_HOST, platform: "wordpress", components: {}, templates: {}, settings: {} };
    const migrationId = crypto.randomUUID();
    const section = `team-${crypto.randomUUID().slice(0, 8)}`;
    const paths = ["a", "b", "c", "d"].map((p) => `/${section}/${p}`);
    const results = await Promise.all(
      paths.map((path, i) =>
        writer.write({
          mapped: mappedPage(path),
          snapshot: { id: `s${i}`, migrationId, url: `https://${SOURCE_HOST}${path}`, finalUrl: `https://${SOURCE_HOST}${path}`, title: path, contentHash: `h${i}`, screenshotKey: null, extractionKey: "" },
          extraction: {} as PageExtraction,
          site,
          options: OPTIONS,
          reportAssets: () => {},
        }),
      ),
    );
    expect(results.map((r) => r.url)).toEqual(paths.map((p) => `${conn.siteUrl}${p}/`));

    const writes = await getDb(env.DB).select().from(runWrites).where(eq(runWrites.migrationId, migrationId));
    const seqs = writes.map((w) => w.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(writes.filter((w) => w.kind === "page")).toHaveLength(paths.length);
    // Every page shows the same two source images: each is resolved once for the run, not once per page.
    expect(writes.filter((w) => w.kind === "asset").length).toBeLessThanOrEqual(2);

    const auth = { Authorization: basicAuth(conn.username, conn.applicationPassword) };
    const parents = (await (await fetch(`${conn.restUrl}/wp/v2/pages?search=${section}&status=any&per_page=100&context=edit`, { headers: auth })).json()) as { id: number; slug: string }[];
    expect(parents.filter((p) => p.slug.startsWith(section)).map((p) => p.slug)).toEqual([section]);
  });
  it("points links at pages of the site's list that this run does not write at their target paths", async () => {
    const { owner, siteId } = await wordpressSite("wp-site-links", "none");
    const writer = createTargetPipelineWriter(env, "wordpress", transport)!;
    const section = `links-${crypto.randomUUID().slice(0, 8)}`;
    // The run is over one chosen page; /about is in the site's URL list but not in this run.
    const site: SiteDefinitions = { organizationId: owner.orgId, siteId, domain: SOURCE_HOST, platform: "wordpress", components: {}, templates: {}, settings: { urlList: [`https://${SOURCE_HOST}/${section}`, `https://${SOURCE_HOST}/about`] } };
    const migrationId = crypto.randomUUID();
    const path = `/${section}`;
    const result = await writer.write({
      mapped: mappedPage(path),
      snapshot: { id: "s0", migrationId, url: `https://${SOURCE_HOST}${path}`, finalUrl: `https://${SOURCE_HOST}${path}`, title: path, contentHash: "h0", screenshotKey: null, extractionKey: "" },
      extraction: {} as PageExtraction,
      site,
      options: { ...OPTIONS, overrideWhitelist: [`https://${SOURCE_HOST}${path}`] },
      reportAssets: () => {},
    });
    const auth = { Authorization: basicAuth(conn.username, conn.applicationPassword) };
    const page = (await (await fetch(`${conn.restUrl}/wp/v2/pages/${result.targetId}?context=edit`, { headers: auth })).json()) as { content: { raw: string } };
    expect(page.content.raw).not.toContain(`https://${SOURCE_HOST}/about`);
    expect(page.content.raw).toMatch(/href="[^"]*\/about\/?"/);
    // A link off the site stays as it was.
    expect(page.content.raw).toContain("https://elsewhere.test/x");
    const [write] = await getDb(env.DB).select().from(runWrites).where(eq(runWrites.migrationId, migrationId));
    expect(write.linksOutside).toEqual([]);
  });

  it("points links at listed pages the run has not captured yet, in a run over the whole list", async () => {
    const { owner, siteId } = await wordpressSite("wp-links-streaming", "none");
    const writer = createTargetPipelineWriter(env, "wordpress", transport)!;
    const section = `stream-${crypto.randomUUID().slice(0, 8)}`;
    // The whole site's run writes its first page while /about, further down the list, is not captured yet.
    const site: SiteDefinitions = { organizationId: owner.orgId, siteId, domain: SOURCE_HOST, platform: "wordpress", components: {}, templates: {}, settings: { urlList: [`https://${SOURCE_HOST}/${section}`, `https://${SOURCE_HOST}/about`] } };
    const migrationId = crypto.randomUUID();
    const path = `/${section}`;
    const result = await writer.write({
      mapped: mappedPage(path),
      snapshot: { id: "s0", migrationId, url: `https://${SOURCE_HOST}${path}`, finalUrl: `https://${SOURCE_HOST}${path}`, title: path, contentHash: "h0", screenshotKey: null, extractionKey: "" },
      extraction: {} as PageExtraction,
      site,
      options: OPTIONS,
      reportAssets: () => {},
    });
    const [write] = await getDb(env.DB).select().from(runWrites).where(eq(runWrites.migrationId, migrationId));
    expect(write.linksOutside).toEqual([]);
    const auth = { Authorization: basicAuth(conn.username, conn.applicationPassword) };
    const page = (await (await fetch(`${conn.restUrl}/wp/v2/pages/${result.targetId}?context=edit`, { headers: auth })).json()) as { content: { raw: string } };
    expect(page.content.raw).not.toContain(`https://${SOURCE_HOST}/about`);
    expect(page.content.raw).toMatch(/href="[^"]*\/about\/?"/);
  });

  it("reports the links to pages of the site outside its page list with the page, and leaves them at the source", async () => {
    const { owner, siteId } = await wordpressSite("wp-links-outside", "none");
    const writer = createTargetPipelineWriter(env, "wordpress", transport)!;
    const section = `outside-${crypto.randomUUID().slice(0, 8)}`;
    // /about is neither in the site's URL list nor written by any run of this site.
    const site: SiteDefinitions = { organizationId: owner.orgId, siteId, domain: SOURCE_HOST, platform: "wordpress", components: {}, templates: {}, settings: { urlList: [`https://${SOURCE_HOST}/${section}`] } };
    const migrationId = crypto.randomUUID();
    const path = `/${section}`;
    const result = await writer.write({
      mapped: mappedPage(path),
      snapshot: { id: "s0", migrationId, url: `https://${SOURCE_HOST}${path}`, finalUrl: `https://${SOURCE_HOST}${path}`, title: path, contentHash: "h0", screenshotKey: null, extractionKey: "" },
      extraction: {} as PageExtraction,
      site,
      options: OPTIONS,
      reportAssets: () => {},
    });
    const [write] = await getDb(env.DB).select().from(runWrites).where(eq(runWrites.migrationId, migrationId));
    expect(write.linksOutside).toEqual([{ href: `https://${SOURCE_HOST}/about`, text: "about us" }]);
    // This WordPress runs no SEO plugin; its pages keep an excerpt, which takes the description. The SEO
    // title and the language are listed as having no place. All of it is read back from WordPress's answer.
    expect(write.metadata).toEqual({
      written: ["title", "meta description (page excerpt)"],
      noPlace: [
        "SEO title: WordPress keeps one only in an SEO plugin (Yoast SEO or Rank Math), and none answers",
        "language (en): WordPress keeps one language for the whole site",
      ],
    });
    const auth = { Authorization: basicAuth(conn.username, conn.applicationPassword) };
    const page = (await (await fetch(`${conn.restUrl}/wp/v2/pages/${result.targetId}?context=edit`, { headers: auth })).json()) as { content: { raw: string } };
    expect(page.content.raw).toContain(`https://${SOURCE_HOST}/about`);
    const excerpt = (await (await fetch(`${conn.restUrl}/wp/v2/pages/${result.targetId}?context=edit`, { headers: auth })).json()) as { excerpt: { raw: string } };
    expect(excerpt.excerpt.raw).toBe(`About ${path}`);
  });
});
