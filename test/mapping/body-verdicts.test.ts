/**
 * A site's reviewers teach the product how far to trust its main-content bodies: each body accepted
 * unchanged lifts the next one's confidence, each change pulls it down, until the bodies of a site whose
 * extraction holds apply themselves at the site's minimum confidence. Real page (train split of
 * test/fixtures/real), real D1, the review API.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEFAULT_MIN_CONFIDENCE } from "../../workers/contracts/mapping";
import { extractPage } from "../../workers/crawl/extract";
import { getDb } from "../../workers/db/client";
import { BODY_RIGHT_RATE } from "../../workers/mapping/calibration-body";
import { BODY_PRIOR_PAGES, bodyDoubt, MAIN_CONTENT_BODY } from "../../workers/mapping/page-candidates";
import { loadBodyVerdicts } from "../../workers/services/body-verdicts";
import { mapSnapshot } from "../../workers/services/mapping";
import { call } from "../api/helpers";
import pythonspeed from "../fixtures/real/pages/pythonspeed.com.docker.html?raw";
import { ownerWithSite } from "./helpers";

const URL_ = "https://pythonspeed.com/articles/base-image-python-docker-images/";
const extraction = extractPage(pythonspeed, URL_);
const TEMPLATES = {
  article: {
    name: "Article",
    targetId: "blog:pages/article",
    urlPattern: "",
    selector: "",
    areas: ["main"],
    fields: [{ name: "body", type: "richtext", required: false, description: "The article's text" }],
  },
};
type Proposal = { id: string; scope: string; targetField: string | null; confidence: number; status: string; evidence: string[]; source: { name: string | null } };

async function mapOnce(ctx: Awaited<ReturnType<typeof ownerWithSite>>) {
  const snapshotId = `snap-${crypto.randomUUID()}`;
  const key = `body-verdicts/${snapshotId}.json`;
  await env.BUCKET.put(key, JSON.stringify(extraction));
  const summary = await mapSnapshot(getDb(env.DB), env, { organizationId: ctx.owner.orgId, siteId: ctx.siteId, snapshotId, runId: null, extraction, extractionKey: key, actor: null });
  const proposals = (await call("GET", `/mapping/snapshots/${snapshotId}`, ctx.auth)).json.proposals as Proposal[];
  const body = proposals.find((p) => p.scope === "field" && p.targetField === "body")!;
  expect(body.source.name).toBe(MAIN_CONTENT_BODY);
  return { summary, body };
}

const decide = (ctx: Awaited<ReturnType<typeof ownerWithSite>>, id: string, body: Record<string, unknown>) => call("POST", `/mapping/proposals/${id}/decision`, { ...ctx.auth, body });

describe("a site's verdicts on its main-content bodies", () => {
  it("start at the measured rate, rise with each body accepted unchanged until bodies apply themselves, and fall with a change", async () => {
    const ctx = await ownerWithSite("pythonspeed.com");
    expect((await call("PUT", `/site-config/${ctx.siteId}`, { ...ctx.auth, body: { platform: "magnolia", components: {}, templates: TEMPLATES } })).status).toBe(200);

    // No verdicts yet: the measured rate, below the default minimum; the page waits for review.
    const first = await mapOnce(ctx);
    expect(first.body.confidence).toBe(BODY_RIGHT_RATE.rate);
    expect(first.summary.status).toBe("needs_review");
    expect(await loadBodyVerdicts(getDb(env.DB), ctx.owner.orgId, ctx.siteId)).toEqual({ accepted: 0, changed: 0, byTemplate: {} });

    // A reviewer accepts bodies unchanged, page after page: each next body claims more.
    let last = first;
    let accepted = 0;
    while (last.summary.status === "needs_review") {
      expect((await decide(ctx, last.body.id, { action: "approve" })).status).toBe(200);
      accepted++;
      const next = await mapOnce(ctx);
      expect(next.body.confidence).toBeGreaterThan(last.body.confidence);
      expect(next.body.confidence).toBe(bodyDoubt(extraction, { accepted, changed: 0 }).maxConfidence);
      last = next;
      // From the measured rate (about two in three) to the default minimum takes about as many verdicts as the prior weighs.
      expect(accepted).toBeLessThan(2 * BODY_PRIOR_PAGES);
    }
    // Enough of them, and the site's bodies apply themselves at the default minimum.
    expect(last.summary.status).toBe("auto_applied");
    expect(last.body.confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE);
    expect(last.body.evidence.at(-1)).toBe(
      `a page's main content is right as extracted on about ${Math.round(100 * BODY_RIGHT_RATE.rate)}% of real pages (${BODY_RIGHT_RATE.pages} measured); on this site, reviewers accepted ${accepted} of ${accepted} unchanged, so about ${Math.round(100 * last.body.confidence)}%`,
    );
    // Auto-applied bodies are not verdicts: nobody looked at them.
    expect(await loadBodyVerdicts(getDb(env.DB), ctx.owner.orgId, ctx.siteId)).toEqual({ accepted, changed: 0, byTemplate: { article: { accepted, changed: 0 } } });

    // A reviewer goes back to the first body and edits it: one accepted body becomes a changed one, the
    // next body claims less than the last, and its page waits for review again.
    expect((await decide(ctx, first.body.id, { action: "tweak", value: "<p>The article, cleaned by hand.</p>" })).status).toBe(200);
    expect(await loadBodyVerdicts(getDb(env.DB), ctx.owner.orgId, ctx.siteId)).toEqual({ accepted: accepted - 1, changed: 1, byTemplate: { article: { accepted: accepted - 1, changed: 1 } } });
    const after = await mapOnce(ctx);
    expect(after.body.confidence).toBeLessThan(last.body.confidence);
    expect(after.body.confidence).toBe(bodyDoubt(extraction, { accepted: accepted - 1, changed: 1 }).maxConfidence);
    expect(after.summary.status).toBe("needs_review");
  });

  it("belong to their site: another site of the organization starts again from the measured rate", async () => {
    const ctx = await ownerWithSite("pythonspeed.com");
    expect((await call("PUT", `/site-config/${ctx.siteId}`, { ...ctx.auth, body: { platform: "magnolia", components: {}, templates: TEMPLATES } })).status).toBe(200);
    const mapped = await mapOnce(ctx);
    expect((await decide(ctx, mapped.body.id, { action: "approve" })).status).toBe(200);
    const other = await call("POST", "/sites", { token: ctx.owner.token, org: ctx.owner.orgId, body: { name: "Another site", domain: "another.example" } });
    expect(other.status).toBe(201);
    expect(await loadBodyVerdicts(getDb(env.DB), ctx.owner.orgId, other.json.site.id)).toEqual({ accepted: 0, changed: 0, byTemplate: {} });
    expect(await loadBodyVerdicts(getDb(env.DB), ctx.owner.orgId, ctx.siteId)).toEqual({ accepted: 1, changed: 0, byTemplate: { article: { accepted: 1, changed: 0 } } });
  });

  it("belong to their template: another template of the site starts from the rate its siblings' verdicts moved, and its own verdicts count in full", async () => {
    const ctx = await ownerWithSite("pythonspeed.com");
    const configure = async (templates: Record<string, unknown>) =>
      expect((await call("PUT", `/site-config/${ctx.siteId}`, { ...ctx.auth, body: { platform: "magnolia", components: {}, templates } })).status).toBe(200);
    await configure(TEMPLATES);
    for (let i = 0; i < 3; i++) expect((await decide(ctx, (await mapOnce(ctx)).body.id, { action: "approve" })).status).toBe(200);
    const articleNext = bodyDoubt(extraction, { accepted: 3, changed: 0 }).maxConfidence;

    // The site's pages now map onto a landing-page template: the article's verdicts move its start, no more.
    await configure({ landing: { ...TEMPLATES.article, name: "Landing page", targetId: "blog:pages/landing" } });
    const landing = await mapOnce(ctx);
    expect(landing.body.confidence).toBe(bodyDoubt(extraction, { accepted: 0, changed: 0, others: { accepted: 3, changed: 0 } }).maxConfidence);
    expect(landing.body.confidence).toBeGreaterThan(BODY_RIGHT_RATE.rate);
    expect(landing.body.confidence).toBe(articleNext); // no verdict of its own yet: its start is the siblings' rate
    expect(landing.body.evidence.at(-1)).toBe(
      `a page's main content is right as extracted on about ${Math.round(100 * BODY_RIGHT_RATE.rate)}% of real pages (${BODY_RIGHT_RATE.pages} measured); on this site's other templates, reviewers accepted 3 of 3 unchanged, and none on this one yet, so about ${Math.round(100 * landing.body.confidence)}%`,
    );
    // A landing page's body edited counts against landing pages in full, and against articles only through their start.
    expect((await decide(ctx, landing.body.id, { action: "tweak", value: "<p>The landing page, cleaned by hand.</p>" })).status).toBe(200);
    expect(await loadBodyVerdicts(getDb(env.DB), ctx.owner.orgId, ctx.siteId)).toEqual({ accepted: 3, changed: 1, byTemplate: { article: { accepted: 3, changed: 0 }, landing: { accepted: 0, changed: 1 } } });
    const next = await mapOnce(ctx);
    expect(next.body.confidence).toBe(bodyDoubt(extraction, { accepted: 0, changed: 1, others: { accepted: 3, changed: 0 } }).maxConfidence);
    expect(next.body.confidence).toBeLessThan(landing.body.confidence);
    expect(next.body.evidence.at(-1)).toMatch(/other templates, reviewers accepted 3 of 3 unchanged, and 0 of 1 on this one, so about \d+%$/);
    await configure(TEMPLATES);
    const article = await mapOnce(ctx);
    expect(article.body.confidence).toBe(bodyDoubt(extraction, { accepted: 3, changed: 0, others: { accepted: 0, changed: 1 } }).maxConfidence);
    expect(article.body.confidence).toBeLessThan(articleNext);
    expect(article.body.confidence).toBeGreaterThan(next.body.confidence);
  });
});
