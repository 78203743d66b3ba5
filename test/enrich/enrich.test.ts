/**
 * Enrich end to end in the workers pool: a run's pages (real extraction of small pages) are audited,
 * proposals are reviewed through the API, applied into an export bundle (a platform without a
 * connection, so the whole write stays in R2) and rolled back; decisions carry over to the next run;
 * a language model (the ai SDK's mock) adds proposals checked against the page and the taxonomy.
 */
import { env } from "cloudflare:test";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import { ENRICH_MESSAGES, type EnrichProposalDto, type PageAuditDto, type SiteAuditDto } from "../../workers/contracts/enrich";
import { extractPage } from "../../workers/crawl/extract";
import { getDb } from "../../workers/db/client";
import { migrationLogs, migrationRuns, snapshots } from "../../workers/db/schema-runs";
import { targetItems, targetRuns } from "../../workers/db/schema-targets";
import { pageFindings } from "../../workers/enrich/findings";
import { DEFAULT_ENRICH_PROMPT, modelSeesImages } from "../../workers/enrich/ai";
import { deterministicProposals } from "../../workers/enrich/proposals";
import { analyseSite } from "../../workers/services/enrich";
import { requestAnalysis, runRequestedAnalysis, type EnrichAnalysisMessage } from "../../workers/services/enrich-analysis";
import type { Env } from "../../workers/env";
import { eq } from "drizzle-orm";
import { auditFor, call, expectError, expectValidationError, newMember, newOwner } from "../api/helpers";

const HOST = "www.enrich-shop.test";
const url = (path: string) => `https://${HOST}${path}`;
const LEAD = "Our bakery bakes sourdough bread every morning with flour from the mill next door, and sells it warm until noon in the shop on the market square.";
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

const PAGES: Record<string, string> = {
  "/": `<!doctype html><html lang="en"><head><title>Bakery on the square</title><link rel="canonical" href="${url("/")}"></head><body>
    <h1>Bakery on the square</h1><p>${LEAD}</p><p>${words(200)}</p>
    <h3>Opening hours</h3><img src="/img/loaf.jpg"><figure><img src="/img/oven.jpg"><figcaption>Our wood-fired oven</figcaption></figure>
    <a href="/old-menu">Menu</a> <a href="/missing">Old offers</a> <a href="/about">About</a></body></html>`,
  "/about": `<!doctype html><html lang="en"><head><title>Bakery on the square</title><meta name="description" content="${"About us and our bread. ".repeat(9)}"><link rel="canonical" href="${url("/about")}"></head><body>
    <h1>About us</h1><p>${words(220)}</p><img src="/img/team.jpg" alt="The team in front of the shop"></body></html>`,
  "/news": `<!doctype html><html><head><title>News</title><meta name="description" content="What is new at the bakery."></head><body>
    <h1>News</h1><h1>Latest</h1><p>Closed on Monday.</p></body></html>`,
  "/new-menu": `<!doctype html><html lang="en"><head><title>Menu</title><meta name="description" content="Our breads and cakes."><link rel="canonical" href="${url("/new-menu")}"></head><body><h1>Menu</h1><p>${words(180)}</p></body></html>`,
};

type Auth = { token: string; org: string };

