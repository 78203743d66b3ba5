import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "../../workers/contracts/platforms";
import { getDb } from "../../workers/db/client";
import { siteConfigs } from "../../workers/db/schema";
import { ORG_MESSAGES } from "../../workers/services/organizations";
import { readPlatformSecrets } from "../../workers/services/site-config";
import { SITE_MESSAGES } from "../../workers/services/sites";
import { auditFor, call, expectError, expectValidationError, newOwner } from "./helpers";

async function ownerWithSite(prefix = "cfg") {
  const owner = await newOwner(prefix);
  const site = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: `${prefix} site`, domain: "www.example.com" } });
  return { ...owner, siteId: site.json.site.id as string };
}

async function rawConfig(siteId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT platform_config FROM site_configs WHERE site_id = ?").bind(siteId).first<{ platform_config: string }>();
  return row!.platform_config;
}

async function storedSecrets(siteId: string): Promise<Record<string, unknown>> {
  const row = await getDb(env.DB).query.siteConfigs.findFirst({ where: eq(siteConfigs.siteId, siteId) });
  return readPlatformSecrets(env, row!);
}

describe("GET /site-config", () => {
  it("lists the organization's configurations and reads one", async () => {
    const o = await ownerWithSite();
    const list = await call("GET", "/site-config", { token: o.token, org: o.orgId });
    expect(list.status).toBe(200);
    expect(list.json.siteConfigs).toEqual([
      expect.objectContaining({ siteId: o.siteId, platform: null, platformConfig: {}, isConfigured: false, name: "cfg site", organizationId: o.orgId }),
    ]);
    const one = await call("GET", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId });
    expect(one.status).toBe(200);
    expect(one.json).toEqual(list.json.siteConfigs[0]);
  });
});

