import { describe, expect, it } from "vitest";
import { MIGRATION_MESSAGES } from "../../workers/contracts/run-events";
import { call, newOwner } from "../helpers";
import { fixtureSite, origin, startRun, TEMPLATES, waitForEnd, waitUntilIdle } from "./helpers";

describe("POST /migration/start validation (spec §5)", () => {
  it("requires a site id", async () => {
    const site = await fixtureSite();
    const missing = await call("POST", "/migration/start", { token: site.token, org: site.org, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe(MIGRATION_MESSAGES.siteIdRequired);
    const blank = await call("POST", "/migration/start", { token: site.token, org: site.org, body: { siteId: "  " } });
    expect(blank.json.error).toBe("Site ID is required");
  });

  it("requires template configurations unless the platform is types-only", async () => {
    const site = await fixtureSite({}, { templates: {} });
    const res = await call("POST", "/migration/start", { token: site.token, org: site.org, body: { siteId: site.siteId } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("No template configurations found for this site");

    const noComponents = await fixtureSite({}, { templates: TEMPLATES, components: {} });
    const res2 = await call("POST", "/migration/start", { token: noComponents.token, org: noComponents.org, body: { siteId: noComponents.siteId } });
    expect(res2.status).toBe(400);
    expect(res2.json.error).toBe("No component configurations found for this site");
  });

  it("does not ask a types-only platform for templates, but still for components", async () => {
    const site = await fixtureSite({}, { platform: "contentful", templates: {}, components: {} });
    const res = await call("POST", "/migration/start", { token: site.token, org: site.org, body: { siteId: site.siteId } });
    expect(res.json.error).toBe(MIGRATION_MESSAGES.noComponents);
  });

  it("refuses sites of another organization and callers without one", async () => {
    const site = await fixtureSite();
    const stranger = await newOwner("stranger");
    const res = await call("POST", "/migration/start", { token: stranger.token, org: stranger.orgId, body: { siteId: site.siteId } });
    expect(res.status).toBe(404);
    const noOrg = await call("POST", "/migration/start", { token: site.token, body: { siteId: site.siteId } });
    expect(noOrg.status).toBe(400);
    expect((await call("POST", "/migration/start", { body: { siteId: site.siteId } })).status).toBe(401);
  });
});

describe("the other migration calls without a run", () => {
  it("answer with the spec's texts", async () => {
    const site = await fixtureSite();
    const auth = { token: site.token, org: site.org };
    const active = await call("GET", `/migration/active/${site.siteId}`, auth);
    expect(active.status).toBe(404);
    expect(active.json).toEqual({ error: "No active migration found" });
    const cancel = await call("POST", `/migration/cancel/${crypto.randomUUID()}`, auth);
    expect(cancel.status).toBe(404);
    expect(cancel.json).toEqual({ error: "Could not find active migration to cancel" });
    expect((await call("GET", `/migration/result/${crypto.randomUUID()}`, auth)).status).toBe(404);
    expect((await call("GET", `/migration/logs/${site.siteId}`, auth)).json).toEqual({ logs: [] });
    expect((await call("GET", `/snapshots?siteId=${site.siteId}`, auth)).json).toEqual({ snapshots: [], total: 0 });
    expect((await call("GET", `/snapshots`, auth)).status).toBe(400);
    expect((await call("GET", `/migration/screenshot/${crypto.randomUUID()}`, auth)).json).toEqual({ error: MIGRATION_MESSAGES.snapshotNotFound });
  });
});

describe("runs that fail before rendering", () => {
  it("logs a clear error for a malformed sitemap and fails the run", async () => {
    const site = await fixtureSite({ sitemapUrl: `${origin}/sitemap-broken.xml` });
    const { stream, migrationId } = await startRun(site);
    const messages = await stream.rest();
    const last = messages.at(-1)!.event;
    const expected = `Sitemap ${origin}/sitemap-broken.xml is not valid XML: Expected closing tag 'url' (opened in line 3, col 3) instead of closing tag 'urlset' (line 4, column 3)`;
    expect(last).toEqual({ type: "error", migrationId, status: "failed", error: MIGRATION_MESSAGES.failed, details: expected, at: expect.any(Number) });
    const logs = await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org });
    expect(logs.json.logs).toContainEqual(expect.objectContaining({ level: "error", message: expected, url: `${origin}/sitemap-broken.xml`, migrationId }));
    const result = await call("GET", `/migration/result/${migrationId}`, { token: site.token, org: site.org });
    expect(result.json).toMatchObject({ success: false, migrationId, status: "failed" });
  });

  it("fails a run whose list has no page on the site's origin", async () => {
    const site = await fixtureSite({ urlList: ["https://elsewhere.example.org/a"] });
    const { stream } = await startRun(site);
    const last = (await stream.rest()).at(-1)!.event;
    expect(last).toMatchObject({ type: "error", status: "failed", details: `No pages to migrate: the list has no pages on ${origin}` });
    const logs = await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org });
    expect(logs.json.logs.map((l: { message: string }) => l.message)).toContain("Skipped: outside the site's origin");
  });

  it("answers 409 to a second start while a run is working, and lets a new one start after cancel", async () => {
    const site = await fixtureSite({ sitemapUrl: `${origin}/special/slow-sitemap?ms=4000`, concurrency: 1 });
    const { stream, migrationId } = await startRun(site);
    const second = await call("POST", "/migration/start", { token: site.token, org: site.org, body: { siteId: site.siteId } });
    expect(second.status).toBe(409);
    expect(second.json).toEqual({ error: MIGRATION_MESSAGES.alreadyRunning, details: { migrationId, status: "running" } });
    const active = await call("GET", `/migration/active/${site.siteId}`, { token: site.token, org: site.org });
    expect(active.json).toMatchObject({ migrationId, status: "running", progress: { processedCount: 0 } });
    const cancel = await call("POST", `/migration/cancel/${migrationId}`, { token: site.token, org: site.org });
    expect(cancel.json).toEqual({ success: true, message: "Migration cancelled successfully" });
    expect((await stream.rest()).at(-1)!.event.type).toBe("cancelled");
    expect((await waitForEnd(site, migrationId)).status).toBe("cancelled");
    const third = await startRun(site, { overrideWhitelist: ["https://elsewhere.example.org/"] });
    expect(third.migrationId).not.toBe(migrationId);
    await third.stream.rest();
    // The cancelled run's discovery finished after the cancel; nothing of it became pages.
    await waitUntilIdle(migrationId);
    const result = await call("GET", `/migration/result/${migrationId}`, { token: site.token, org: site.org });
    expect(result.json.summary).toMatchObject({ pages: 0, succeeded: 0 });
  });
});
