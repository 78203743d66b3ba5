import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEFAULT_MIN_CONFIDENCE, MAPPING_MESSAGES } from "../../workers/contracts/mapping";
import { SECRET_MASK } from "../../workers/contracts/platforms";
import { extractPage } from "../../workers/crawl/extract";
import { getDb } from "../../workers/db/client";
import { DEFAULT_MAPPING_PROMPT } from "../../workers/mapping/llm-prompt";
import { mappingSteps } from "../../workers/compose";
import { createSnapshotMapper } from "../../workers/runs/snapshot-pipeline";
import { PipelineError, type SiteDefinitions } from "../../workers/runs/pipeline";
import { mapSnapshot } from "../../workers/services/mapping";
import { resolveSession } from "../../workers/services/auth";
import { resolveLanguageModel, saveMappingSettings } from "../../workers/services/mapping-settings";
import { auditFor, call, expectError, expectValidationError, newOwner } from "../api/helpers";
import { wp } from "./fixtures";
import { ownerWithSite } from "./helpers";

const URL_ = "https://www.greenleaf-garden.example/";
const extraction = extractPage(wp.home, URL_, wp.defs.components);
type Auth = { token: string; org: string };
type Proposal = { id: string; scope: string; instanceIndex: number; targetComponent: string | null; targetField: string | null; value: unknown; confidence: number; layer: string; status: string; source: { name: string | null }; evidence: string[] };

async function siteWithDefinitions(minConfidence: number) {
  const ctx = await ownerWithSite("www.greenleaf-garden.example");
  const saved = await call("PUT", `/site-config/${ctx.siteId}`, { ...ctx.auth, body: { platform: "magnolia", components: wp.raw.components, templates: wp.raw.templates, settings: { minConfidence } } });
  expect(saved.status).toBe(200);
  return ctx;
}

async function storeAndMap(ctx: { owner: { orgId: string }; siteId: string }, snapshotId: string) {
  const key = `mapping-tests/${snapshotId}.json`;
  await env.BUCKET.put(key, JSON.stringify(extraction));
  return mapSnapshot(getDb(env.DB), env, { organizationId: ctx.owner.orgId, siteId: ctx.siteId, snapshotId, runId: null, extraction, extractionKey: key, actor: null });
}

const find = (ps: Proposal[], instance: number, field: string | null, scope = "field") => ps.find((p) => p.instanceIndex === instance && p.targetField === field && p.scope === scope)!;