/** A site with a finished run whose pages are stored as the run stores them, written into a Drupal export bundle. */
async function siteWithRun(auth: Auth, orgId: string, siteId: string) {
  const db = getDb(env.DB);
  const runId = crypto.randomUUID();
  await db.insert(migrationRuns).values({ id: runId, organizationId: orgId, siteId, status: "completed", options: {} as never, progress: {} as never, heartbeatAt: new Date() });
  await db.insert(targetRuns).values({ migrationId: runId, organizationId: orgId, siteId, platform: "drupal", assetMode: "zip" });
  const ids: Record<string, string> = {};
  for (const [path, html] of Object.entries(PAGES)) {
    // The menu page was reached through a redirect from /old-menu.
    const pageUrl = url(path === "/new-menu" ? "/old-menu" : path);
    const extraction = extractPage(html, pageUrl, {}, { finalUrl: url(path) });
    const id = `snap-${crypto.randomUUID()}`;
    ids[path] = id;
    const key = `enrich-tests/${id}.json`;
    await env.BUCKET.put(key, JSON.stringify(extraction));
    await db.insert(snapshots).values({ id, organizationId: orgId, siteId, migrationId: runId, url: pageUrl, finalUrl: url(path), httpStatus: 200, title: extraction.title, contentHash: extraction.contentHash, extractionKey: key });
    const bundlePath = `pages/${path === "/" ? "index" : path.slice(1)}.json`;
    await env.BUCKET.put(`targets/${runId}/bundle/${bundlePath}`, JSON.stringify({ platform: "drupal", sourceUrl: pageUrl, title: extraction.title, seo: { title: extraction.title, description: extraction.metaDescription }, fields: { image: { src: "assets/loaf.jpg", sourceUrl: url("/img/loaf.jpg"), alt: "" } } }, null, 2));
    await db.insert(targetItems).values({ id: crypto.randomUUID(), organizationId: orgId, siteId, platform: "drupal", itemKey: crypto.randomUUID(), sourceUrl: pageUrl, targetId: bundlePath, targetPath: path, contentHash: "h", lastMigrationId: runId, updatedAt: new Date() })
      .onConflictDoNothing();
  }
  // The crawl could not capture /missing: it answered 404.
  await db.insert(migrationLogs).values({ id: crypto.randomUUID(), organizationId: orgId, siteId, migrationId: runId, level: "error", message: "Failed after 1 attempt: HTTP 404", url: url("/missing") });
  return { runId, ids };
}

async function projectOnDrupal() {
  const owner = await newOwner("enrich");
  const auth = { token: owner.token, org: owner.orgId };
  const site = await call("POST", "/sites", { ...auth, body: { name: "Bakery", domain: HOST } });
  const siteId = site.json.site.id as string;
  expect((await call("PUT", `/site-config/${siteId}`, { ...auth, body: { platform: "drupal", platformConfig: {} } })).status).toBe(200);
  return { owner, auth, siteId };
}

const kindsOf = (p: PageAuditDto) => p.findings.map((f) => f.kind).sort();

/**
 * Asks for an analysis and follows it to its end as a screen does: POST answers 202 with the queued
 * job, the analysis queue's consumer (this Worker, in miniflare) runs it, and GET carries its state.
 */
async function analyse(siteId: string, auth: { token: string; org: string }): Promise<SiteAuditDto> {
  const requested = await call("POST", `/sites/${siteId}/enrich/analyse`, auth);
  expect(requested.status).toBe(202);
  expect(requested.json.analysis.status).toBe("queued");
  let audit: SiteAuditDto;
  await vi.waitFor(
    async () => {
      const job = (await call("GET", `/sites/${siteId}/enrich/analysis`, auth)).json.analysis;
      expect(job?.requestedAt).toBe(requested.json.analysis.requestedAt);
      expect(job?.status).toBe("done");
    },
    { timeout: 30_000, interval: 200 },
  );
  audit = (await call("GET", `/sites/${siteId}/enrich`, auth)).json as SiteAuditDto;
  expect(audit.analysis).toMatchObject({ status: "done", requestedAt: requested.json.analysis.requestedAt });
  return audit;
}

