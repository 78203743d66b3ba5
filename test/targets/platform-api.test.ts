/**
 * The platform routes: test-connection with the spec's texts, capabilities with labels and entry
 * modeling, permission scoping, and the migration engine's writer hook.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { PLATFORMS } from "../../workers/contracts/platforms";
import { CONNECTION_MESSAGES } from "../../workers/services/target-platform";
import { createTargetPipelineWriter } from "../../workers/runs/target-pipeline-writer";
import { call, newOwner } from "../helpers";
import { fakeFetch } from "../fixtures/targets/fake-base";
import { FakeMagnolia } from "../fixtures/targets/fake-magnolia";
import { SOURCE_HOST, mappedPage, sourceSite } from "../fixtures/targets/pages";

async function site(platform: string | null, platformConfig: Record<string, unknown> = {}) {
  const owner = await newOwner("platform");
  const created = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "P", domain: "www.p.test" } });
  const siteId = created.json.site.id as string;
  if (platform) await call("PUT", `/site-config/${siteId}`, { token: owner.token, org: owner.orgId, body: { platform, platformConfig } });
  return { owner, siteId };
}

describe("platform API", () => {
  it("answers 'Platform connection not configured' until the required fields are set", async () => {
    const { owner, siteId } = await site("contentful", { spaceId: "s" });
    const res = await call("POST", `/platform/${siteId}/test-connection`, { token: owner.token, org: owner.orgId });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: false, message: CONNECTION_MESSAGES.notConfigured });
    expect(CONNECTION_MESSAGES.notConfigured).toBe("Platform connection not configured");
    const none = await site(null);
    expect((await call("POST", `/platform/${none.siteId}/test-connection`, { token: none.owner.token, org: none.owner.orgId })).json).toEqual({ success: false, message: "Platform connection not configured" });
  });

  it("answers 'Unable to connect to {platform}' when the platform cannot be reached", async () => {
    const { owner, siteId } = await site("magnolia", { authorUrl: "http://127.0.0.1:9/magnoliaAuthor", authorUsername: "u", authorPassword: "p" });
    const res = await call("POST", `/platform/${siteId}/test-connection`, { token: owner.token, org: owner.orgId });
    expect(res.json).toEqual({ success: false, message: "Unable to connect to Magnolia" });
  }, 120_000);

  it("export-only platforms need no connection", async () => {
    const { owner, siteId } = await site("strapi");
    const res = await call("POST", `/platform/${siteId}/test-connection`, { token: owner.token, org: owner.orgId });
    expect(res.json.success).toBe(true);
  });

  it("returns capabilities with the platform's labels and entry modeling", async () => {
    for (const [platform, config] of [["contentful", { spaceId: "s", environmentId: "master", managementToken: "t" }], ["storyblok", {}], ["sanity", {}], ["magnolia", {}], ["aem", {}], ["wordpress", {}], ["joomla", {}]] as const) {
      const { owner, siteId } = await site(platform, config);
      const res = await call("GET", `/platform/${siteId}/capabilities`, { token: owner.token, org: owner.orgId });
      const meta = PLATFORMS.find((p) => p.slug === platform)!;
      expect(res.status).toBe(200);
      expect(res.json.capabilities).toMatchObject({ platform, displayName: meta.displayName, labels: meta.labels, entryModeling: meta.capabilities.entryModeling });
    }
    const types = await site("sanity");
    expect((await call("GET", `/platform/${types.siteId}/capabilities`, { token: types.owner.token, org: types.owner.orgId })).json.capabilities.entryModeling).toBe("types-only");
  });

  it("answers a dry run on a site without a target platform with 409, not 500", async () => {
    const { owner, siteId } = await site(null);
    const res = await call("POST", `/platform/${siteId}/dry-run`, { token: owner.token, org: owner.orgId, body: { pages: [mappedPage("/about")] } });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "The site has no target platform configured" });
  });

  it("keeps platform routes inside the caller's organization", async () => {
    const { siteId } = await site("wordpress", { restUrl: "http://127.0.0.1:9/wp-json" });
    const other = await newOwner("other");
    expect((await call("POST", `/platform/${siteId}/test-connection`, { token: other.token, org: other.orgId })).status).toBe(404);
    expect((await call("GET", `/platform/${siteId}/capabilities`, { token: other.token, org: other.orgId })).status).toBe(404);
    expect((await call("POST", `/platform/${siteId}/test-connection`)).status).toBe(401);
    expect((await call("GET", `/migration/${crypto.randomUUID()}/redirects.csv`, { token: other.token, org: other.orgId })).json).toEqual({ error: "Migration not found" });
  });

  it("rejects a dry run with invalid pages", async () => {
    const { owner, siteId } = await site("strapi");
    const res = await call("POST", `/platform/${siteId}/dry-run`, { token: owner.token, org: owner.orgId, body: { pages: [{ sourceUrl: "nope" }] } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBeTruthy();
  });

  it("plans a page whose target path holds a malformed escape instead of failing with 500", async () => {
    const { owner, siteId } = await site("magnolia", { authorUrl: "https://magnolia.test/author", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site" });
    const res = await call("POST", `/platform/${siteId}/dry-run`, { token: owner.token, org: owner.orgId, body: { pages: [mappedPage("/news/100%25-%E0%A4%A/x%")] } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.json)).toContain("/site/news/");
  });

  it("serves the migration engine: writes a mapped page, reports DAM progress, publishes, and builds the YAML on download", async () => {
    const fake = new FakeMagnolia();
    const { owner, siteId } = await site("magnolia", { authorUrl: "https://magnolia.test/author", authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/site" });
    const writer = createTargetPipelineWriter(env, "magnolia", fakeFetch({ "magnolia.test": fake.handle, [SOURCE_HOST]: sourceSite }))!;
    const migrationId = crypto.randomUUID();
    const progress: { processed: number; total: number }[] = [];
    const input = (path: string) => ({
      mapped: mappedPage(path, {}, "m:pages/p", "m:components/hero"),
      snapshot: { id: "s", migrationId, url: `https://${SOURCE_HOST}${path}`, finalUrl: `https://${SOURCE_HOST}${path}`, title: "", contentHash: "h", screenshotKey: null, extractionKey: "k" },
      extraction: {} as never,
      site: { organizationId: owner.orgId, siteId, domain: "www.p.test", platform: "magnolia", components: {}, templates: {}, settings: {} },
      options: { overrideWhitelist: null, keepYamlFile: true, preferRagRuns: false, ragOnly: false, screenshots: false, skipUnchanged: true, concurrency: 1 },
      reportAssets: (p: { processed: number; total: number }) => progress.push(p),
    });
    const result = await writer.write(input("/about"));
    expect(result).toMatchObject({ targetId: "/site/about", components: 1 });
    expect(progress.at(-1)).toEqual({ processed: 2, total: 2 });
    expect(fake.activated.map((a) => a.path)).toContain("/site/about");
    await writer.write(input("/about/team"));
    const yaml = await call("GET", `/migration/${migrationId}/magnolia.yaml`, { token: owner.token, org: owner.orgId });
    expect(yaml.status).toBe(200);
    const tree = parseYaml(yaml.json as string) as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    expect(tree.site.about.team).toMatchObject({ "jcr:primaryType": "mgnl:page", title: "Title of /about/team" });
    expect(createTargetPipelineWriter(env, null)).toBeNull();
  });

  it("fails a page for good when the platform connection is not configured", async () => {
    const { owner, siteId } = await site("contentful", { spaceId: "only-the-space" });
    const writer = createTargetPipelineWriter(env, "contentful")!;
    const attempt = writer.write({
      mapped: mappedPage("/x"),
      snapshot: { id: "s", migrationId: crypto.randomUUID(), url: "https://source.test/x", finalUrl: "https://source.test/x", title: "", contentHash: "h", screenshotKey: null, extractionKey: "k" },
      extraction: {} as never,
      site: { organizationId: owner.orgId, siteId, domain: "www.p.test", platform: "contentful", components: {}, templates: {}, settings: {} },
      options: { overrideWhitelist: null, keepYamlFile: false, preferRagRuns: false, ragOnly: false, screenshots: false, skipUnchanged: true, concurrency: 1 },
      reportAssets: () => {},
    });
    await expect(attempt).rejects.toMatchObject({ name: "PipelineError", message: "Platform connection not configured", retryable: false });
  });
});
