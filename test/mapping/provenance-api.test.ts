import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { getDb } from "../../workers/db/client";
import { mapSnapshot } from "../../workers/services/mapping";
import { call } from "../api/helpers";
import article from "../fixtures/pages/news-article.html?raw";
import realPage from "../fixtures/real/pages/finanzmarktwelt.de-Benko-Firma.html?raw";
import { ownerWithSite } from "./helpers";

const URL_ = "https://www.riverside-courier.example/news/2026/03/council-cycle-lanes/";
type Proposal = { targetField: string | null; value: unknown; confidence: number; status: string; evidence: string[]; source: { provenance: string | null; box: unknown } };

/** A news template as a migration into a CMS defines it: the page fields a reviewer checks first. */
const templates = {
  article: {
    name: "Article",
    urlPattern: "/news/*",
    fields: [
      { name: "title", type: "text", required: true, description: "Headline" },
      { name: "author", type: "text", description: "Byline" },
      { name: "siteName", type: "text", description: "The publication" },
      { name: "publishDate", type: "date", description: "First published" },
      { name: "updatedDate", type: "date", description: "Last modified" },
      { name: "language", type: "text" },
    ],
  },
};

/** Maps a page's snapshot as a run would, then reads its proposals back through the review API, by field. */
async function proposalsThroughApi(ctx: Awaited<ReturnType<typeof ownerWithSite>>, html: string, url: string) {
  const extraction = extractPage(html, url);
  const snapshotId = `snap-${crypto.randomUUID()}`;
  const key = `mapping-tests/${snapshotId}.json`;
  await env.BUCKET.put(key, JSON.stringify(extraction));
  await mapSnapshot(getDb(env.DB), env, { organizationId: ctx.owner.orgId, siteId: ctx.siteId, snapshotId, runId: null, extraction, extractionKey: key, actor: null });
  const got = await call("GET", `/mapping/snapshots/${snapshotId}`, ctx.auth);
  expect(got.status).toBe(200);
  return (name: string) => (got.json.proposals as Proposal[]).find((p) => p.targetField === name)!;
}

describe("page fields through the review API", () => {
  it("arrive with their provenance, the title without the site name, and never the h1 as the site name", async () => {
    const ctx = await ownerWithSite("www.riverside-courier.example");
    const saved = await call("PUT", `/site-config/${ctx.siteId}`, { ...ctx.auth, body: { platform: "magnolia", components: {}, templates, settings: { minConfidence: 0.85 } } });
    expect(saved.status).toBe(200);
    const field = await proposalsThroughApi(ctx, article, URL_);

    expect(field("title")).toMatchObject({ value: "Council approves new cycle lanes for the city centre" });
    expect(field("title").confidence).toBeGreaterThanOrEqual(0.85);
    expect(field("author")).toMatchObject({ value: "Amira Okafor", source: { provenance: expect.stringMatching(/^JSON-LD (@graph )?NewsArticle\.author/) } });
    expect(field("author").confidence).toBeGreaterThanOrEqual(0.85);
    // og:site_name and the JSON-LD publisher agree; the h1 is never proposed as the site name.
    expect(field("siteName").value).toBe("The Riverside Courier");
    expect(field("siteName").source.provenance).toMatch(/og:site_name|JSON-LD/);
    expect(field("siteName").evidence.join(" ")).toMatch(/agree/);
    // The publication date, not the comment's date nor the last change.
    expect(field("publishDate")).toMatchObject({ value: "2026-03-10" });
    expect(field("updatedDate")).toMatchObject({ value: "2026-03-11" });
    expect(field("language").value).toMatch(/^en/);
    for (const name of ["title", "author", "siteName", "publishDate", "updatedDate", "language"]) {
      expect(field(name).source.provenance, name).toBeTruthy();
      expect(field(name).evidence[0], name).toBe(`from ${field(name).source.provenance}`);
    }
  });
  it("arrive with their provenance from a real page's snapshot (finanzmarktwelt.de, a WordPress site with a Yoast graph)", async () => {
    const ctx = await ownerWithSite("finanzmarktwelt.de");
    const saved = await call("PUT", `/site-config/${ctx.siteId}`, { ...ctx.auth, body: { platform: "magnolia", components: {}, templates: { article: { ...templates.article, urlPattern: "/*" } }, settings: { minConfidence: 0.85 } } });
    expect(saved.status).toBe(200);
    const field = await proposalsThroughApi(ctx, realPage, "https://finanzmarktwelt.de/signa-rene-benko-daten-berater-289554/");
    // What a person read off the page (test/fixtures/real/manifest.json), each with the source that states it.
    expect(field("title")).toMatchObject({ value: "Rene Benko-Firma Signa in Sorge – Finanzdaten und Berater-Auftrag", source: { provenance: "JSON-LD @graph Article.headline" } });
    expect(field("author")).toMatchObject({ value: "Claudio Kummerfeld", source: { provenance: "JSON-LD @graph Article.author" } });
    expect(field("publishDate")).toMatchObject({ value: "2023-11-01", source: { provenance: "JSON-LD @graph Article.datePublished" } });
    expect(field("language")).toMatchObject({ value: "de-DE" });
    for (const name of ["title", "author", "publishDate", "language"]) {
      expect(field(name).evidence[0], name).toBe(`from ${field(name).source.provenance}`);
      expect(field(name).confidence, name).toBeGreaterThan(0);
    }
  });
});