describe("Enrich", () => {
  it("audits a run's pages, reviews proposals, applies them into the export bundle and rolls them back", async () => {
    const { owner, auth, siteId } = await projectOnDrupal();
    // Before any run there is nothing to analyse.
    expectError(await call("POST", `/sites/${siteId}/enrich/analyse`, auth), 422, ENRICH_MESSAGES.noRun);
    const empty = (await call("GET", `/sites/${siteId}/enrich`, auth)).json as SiteAuditDto;
    expect(empty.pages).toEqual([]);
    const { runId, ids } = await siteWithRun(auth, owner.orgId, siteId);

    const audit = await analyse(siteId, auth);
    expect(audit.runId).toBe(runId);
    expect(audit.analysis).toMatchObject({ status: "done", runId, error: null });
    expect(Date.parse(audit.analysis!.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(audit.analysis!.startedAt!));
    expect(audit.aiAvailable).toBe(false);
    const page = (path: string) => audit.pages.find((p) => p.snapshotId === ids[path])!;
    expect(kindsOf(page("/"))).toEqual(["description-missing", "heading-skip", "image-alt-missing", "image-alt-missing", "link-broken", "link-redirect", "title-duplicate"]);
    expect(kindsOf(page("/about"))).toEqual(["description-too-long", "title-duplicate"]);
    expect(kindsOf(page("/news"))).toEqual(["canonical-missing", "h1-multiple", "language-missing", "thin-content"]);
    const home = page("/");
    expect(home.findings.find((f) => f.kind === "link-broken")!.evidence[0]).toBe(`${url("/missing")} answered 404 (link text "Old offers")`);
    expect(home.findings.find((f) => f.kind === "link-redirect")!.evidence[0]).toBe(`${url("/old-menu")} redirects to ${url("/new-menu")}`);
    expect(home.findings.find((f) => f.kind === "heading-skip")!.evidence[0]).toBe('h1 "Bakery on the square" → h3 "Opening hours"');
    expect(home.findings.every((f) => f.confidence > 0 && f.confidence <= 1 && f.evidence.length > 0)).toBe(true);
    // Worst first, and the overview counts pages per kind.
    expect(audit.pages.map((p) => p.scoreAfter)).toEqual([...audit.pages.map((p) => p.scoreAfter)].sort((a, b) => a - b));
    expect(audit.byKind.find((k) => k.kind === "title-duplicate")).toEqual({ kind: "title-duplicate", label: "Duplicate meta title", pages: 2 });
    expect(audit.distribution.reduce((a, b) => a + b, 0)).toBe(4);

    // Proposals of the home page: the description from the lead paragraph, saying a model would do better.
    const got = await call("GET", `/enrich/pages/${ids["/"]}`, auth);
    const proposals = got.json.proposals as EnrichProposalDto[];
    const description = proposals.find((p) => p.field === "metaDescription")!;
    expect(description).toMatchObject({ kind: "description-missing", value: LEAD, source: "deterministic", status: "pending" });
    expect(description.value.length).toBeLessThanOrEqual(160);
    expect(description.rationale).toContain(ENRICH_MESSAGES.offlineNote);
    const captioned = proposals.find((p) => p.field === "imageAlt" && p.target === url("/img/oven.jpg"))!;
    expect(captioned).toMatchObject({ value: "Our wood-fired oven", confidence: 0.6 });
    const bare = proposals.find((p) => p.field === "imageAlt" && p.target === url("/img/loaf.jpg"))!;
    expect(bare).toMatchObject({ value: "", confidence: 0 });

    // Review: bad input, an empty value, another organization, then the decisions (a MEMBER may review).
    expectValidationError(await call("POST", `/enrich/proposals/${bare.id}/decision`, { ...auth, body: { action: "tweak", value: "" } }), "value");
    expectError(await call("POST", `/enrich/proposals/${bare.id}/decision`, { ...auth, body: { action: "approve" } }), 400);
    const outsider = await newOwner("enrich-outsider");
    expectError(await call("POST", `/enrich/proposals/${bare.id}/decision`, { token: outsider.token, org: outsider.orgId, body: { action: "approve" } }), 404);
    expectError(await call("GET", `/sites/${siteId}/enrich`, { token: outsider.token, org: outsider.orgId }), 404);
    expectError(await call("GET", `/sites/${siteId}/enrich`), 401);
    const member = await newMember(owner.token, owner.orgId, "MEMBER", "enrich-member");
    const memberAuth = { token: member.token, org: owner.orgId };
    const tweaked = await call("POST", `/enrich/proposals/${bare.id}/decision`, { ...memberAuth, body: { action: "tweak", value: "A sourdough loaf on the counter" } });
    expect(tweaked.json.proposal).toMatchObject({ status: "approved", finalValue: "A sourdough loaf on the counter" });
    const aboutProposals = (await call("GET", `/enrich/pages/${ids["/about"]}`, auth)).json.proposals as EnrichProposalDto[];
    const shortened = aboutProposals.find((p) => p.field === "metaDescription")!;
    expect((await call("POST", `/enrich/proposals/${shortened.id}/decision`, { ...auth, body: { action: "reject" } })).json.proposal.status).toBe("rejected");
    expectValidationError(await call("POST", `/sites/${siteId}/enrich/bulk-approve`, { ...auth, body: { threshold: 2 } }), "threshold");
    const bulk = await call("POST", `/sites/${siteId}/enrich/bulk-approve`, { ...auth, body: { threshold: 0.5 } });
    // Above 0.5: the home description (0.5), the oven's caption (0.6) and the news page's language (0.6).
    expect(bulk.json).toEqual({ approved: 3 });
    const decisions = await auditFor(bare.id, "enrich.proposal.tweak");
    expect(decisions).toHaveLength(1);
    const after = (await call("GET", `/sites/${siteId}/enrich`, auth)).json as SiteAuditDto;
    const homeAfter = after.pages.find((p) => p.snapshotId === ids["/"])!;
    expect(homeAfter.scoreAfter).toBeGreaterThan(homeAfter.scoreBefore);
    expect(after.proposals).toMatchObject({ approved: 4, rejected: 1, applied: 0 });

    // Apply: a MEMBER may not write into the target; the owner may.
    expectError(await call("POST", `/sites/${siteId}/enrich/apply`, { ...memberAuth, body: {} }), 403);
    expectError(await call("POST", `/sites/${siteId}/enrich/apply`, { ...auth, body: { proposalIds: [shortened.id] } }), 400, ENRICH_MESSAGES.notApproved);
    const homeKey = `targets/${runId}/bundle/pages/index.json`;
    const beforeDoc = await (await env.BUCKET.get(homeKey))!.text();
    const applied = await call("POST", `/sites/${siteId}/enrich/apply`, { ...auth, body: {} });
    expect(applied.status).toBe(200);
    expect(applied.json.summary).toEqual({ applied: 4, unsupported: 0, failed: 0 });
    const doc = JSON.parse(await (await env.BUCKET.get(homeKey))!.text());
    expect(doc.seo.description).toBe(description.value);
    expect(doc.fields.image.alt).toBe("A sourdough loaf on the counter");
    expect(doc.enrichment.imageAlt[url("/img/oven.jpg")]).toBe("Our wood-fired oven");
    const run = await getDb(env.DB).select().from(targetRuns).where((await import("drizzle-orm")).eq(targetRuns.migrationId, runId));
    expect(run[0]!.outputs?.exportZip).toBe(`targets/${runId}/export.zip`);
    const applyAudit = await auditFor(applied.json.id, "enrich.apply");
    expect(applyAudit).toHaveLength(1);
    expect(JSON.stringify(applyAudit[0]!.after)).toContain("A sourdough loaf on the counter");
    expect((await call("GET", `/sites/${siteId}/enrich/proposals?status=applied`, auth)).json.proposals).toHaveLength(4);
    expectError(await call("GET", `/sites/${siteId}/enrich/proposals?status=maybe`, auth), 400);
    expectError(await call("POST", `/enrich/proposals/${bare.id}/decision`, { ...auth, body: { action: "reject" } }), 400);

    // Rollback restores the page's document as it was, and the proposals return to approved.
    expectError(await call("POST", `/enrich/applies/${applied.json.id}/rollback`, { ...memberAuth, body: {} }), 403);
    const rolled = await call("POST", `/enrich/applies/${applied.json.id}/rollback`, { ...auth, body: {} });
    expect(rolled.status).toBe(200);
    expect(rolled.json.rolledBackAt).not.toBeNull();
    expect(await (await env.BUCKET.get(homeKey))!.text()).toBe(beforeDoc);
    expect((await call("GET", `/sites/${siteId}/enrich/proposals?status=approved`, auth)).json.proposals).toHaveLength(4);
    expectError(await call("POST", `/enrich/applies/${applied.json.id}/rollback`, { ...auth, body: {} }), 409, ENRICH_MESSAGES.alreadyRolledBack);
    expect(await auditFor(applied.json.id, "enrich.rollback")).toHaveLength(1);
    const applies = (await call("GET", `/sites/${siteId}/enrich/applies`, auth)).json.applies;
    expect(applies).toHaveLength(1);

    // The next run of the same pages: the decisions are remembered.
    const next = await siteWithRun(auth, owner.orgId, siteId);
    const again = await analyse(siteId, auth);
    expect(again.runId).toBe(next.runId);
    const nextHome = (await call("GET", `/enrich/pages/${next.ids["/"]}`, auth)).json.proposals as EnrichProposalDto[];
    expect(nextHome.find((p) => p.field === "imageAlt" && p.target === url("/img/loaf.jpg"))).toMatchObject({ status: "approved", remembered: true, finalValue: "A sourdough loaf on the counter" });
    const nextAbout = (await call("GET", `/enrich/pages/${next.ids["/about"]}`, auth)).json.proposals as EnrichProposalDto[];
    expect(nextAbout.find((p) => p.field === "metaDescription")).toMatchObject({ status: "rejected", remembered: true });
  });

  it("adds a language model's proposals, checked against the page and the site's taxonomy", async () => {
    const { owner, auth, siteId } = await projectOnDrupal();
    const { ids } = await siteWithRun(auth, owner.orgId, siteId);
    const answer = { metaTitle: null, metaDescription: "Sourdough baked every morning and sold warm until noon on the market square.", alts: [{ src: url("/img/loaf.jpg"), alt: "A round sourdough loaf" }, { src: url("/img/elsewhere.jpg"), alt: "Not on the page" }], summary: "A bakery on the market square.", tags: ["Bread", "Invented tag"] };
    // The project's own Enrich prompt is what the model is instructed with.
    const custom = `Write for bakers. ${crypto.randomUUID()}`;
    expect((await call("PUT", `/sites/${siteId}/enrich/prompt`, { ...auth, body: { prompt: custom } })).status).toBe(200);
    const instructed: string[] = [];
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        for (const m of options.prompt) if (m.role === "system") instructed.push(m.content);
        return {
        content: [{ type: "text", text: JSON.stringify(answer) }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
        warnings: [],
        };
      },
    });
    // The site's taxonomy comes from its own pages' article tags.
    const db = getDb(env.DB);
    const [snap] = await db.select().from(snapshots).where((await import("drizzle-orm")).eq(snapshots.id, ids["/"]!));
    const stored = JSON.parse(await (await env.BUCKET.get(snap!.extractionKey))!.text());
    // Two more links, to pages the run did not visit.
    const links = [...stored.links, { href: url("/gone"), text: "Gone", internal: true }, { href: url("/moved"), text: "Moved", internal: true }];
    await env.BUCKET.put(snap!.extractionKey, JSON.stringify({ ...stored, links, openGraph: { ...stored.openGraph, "article:tag": "Bread, Cakes" } }));
    // Links to pages the run did not visit are checked with a request each; pages it saw are not requested again.
    const requested: string[] = [];
    const transport = async (input: string, init?: RequestInit) => {
      requested.push(`${init?.method} ${new URL(input).pathname}`);
      const path = new URL(input).pathname;
      if (path === "/moved") return new Response(null, { status: 301, headers: { location: url("/menu-2") } });
      return new Response(null, { status: path === "/gone" ? 404 : 200 });
    };
    await analyseSite(db, env, { userId: owner.id }, owner.orgId, siteId, { model, fetch: transport });
    expect(requested.sort()).toEqual(["HEAD /gone", "HEAD /menu-2", "HEAD /moved"]);
    expect(instructed.length).toBeGreaterThan(0);
    expect(new Set(instructed)).toEqual(new Set([custom]));
    const proposals = (await call("GET", `/enrich/pages/${ids["/"]}`, auth)).json.proposals as EnrichProposalDto[];
    expect(proposals.find((p) => p.field === "metaDescription")).toMatchObject({ source: `ai:${model.modelId}`, value: answer.metaDescription, confidence: 0.7 });
    expect(proposals.find((p) => p.field === "imageAlt" && p.target === url("/img/loaf.jpg"))).toMatchObject({ value: "A round sourdough loaf", source: `ai:${model.modelId}` });
    expect(proposals.some((p) => p.target === url("/img/elsewhere.jpg"))).toBe(false);
    expect(proposals.find((p) => p.field === "tags")).toMatchObject({ value: "Bread" });
    expect(proposals.find((p) => p.field === "summary")?.value).toBe("A bakery on the market square.");
    const home = (await call("GET", `/enrich/pages/${ids["/"]}`, auth)).json.page as PageAuditDto;
    expect(home.findings.find((f) => f.kind === "link-broken")!.evidence).toContain(`${url("/gone")} answered 404 when the analysis checked it (link text "Gone")`);
    expect(home.findings.find((f) => f.kind === "link-redirect")!.evidence).toContain(`${url("/moved")} redirects to ${url("/menu-2")} when the analysis checked it`);
    // The caption-based alt text stands where the model said nothing.
    expect(proposals.find((p) => p.target === url("/img/oven.jpg"))).toMatchObject({ source: "deterministic" });
  });

  it("shows a vision model the images without alt text, and says its alt text comes from the image itself", async () => {
    const { owner, auth, siteId } = await projectOnDrupal();
    const { ids } = await siteWithRun(auth, owner.orgId, siteId);
    const loaf = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const seenParts: { type: string; text?: string; data?: unknown; mediaType?: string }[] = [];
    const answer = { metaTitle: null, metaDescription: null, alts: [{ src: url("/img/loaf.jpg"), alt: "A round sourdough loaf on a floured board" }], summary: null, tags: [] };
    const model = new MockLanguageModelV4({
      modelId: "@cf/meta/llama-3.2-11b-vision-instruct",
      doGenerate: async (options) => {
        for (const m of options.prompt) if (m.role === "user") for (const part of m.content) seenParts.push(part as (typeof seenParts)[number]);
        return {
          content: [{ type: "text", text: JSON.stringify(answer) }],
          finishReason: { unified: "stop", raw: "stop" },
          usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
          warnings: [],
        };
      },
    });
    // The source site serves the photo as a JPEG; the oven picture is an SVG, which a model cannot read.
    const requested: string[] = [];
    const transport = async (input: string, init?: RequestInit) => {
      const path = new URL(input).pathname;
      requested.push(`${init?.method ?? "GET"} ${path}`);
      if (path === "/img/loaf.jpg") return new Response(loaf, { headers: { "Content-Type": "image/jpeg" } });
      if (path === "/img/oven.jpg") return new Response("<svg xmlns='http://www.w3.org/2000/svg'/>", { headers: { "Content-Type": "image/svg+xml" } });
      return new Response(null, { status: 200 });
    };
    const db = getDb(env.DB);
    await analyseSite(db, env, { userId: owner.id }, owner.orgId, siteId, { model, fetch: transport });
    expect(requested).toContain("GET /img/loaf.jpg");
    // The page's request, then each readable image named by its address and given as an image part.
    const images = seenParts.filter((p) => p.type === "file" || p.type === "image");
    expect(images).toHaveLength(1);
    expect(images[0]!.mediaType).toBe("image/jpeg");
    // The SDK hands the provider a file part holding the bytes.
    expect(images[0]!.data).toEqual({ type: "data", data: loaf });
    expect(seenParts.some((p) => p.type === "text" && p.text === `The image ${url("/img/loaf.jpg")}:`)).toBe(true);
    expect(seenParts.some((p) => p.type === "text" && p.text === `The image ${url("/img/oven.jpg")}:`)).toBe(false);
    const proposals = (await call("GET", `/enrich/pages/${ids["/"]}`, auth)).json.proposals as EnrichProposalDto[];
    expect(proposals.find((p) => p.field === "imageAlt" && p.target === url("/img/loaf.jpg"))).toMatchObject({
      value: "A round sourdough loaf on a floured board",
      confidence: 0.75,
      source: "ai:@cf/meta/llama-3.2-11b-vision-instruct",
      rationale: "Written by the language model from the image itself and its context on the page.",
    });
  });

  it("gives a model that does not read images the text context only", async () => {
    expect(modelSeesImages(new MockLanguageModelV4({ modelId: "@cf/meta/llama-3.1-8b-instruct" }))).toBe(false);
    expect(modelSeesImages(new MockLanguageModelV4({ modelId: "@cf/meta/llama-3.2-11b-vision-instruct" }))).toBe(true);
    expect(modelSeesImages(new MockLanguageModelV4({ modelId: "@cf/llava-hf/llava-1.5-7b-hf" }))).toBe(true);
    expect(modelSeesImages(new MockLanguageModelV4({ modelId: "gpt-4o-mini" }))).toBe(true);
  });

  it("keeps the project's Enrich prompt in versions of its own, configurable by admins and owners only", async () => {
    const { owner, auth, siteId } = await projectOnDrupal();
    const initial = await call("GET", `/sites/${siteId}/enrich/prompt`, auth);
    expect(initial.json).toMatchObject({ prompt: DEFAULT_ENRICH_PROMPT, version: 0, isDefault: true, versions: [] });
    const saved = await call("PUT", `/sites/${siteId}/enrich/prompt`, { ...auth, body: { prompt: "Describe each page for a bakery's customers." } });
    expect(saved.json).toMatchObject({ prompt: "Describe each page for a bakery's customers.", version: 1, isDefault: false });
    // The mapping prompt is another history: untouched.
    expect((await call("GET", `/sites/${siteId}/mapping/prompt`, auth)).json).toMatchObject({ version: 0, isDefault: true });
    expect((await auditFor(siteId, "enrich-prompt.update")).length).toBe(1);
    // A member reads it and may not change it; an empty prompt is refused in the error shape; nothing is lost.
    const member = await newMember(owner.token, owner.orgId, "MEMBER");
    const asMember = { token: member.token, org: owner.orgId };
    expect((await call("GET", `/sites/${siteId}/enrich/prompt`, asMember)).status).toBe(200);
    expectError(await call("PUT", `/sites/${siteId}/enrich/prompt`, { ...asMember, body: { prompt: "Mine now." } }), 403);
    expect((await call("PUT", `/sites/${siteId}/enrich/prompt`, { ...auth, body: { prompt: "" } })).status).toBe(400);
    const reset = await call("POST", `/sites/${siteId}/enrich/prompt/reset`, auth);
    expect(reset.json).toMatchObject({ prompt: DEFAULT_ENRICH_PROMPT, version: 2, isDefault: true });
    expect(reset.json.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it("finds a page without a title, an empty H1 and a decorative image apart from one without alt", () => {
    const x = extractPage(`<html lang="de"><head><title> </title></head><body><h1><span></span></h1><h2>Unser Angebot</h2><img src="/deko.png" alt=""><img src="/foto.png"><p>${words(160)}</p></body></html>`, url("/angebot"));
    const findings = pageFindings(x);
    expect(findings.map((f) => f.kind).sort()).toEqual(["canonical-missing", "description-missing", "h1-missing", "image-alt-missing", "title-missing"]);
    expect(findings.find((f) => f.kind === "h1-missing")!.message).toBe("The page's H1 is empty.");
    expect(findings.find((f) => f.kind === "image-alt-missing")!.target).toBe(url("/foto.png"));
    const title = deterministicProposals(x, findings, null).find((p) => p.field === "metaTitle");
    // No H1 text and no stated title: nothing to propose from the page itself.
    expect(title).toBeUndefined();
  });

  it("proposes the language a page's text is written in where the page declares none, and says so", () => {
    const german = "Die Anlage mit einem geplanten Anfangsdurchsatz von viertausend Tonnen Altbatterien soll die erste in Europa sein, die einen industriellen Maßstab erreicht. Seit etwa acht Jahren widmet sich das Unternehmen den Herausforderungen gebrauchter Akkus.";
    const x = extractPage(`<html><head><title>Recycling</title></head><body><main><h1>Recycling</h1><p>${german}</p><p>${german}</p></main></body></html>`, url("/recycling"));
    const findings = pageFindings(x);
    expect(findings.map((f) => f.kind)).toContain("language-missing");
    // The site's language ("en") is the fallback; the page's own text says better.
    const proposal = deterministicProposals(x, findings, "en").find((p) => p.field === "language");
    expect(proposal).toMatchObject({ value: "de", confidence: 0.75, rationale: "The language the page's text is written in." });
    // A page with too little text to tell falls back to the site's language.
    const short = extractPage(`<html><head><title>Kontakt</title></head><body><h1>Kontakt</h1><p>Schreiben Sie uns.</p></body></html>`, url("/kontakt"));
    expect(deterministicProposals(short, pageFindings(short), "en").find((p) => p.field === "language")).toMatchObject({ value: "en", rationale: "The language most pages of the site declare." });
  });
});

describe("the analysis runs on the analysis queue, outside the request", () => {
  /** The environment with the queue played by the test: what is sent waits in `sent`. */
  function heldQueue() {
    const sent: EnrichAnalysisMessage[] = [];
    const queued = { ...env, ENRICH_ANALYSES: { send: async (m: EnrichAnalysisMessage) => void sent.push(m) } } as unknown as Env;
    return { sent, queued };
  }

  it("answers a second request with the job already queued, runs a message once, ignores a superseded or repeated one, and records a failure", async () => {
    const { owner, auth, siteId } = await projectOnDrupal();
    const { runId } = await siteWithRun(auth, owner.orgId, siteId);
    const db = getDb(env.DB);
    const actor = { userId: owner.id };
    const { sent, queued } = heldQueue();
    const state = async () => (await call("GET", `/sites/${siteId}/enrich/analysis`, auth)).json.analysis;

    // Two requests while the first waits in the queue: one job, one message.
    const first = await requestAnalysis(db, queued, actor, owner.orgId, siteId);
    const second = await requestAnalysis(db, queued, actor, owner.orgId, siteId);
    expect(second).toEqual(first);
    expect(sent).toHaveLength(1);
    expect(await state()).toMatchObject({ status: "queued", runId, startedAt: null, finishedAt: null });
    expect((await call("GET", `/sites/${siteId}/enrich`, auth)).json.pages).toEqual([]);

    // The message runs the job; delivered again (the queue delivers at least once), it does nothing.
    await runRequestedAnalysis(env, sent[0]!);
    expect(await state()).toMatchObject({ status: "done", error: null });
    expect((await call("GET", `/sites/${siteId}/enrich`, auth)).json.pages).toHaveLength(4);
    await runRequestedAnalysis(env, sent[0]!);
    expect(await auditFor(siteId, "enrich.analyse")).toHaveLength(1);

    // A finished job can be asked for again; a message of an older request does not run the new one.
    const third = await requestAnalysis(db, queued, actor, owner.orgId, siteId);
    expect(sent).toHaveLength(2);
    await runRequestedAnalysis(env, { ...sent[1]!, requestedAt: sent[1]!.requestedAt - 1 });
    expect(await state()).toMatchObject({ status: "queued", requestedAt: third.requestedAt });

    // The run's snapshots went away before the job ran: it fails with the reason, and writes no audit entry.
    await db.delete(snapshots).where(eq(snapshots.migrationId, runId));
    await runRequestedAnalysis(env, sent[1]!);
    expect(await state()).toMatchObject({ status: "failed", error: ENRICH_MESSAGES.noRun });
    expect(await auditFor(siteId, "enrich.analyse")).toHaveLength(1);
  });

  it("refuses a project without a run and another organization's project", async () => {
    const { auth, siteId } = await projectOnDrupal();
    expectError(await call("POST", `/sites/${siteId}/enrich/analyse`, auth), 422, ENRICH_MESSAGES.noRun);
    const stranger = await newOwner("enrich-stranger");
    expect((await call("POST", `/sites/${siteId}/enrich/analyse`, { token: stranger.token, org: stranger.orgId })).status).toBe(404);
    expect((await call("GET", `/sites/${siteId}/enrich/analysis`, { token: stranger.token, org: stranger.orgId })).status).toBe(404);
    expect((await call("GET", `/sites/${siteId}/enrich/analysis`, auth)).json).toEqual({ analysis: null });
  });
});