describe("review API", () => {
  it("shows proposals with confidence and evidence, takes decisions, learns, and applies the learning on the next run", async () => {
    const ctx = await siteWithDefinitions(0.999);
    const { auth, siteId } = ctx;
    const snap = `snap-${crypto.randomUUID()}`;
    const summary = await storeAndMap(ctx, snap);
    expect(summary).toMatchObject({ snapshotId: snap, siteId, status: "needs_review", minConfidence: 0.999 });

    const got = await call("GET", `/mapping/snapshots/${snap}`, auth);
    expect(got.status).toBe(200);
    const proposals = got.json.proposals as Proposal[];
    expect(proposals.length).toBe(got.json.counts.total);
    expect(got.json.counts.pending).toBe(proposals.length);
    expect(proposals[0]).toMatchObject({ scope: "template", instanceIndex: -1, targetComponent: "page" });
    for (const p of proposals) {
      expect(p.confidence).toBeGreaterThanOrEqual(0);
      expect(p.evidence.length).toBeGreaterThan(0);
    }
    const list = await call("GET", `/sites/${siteId}/mapping/snapshots?status=needs_review`, auth);
    expect(list.json.snapshots.map((s: { snapshotId: string }) => s.snapshotId)).toEqual([snap]);
    expectError(await call("GET", `/sites/${siteId}/mapping/snapshots?status=maybe`, auth), 400);

    // Approve.
    const title = find(proposals, 0, "title");
    const approved = await call("POST", `/mapping/proposals/${title.id}/decision`, { ...auth, body: { action: "approve" } });
    expect(approved.status).toBe(200);
    expect(approved.json.proposal).toMatchObject({ status: "approved", final: { component: "hero", field: "title", value: "Grow something wonderful" }, decidedBy: { email: ctx.owner.email } });
    expect(approved.json.proposal.decidedAt).toBeTruthy();
    expect(await auditFor(title.id, "mapping.approve")).toHaveLength(1);

    // Tweak: edit the value; a value of the wrong type never passes.
    const image = find(proposals, 0, "backgroundImage");
    expectError(await call("POST", `/mapping/proposals/${image.id}/decision`, { ...auth, body: { action: "tweak", value: "a sunset" } }), 422, MAPPING_MESSAGES.wrongValueType);
    const tweaked = await call("POST", `/mapping/proposals/${image.id}/decision`, { ...auth, body: { action: "tweak", value: "https://cdn.example/new-hero.jpg" } });
    expect(tweaked.json.proposal).toMatchObject({ status: "tweaked", final: { field: "backgroundImage", value: "https://cdn.example/new-hero.jpg" } });
    expectError(await call("POST", `/mapping/proposals/${find(proposals, 0, null, "component").id}/decision`, { ...auth, body: { action: "tweak", value: "x" } }), 400);

    // Override a field: the subtitle's source really is the button text.
    const subtitle = find(proposals, 0, "subtitle");
    expectError(await call("POST", `/mapping/proposals/${subtitle.id}/decision`, { ...auth, body: { action: "override" } }), 400, MAPPING_MESSAGES.overrideTargetRequired);
    expectError(await call("POST", `/mapping/proposals/${subtitle.id}/decision`, { ...auth, body: { action: "override", targetField: "colour" } }), 422, MAPPING_MESSAGES.unknownTargetField);
    expectError(await call("POST", `/mapping/proposals/${subtitle.id}/decision`, { ...auth, body: { action: "override", targetField: "buttonText", targetComponent: "quote" } }), 400, MAPPING_MESSAGES.overrideFieldOnComponent);
    expectValidationError(await call("POST", `/mapping/proposals/${subtitle.id}/decision`, { ...auth, body: { action: "maybe" } }), "action");
    const overridden = await call("POST", `/mapping/proposals/${subtitle.id}/decision`, { ...auth, body: { action: "override", targetField: "buttonText" } });
    expect(overridden.json.proposal).toMatchObject({ status: "overridden", final: { component: "hero", field: "buttonText", value: subtitle.value } });

    // Override a component: its fields are proposed again for the new definition.
    const quoteIndex = extraction.components.findIndex((c) => c.definition === "quote");
    const quoteHead = find(proposals, quoteIndex, null, "component");
    expectError(await call("POST", `/mapping/proposals/${quoteHead.id}/decision`, { ...auth, body: { action: "override", targetComponent: "nope" } }), 422, MAPPING_MESSAGES.unknownTargetComponent);
    await call("POST", `/mapping/proposals/${quoteHead.id}/decision`, { ...auth, body: { action: "override", targetComponent: "cta" } });
    const afterOverride = (await call("GET", `/mapping/snapshots/${snap}`, auth)).json.proposals as Proposal[];
    const quoteFields = afterOverride.filter((p) => p.instanceIndex === quoteIndex && p.scope === "field");
    expect(quoteFields.length).toBeGreaterThan(0);
    expect(quoteFields.every((p) => p.targetComponent === "cta" && p.status === "pending")).toBe(true);
    const quoteValues = extraction.components[quoteIndex].fields.map((f) => f.value);
    expect(quoteFields.filter((p) => p.value !== null).every((p) => quoteValues.includes(String(p.value)))).toBe(true);

    // Reject.
    const cardIndex = extraction.components.findIndex((c) => c.definition === "card");
    const summaryProposal = find(afterOverride, cardIndex, "summary");
    expect((await call("POST", `/mapping/proposals/${summaryProposal.id}/decision`, { ...auth, body: { action: "reject" } })).json.proposal).toMatchObject({ status: "rejected", final: null });

    // Bulk approve above a threshold.
    const bulk = await call("POST", `/mapping/snapshots/${snap}/bulk-approve`, { ...auth, body: { threshold: 0.5 } });
    expect(bulk.json.approved).toBeGreaterThan(5);
    expectValidationError(await call("POST", `/mapping/snapshots/${snap}/bulk-approve`, { ...auth, body: { threshold: 2 } }), "threshold");
    const afterBulk = (await call("GET", `/mapping/snapshots/${snap}`, auth)).json;
    expect(afterBulk.proposals.filter((p: Proposal) => p.status === "pending" && p.confidence >= 0.5 && p.value !== null)).toHaveLength(0);
    const decisions = await env.DB.prepare("SELECT action, user_id FROM mapping_decisions WHERE snapshot_id = ?").bind(snap).all<{ action: string; user_id: string }>();
    expect(decisions.results.length).toBe(5 + bulk.json.approved);
    expect(decisions.results.every((d) => d.user_id === ctx.owner.id)).toBe(true);

    // Calibration: what people approved unchanged, by confidence band.
    const cal = await call("GET", `/sites/${siteId}/mapping/calibration`, auth);
    expect(cal.json.totals.reviewed).toBe(5 + bulk.json.approved);
    expect(cal.json.totals.approvedUnchanged).toBe(1 + bulk.json.approved);
    expect(cal.json.bands).toHaveLength(8);
    expect(cal.json.bands.reduce((a: number, b: { proposals: number }) => a + b.proposals, 0)).toBe(cal.json.totals.proposals);

    // Memory: what people decided, by source signature.
    const memory = (await call("GET", `/sites/${siteId}/mapping/memory`, auth)).json.entries as { id: string; targetField: string | null; confirmations: number; rejections: number }[];
    expect(memory.find((e) => e.targetField === "buttonText" && e.confirmations === 1)).toBeDefined();
    expect(memory.find((e) => e.targetField === "subtitle" && e.rejections === 1)).toBeDefined();

    // The next run of the same page applies what was learned.
    await call("PUT", `/site-config/${siteId}`, { ...auth, body: { settings: { minConfidence: DEFAULT_MIN_CONFIDENCE } } });
    const next = `snap-${crypto.randomUUID()}`;
    const second = await storeAndMap(ctx, next);
    const nextProposals = (await call("GET", `/mapping/snapshots/${next}`, auth)).json.proposals as Proposal[];
    const learned = find(nextProposals, 0, "buttonText");
    expect(learned).toMatchObject({ layer: "memory", value: subtitle.value });
    expect(learned.confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE);
    expect(learned.evidence[0]).toMatch(/same source confirmed 1×/);
    expect(find(nextProposals, quoteIndex, null, "component")).toMatchObject({ targetComponent: "cta", layer: "memory" });
    expect(second.status).toBe(second.lowestConfidence !== null && second.lowestConfidence >= DEFAULT_MIN_CONFIDENCE ? "auto_applied" : "needs_review");

    // Forgetting a memory entry.
    const entry = memory.find((e) => e.targetField === "buttonText")!;
    expect((await call("DELETE", `/sites/${siteId}/mapping/memory/${entry.id}`, auth)).json).toEqual({ success: true });
    expectError(await call("DELETE", `/sites/${siteId}/mapping/memory/${entry.id}`, auth), 404);

    // Another organization sees none of it.
    const stranger = await newOwner("stranger");
    const theirs = { token: stranger.token, org: stranger.orgId };
    expectError(await call("GET", `/mapping/snapshots/${snap}`, theirs), 404, MAPPING_MESSAGES.snapshotNotMapped);
    expectError(await call("POST", `/mapping/proposals/${title.id}/decision`, { ...theirs, body: { action: "reject" } }), 404, MAPPING_MESSAGES.proposalNotFound);
    expectError(await call("GET", `/sites/${siteId}/mapping/calibration`, theirs), 404);
    expectError(await call("GET", `/mapping/snapshots/${snap}`), 401);
  }, 60_000);

  it("maps again on request, with memory preferred or alone", async () => {
    const ctx = await siteWithDefinitions(0.85);
    const snap = `snap-${crypto.randomUUID()}`;
    await storeAndMap(ctx, snap);
    const ragOnly = await call("POST", `/mapping/snapshots/${snap}/map`, { ...ctx.auth, body: { ragOnly: true } });
    expect(ragOnly.status).toBe(200);
    expect(ragOnly.json.status).toBe("needs_review");
    expect((ragOnly.json.proposals as Proposal[]).filter((p) => p.scope === "component").every((p) => p.targetComponent === null && p.confidence === 0)).toBe(true);
    // Options left out keep the ones the snapshot was mapped with; here memory alone is switched off again.
    const again = await call("POST", `/mapping/snapshots/${snap}/map`, { ...ctx.auth, body: { ragOnly: false } });
    expect((again.json.proposals as Proposal[]).map((p) => p.layer).filter((l) => l !== "heuristic")).toEqual([]);
    expect(await auditFor(snap, "mapping.remap")).toHaveLength(2);
  });

  it("is the migration run's mapper: auto-applied pages become a MappedPage, the rest wait for review", async () => {
    const ctx = await siteWithDefinitions(0);
    const site: SiteDefinitions = { organizationId: ctx.owner.orgId, siteId: ctx.siteId, domain: "www.greenleaf-garden.example", platform: "magnolia", components: wp.raw.components, templates: wp.raw.templates, settings: {} };
    const options = { overrideWhitelist: null, keepYamlFile: false, preferRagRuns: false, ragOnly: false, screenshots: false, skipUnchanged: false, concurrency: 1 };
    const record = (id: string) => ({ id, migrationId: `run-${id}`, url: URL_, finalUrl: URL_, title: extraction.title, contentHash: extraction.contentHash, screenshotKey: null, extractionKey: `mapping-tests/${id}.json` });
    const mapper = createSnapshotMapper(env, mappingSteps);
    const id = `snap-${crypto.randomUUID()}`;
    const page = await mapper.map({ snapshot: record(id), extraction, site, options });
    expect(page).toMatchObject({ sourceUrl: URL_, targetPath: "/", slug: "home", template: { definition: "page", targetId: "greenleaf:pages/page" }, title: "Grow something wonderful" });
    expect(page.components[0]).toMatchObject({ definition: "hero", targetId: "greenleaf:components/hero", area: "main" });
    expect(page.components[0].fields.title).toEqual({ type: "text", value: "Grow something wonderful" });
    expect(page.components[0].fields.buttonUrl).toMatchObject({ type: "link", value: "https://www.greenleaf-garden.example/plants/", alt: "Browse plants" });
    expect(page.fields?.metaDescription?.value).toBe(extraction.metaDescription);
    expect(page.assets.map((a) => a.url)).toContain("https://www.greenleaf-garden.example/wp-content/uploads/2024/03/spring-beds.jpg");
    // Handed over again after an interruption: same stored mapping, same page.
    expect(await mapper.map({ snapshot: record(id), extraction, site, options })).toEqual(page);

    await call("PUT", `/site-config/${ctx.siteId}`, { ...ctx.auth, body: { settings: { minConfidence: 1 } } });
    const waiting = mapper.map({ snapshot: record(`snap-${crypto.randomUUID()}`), extraction, site, options });
    await expect(waiting).rejects.toBeInstanceOf(PipelineError);
    await expect(waiting).rejects.toThrow(MAPPING_MESSAGES.waitingForReview);
  });
});