describe("PUT /site-config/{siteId}", () => {
  it("encrypts secrets at rest, returns them masked, and keeps them when the mask comes back", async () => {
    const o = await ownerWithSite();
    const put = (platformConfig: Record<string, unknown>) =>
      call("PUT", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId, body: { platform: "magnolia", platformConfig } });

    const saved = await put({ authorUrl: "https://author.example.com/magnoliaAuthor", authorUsername: "superuser", authorPassword: "pl4intext-Secret", siteRootPath: "/travel" });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      platform: "magnolia",
      isConfigured: true,
      platformConfig: { authorUrl: "https://author.example.com/magnoliaAuthor", authorUsername: "superuser", authorPassword: SECRET_MASK, siteRootPath: "/travel", assetProcessingMode: "dam" },
    });
    const raw = await rawConfig(o.siteId);
    expect(raw).not.toContain("pl4intext-Secret");
    expect(JSON.parse(raw).authorPassword).toMatch(/^enc:v1:/);
    expect((await storedSecrets(o.siteId)).authorPassword).toBe("pl4intext-Secret");
    expect((await call("GET", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId })).json.platformConfig.authorPassword).toBe(SECRET_MASK);
    expect((await call("GET", "/site-config", { token: o.token, org: o.orgId })).json.siteConfigs[0].platformConfig.authorPassword).toBe(SECRET_MASK);

    // The mask sent back (or the field left out) keeps the stored secret.
    const again = await put({ authorUrl: "https://author2.example.com", authorPassword: SECRET_MASK, assetProcessingMode: "zip" });
    expect(again.json.platformConfig).toEqual({ authorUrl: "https://author2.example.com", authorPassword: SECRET_MASK, assetProcessingMode: "zip" });
    expect((await storedSecrets(o.siteId)).authorPassword).toBe("pl4intext-Secret");
    await put({ authorUrl: "https://author2.example.com" });
    expect((await storedSecrets(o.siteId)).authorPassword).toBe("pl4intext-Secret");

    // A new value replaces it; an empty string clears it.
    await put({ authorPassword: "n3w-Secret" });
    expect((await storedSecrets(o.siteId)).authorPassword).toBe("n3w-Secret");
    const cleared = await put({ authorPassword: "" });
    expect(cleared.json.platformConfig).not.toHaveProperty("authorPassword");

    // The audit trail never holds a plaintext secret.
    const audits = await auditFor(o.siteId, "site-config.update");
    expect(audits.length).toBe(5);
    for (const a of audits) {
      expect(a.actor_user_id).toBe(o.id);
      expect(`${a.before}${a.after}`).not.toMatch(/pl4intext-Secret|n3w-Secret|enc:v1:/);
    }
    expect(JSON.parse(audits[0].after!).platformConfig.authorPassword).toBe(SECRET_MASK);
  });

  it("validates per platform and rejects unknown keys", async () => {
    const o = await ownerWithSite();
    const put = (platform: string, platformConfig: Record<string, unknown>) =>
      call("PUT", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId, body: { platform, platformConfig } });

    expectValidationError(await put("magnolia", { siteRootPath: "travel" }), "siteRootPath");
    expectError(await put("magnolia", { siteRootPath: "travel" }), 400, "siteRootPath must be an absolute path starting with /");
    expectValidationError(await put("magnolia", { assetProcessingMode: "cloud" }), "assetProcessingMode");
    expectValidationError(await put("magnolia", { authorUrl: "ftp://author" }), "authorUrl");
    expectValidationError(await put("magnolia", { publicUrl: "www.example.com/magnoliaPublic" }), "publicUrl");
    expectError(await put("magnolia", { publicUrl: "javascript:alert(1)" }), 400, "Must be an http(s) URL");
    expectValidationError(await put("sanity", { previewBaseUrl: "ftp://front.example.com" }), "previewBaseUrl");
    expectValidationError(await put("sanity", { appendPreviewQuery: "yes" }), "appendPreviewQuery");
    expectValidationError(await put("storyblok", { region: "ap" }), "region");
    expectValidationError(await put("contentful", { uploadAssets: "yes" }), "uploadAssets");
    const unknown = await put("wordpress", { restUrl: "https://example.com/wp-json", favouriteColour: "blue" });
    expectError(unknown, 400);
    expect(JSON.stringify(unknown.json.details)).toContain("favouriteColour");
    expectError(await put("drupal", { anything: "x" }), 400);
    expectValidationError(await put("notacms", {}), "platform");
    expectValidationError(await call("PUT", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId, body: { settings: { concurrency: 99 } } }), "settings.concurrency");

    // Nothing was saved by the failed attempts.
    const cfg = await call("GET", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId });
    expect(cfg.json).toMatchObject({ platform: null, platformConfig: {} });

    for (const region of ["us", "eu"]) {
      const ok = await put("storyblok", { spaceId: "123", managementToken: "sb-token", region });
      expect(ok.status).toBe(200);
      expect(ok.json.platformConfig).toEqual({ spaceId: "123", managementToken: SECRET_MASK, region });
    }
    for (const mode of ["none", "zip", "dam"]) {
      expect((await put("aem", { authorUrl: "https://aem.example.com", assetProcessingMode: mode })).json.platformConfig.assetProcessingMode).toBe(mode);
    }
    expect((await put("drupal", {})).json).toMatchObject({ platform: "drupal", platformConfig: {}, isConfigured: true });
  });

  it("masks the secrets of every platform that has them", async () => {
    const o = await ownerWithSite();
    const cases: [string, Record<string, unknown>, string[]][] = [
      ["aem", { authorUrl: "https://aem.example.com", username: "admin", password: "aem-s3cret" }, ["password"]],
      ["wordpress", { restUrl: "https://wp.example.com/wp-json", username: "editor", applicationPassword: "wp-s3cret" }, ["applicationPassword"]],
      ["contentful", { spaceId: "sp", environmentId: "master", managementToken: "cf-mgmt-s3cret", deliveryToken: "cf-dlv-s3cret", appendPreviewQuery: true }, ["managementToken", "deliveryToken"]],
      ["sanity", { projectId: "p1", dataset: "production", token: "sanity-s3cret", apiVersion: "2025-02-19" }, ["token"]],
    ];
    for (const [platform, platformConfig, secrets] of cases) {
      const res = await call("PUT", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId, body: { platform, platformConfig } });
      expect(res.status, platform).toBe(200);
      expect(res.json.isConfigured, platform).toBe(true);
      const raw = await rawConfig(o.siteId);
      for (const name of secrets) {
        expect(res.json.platformConfig[name]).toBe(SECRET_MASK);
        expect(raw).not.toContain(String(platformConfig[name]));
        expect((await storedSecrets(o.siteId))[name]).toBe(platformConfig[name]);
      }
    }
  });

  it("switching platform drops the old platform's fields and secrets", async () => {
    const o = await ownerWithSite();
    const opts = { token: o.token, org: o.orgId };
    await call("PUT", `/site-config/${o.siteId}`, { ...opts, body: { platform: "magnolia", platformConfig: { authorUrl: "https://m.example.com", authorPassword: "magnolia-s3cret" } } });
    const switched = await call("PUT", `/site-config/${o.siteId}`, { ...opts, body: { platform: "storyblok", platformConfig: { spaceId: "42", authorPassword: SECRET_MASK } } });
    expectError(switched, 400); // authorPassword is not a Storyblok field
    const ok = await call("PUT", `/site-config/${o.siteId}`, { ...opts, body: { platform: "storyblok" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ platform: "storyblok", platformConfig: {}, isConfigured: false });
    expect(await rawConfig(o.siteId)).not.toMatch(/magnolia-s3cret|enc:v1:|authorUrl/);
    const none = await call("PUT", `/site-config/${o.siteId}`, { ...opts, body: { platform: null } });
    expect(none.json).toMatchObject({ platform: null, platformConfig: {}, isConfigured: false });
  });

  it("saves components, templates, settings, name and icon", async () => {
    const o = await ownerWithSite();
    const body = {
      components: { hero: { selector: ".hero" } },
      templates: [{ name: "article" }],
      settings: { sitemapUrl: "https://www.example.com/sitemap.xml", concurrency: 4, minConfidence: 0.8 },
      name: "Renamed site",
      iconUrl: "https://www.example.com/favicon.ico",
    };
    const res = await call("PUT", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId, body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(body);
    expect((await call("GET", "/sites", { token: o.token, org: o.orgId })).json.sites[0].name).toBe("Renamed site");
  });

  it("requires a token and keeps configurations inside their organization", async () => {
    const o = await ownerWithSite("mine");
    const other = await ownerWithSite("theirs");
    expectError(await call("GET", "/site-config", { org: o.orgId }), 401);
    expectError(await call("GET", `/site-config/${o.siteId}`, { org: o.orgId }), 401);
    expectError(await call("PUT", `/site-config/${o.siteId}`, { org: o.orgId, body: { platform: "drupal" } }), 401);
    expectError(await call("GET", "/site-config", { token: o.token }), 400);

    for (const [method, path, body] of [
      ["GET", "/site-config", undefined],
      ["GET", `/site-config/${o.siteId}`, undefined],
      ["PUT", `/site-config/${o.siteId}`, { platform: "drupal" }],
    ] as const) {
      expectError(await call(method, path, { token: other.token, org: o.orgId, body }), 403, ORG_MESSAGES.notMember);
    }
    expectError(await call("GET", `/site-config/${o.siteId}`, { token: other.token, org: other.orgId }), 404, SITE_MESSAGES.notFound);
    expectError(await call("PUT", `/site-config/${o.siteId}`, { token: other.token, org: other.orgId, body: { platform: "drupal" } }), 404);
    expect((await call("GET", "/site-config", { token: other.token, org: other.orgId })).json.siteConfigs.map((c: { siteId: string }) => c.siteId)).toEqual([other.siteId]);
    expect((await call("GET", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId })).json.platform).toBeNull();
  });
});