describe("prompt and model settings", () => {
  it("versions the site's prompt and resets it to the default", async () => {
    const { auth, siteId } = await ownerWithSite();
    expect((await call("GET", `/sites/${siteId}/mapping/prompt`, auth)).json).toMatchObject({ prompt: DEFAULT_MAPPING_PROMPT, version: 0, isDefault: true, versions: [] });
    const v1 = await call("PUT", `/sites/${siteId}/mapping/prompt`, { ...auth, body: { prompt: "Prefer Magnolia text components." } });
    expect(v1.json).toMatchObject({ prompt: "Prefer Magnolia text components.", version: 1, isDefault: false });
    await call("PUT", `/sites/${siteId}/mapping/prompt`, { ...auth, body: { prompt: "Second try." } });
    const reset = await call("POST", `/sites/${siteId}/mapping/prompt/reset`, auth);
    expect(reset.json).toMatchObject({ prompt: DEFAULT_MAPPING_PROMPT, version: 3, isDefault: true });
    expect(reset.json.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expectValidationError(await call("PUT", `/sites/${siteId}/mapping/prompt`, { ...auth, body: { prompt: "  " } }), "prompt");
    expect(await auditFor(siteId, "mapping-prompt.update")).toHaveLength(2);
    expect(await auditFor(siteId, "mapping-prompt.reset")).toHaveLength(1);
  });

  it("stores an OpenAI-compatible endpoint with its key encrypted and never returned", async () => {
    const { auth, siteId } = await ownerWithSite();
    expect((await call("GET", `/sites/${siteId}/mapping/settings`, auth)).json).toEqual({ llmProvider: "none", model: "", baseUrl: "", apiKey: "", workersAiAvailable: false, minConfidence: DEFAULT_MIN_CONFIDENCE });
    expectError(await call("PUT", `/sites/${siteId}/mapping/settings`, { ...auth, body: { llmProvider: "openai-compatible", model: "m" } }), 400, MAPPING_MESSAGES.llmBaseUrlRequired);
    const saved = await call("PUT", `/sites/${siteId}/mapping/settings`, { ...auth, body: { llmProvider: "openai-compatible", model: "llama-3.1-8b", baseUrl: "http://127.0.0.1:9/v1", apiKey: "sk-secret-123" } });
    expect(saved.json).toMatchObject({ llmProvider: "openai-compatible", apiKey: SECRET_MASK });
    const raw = await env.DB.prepare("SELECT api_key FROM mapping_settings WHERE site_id = ?").bind(siteId).first<{ api_key: string }>();
    expect(raw?.api_key).toMatch(/^enc:v1:/);
    expect(raw?.api_key).not.toContain("sk-secret-123");
    const kept = await call("PUT", `/sites/${siteId}/mapping/settings`, { ...auth, body: { llmProvider: "openai-compatible", model: "llama-3.1-8b", baseUrl: "http://127.0.0.1:9/v1", apiKey: SECRET_MASK } });
    expect(kept.json.apiKey).toBe(SECRET_MASK);
    expect((await env.DB.prepare("SELECT api_key FROM mapping_settings WHERE site_id = ?").bind(siteId).first<{ api_key: string }>())?.api_key).toBe(raw?.api_key);
    const model = await resolveLanguageModel(getDb(env.DB), env, siteId);
    expect(model).not.toBeNull();
    // Workers AI needs the AI binding, which only production has.
    await call("PUT", `/sites/${siteId}/mapping/settings`, { ...auth, body: { llmProvider: "workers-ai" } });
    expect(await resolveLanguageModel(getDb(env.DB), env, siteId)).toBeNull();
    const audit = await auditFor(siteId, "mapping-settings.update");
    expect(audit).toHaveLength(3);
    expect(audit.map((a) => `${a.before} ${a.after}`).join(" ")).not.toContain("sk-secret-123");
  });

  it("keeps the language model endpoint to the egress guard: private addresses refused on save and on every call", async () => {
    const { owner, auth, siteId } = await ownerWithSite();
    const strict = { ...env, EGRESS_ALLOW_PRIVATE: "false" };
    const session = await resolveSession(getDb(env.DB), owner.token);
    const save = (baseUrl: string) => saveMappingSettings(getDb(env.DB), strict, session!, owner.orgId, siteId, { llmProvider: "openai-compatible", model: "m", baseUrl, apiKey: "sk-private" });
    await expect(save("https://169.254.169.254/v1")).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/private, loopback or link-local/) });
    await expect(save("http://llm.example.com/v1")).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/https/) });
    // Saved where loopback is allowed (local development), then called under production's rules: refused before any request.
    expect((await call("PUT", `/sites/${siteId}/mapping/settings`, { ...auth, body: { llmProvider: "openai-compatible", model: "m", baseUrl: "http://127.0.0.1:9/v1", apiKey: "sk-private" } })).status).toBe(200);
    // The provider's own call (generateText would add retries and telemetry around the same request).
    const model = (await resolveLanguageModel(getDb(env.DB), strict, siteId)) as unknown as { doGenerate(options: unknown): Promise<unknown> };
    await expect(model.doGenerate({ prompt: [{ role: "user", content: [{ type: "text", text: "Hello" }] }] })).rejects.toThrow(/Credentials are only sent over https/);
  });

  it("numbers prompt versions saved at the same moment one after another", async () => {
    const { auth, siteId } = await ownerWithSite();
    const saves = await Promise.all([1, 2, 3].map((i) => call("PUT", `/sites/${siteId}/mapping/prompt`, { ...auth, body: { prompt: `Version ${i}` } })));
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200]);
    const got = await call("GET", `/sites/${siteId}/mapping/prompt`, auth);
    expect(got.json.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
  });
});
