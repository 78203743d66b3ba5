/**
 * Target platform calls pass the egress guard: no private destination (directly or by redirect), no
 * credentials over plain http or on to another origin, no response body in errors; and platform URLs
 * that the guard would refuse are refused when the settings are saved.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../../workers/api";
import { EgressRefusedError } from "../../workers/lib/egress";
import { getDb } from "../../workers/db/client";
import { PLATFORM_URL_MESSAGES } from "../../workers/services/site-config";
import { CONNECTION_MESSAGES, testPlatformConnection } from "../../workers/services/target-platform";
import { createMagnoliaAdapter } from "../../workers/targets/adapters/magnolia";
import { type FetchLike, TargetHttpClient, TargetHttpError, safeReason } from "../../workers/targets/http-client";
import { expectError } from "../api/helpers";
import { LOCAL_EGRESS, strictEgress } from "../fixtures/egress";
import { call, newOwner } from "../helpers";

interface Seen {
  url: string;
  authorization: string | null;
}

/** A fake platform: answers by URL and records what reached it. */
function platform(routes: Record<string, () => Response>, seen: Seen[]): FetchLike {
  return async (input, init = {}) => {
    seen.push({ url: input, authorization: new Headers(init.headers).get("Authorization") });
    const route = routes[input];
    if (!route) throw new TypeError(`no route to ${input}`);
    return route();
  };
}

const client = (fetch: FetchLike, egress = strictEgress({ "internal.example.com": ["10.20.30.40"] })) =>
  new TargetHttpClient({ key: `egress-${crypto.randomUUID()}`, policy: null, egress, fetch, maxAttempts: 2, baseDelayMs: 1 });

const AUTH = { Authorization: "Basic c3VwZXJ1c2VyOnNlY3JldA==" };

describe("target platform calls", () => {
  it("refuse a redirect from the platform to a private address, and do not retry it", async () => {
    for (const location of ["http://169.254.169.254/latest/meta-data/", "https://[::ffff:a00:1]/", "https://internal.example.com/admin", "https://127.1/"]) {
      const seen: Seen[] = [];
      const fetch = platform({ "https://cms.example.com/.rest/nodes": () => new Response(null, { status: 302, headers: { Location: location } }) }, seen);
      await expect(client(fetch).request("https://cms.example.com/.rest/nodes", { headers: AUTH })).rejects.toBeInstanceOf(EgressRefusedError);
      expect(seen.map((s) => s.url)).toEqual(["https://cms.example.com/.rest/nodes"]);
    }
  });

  it("keep Authorization on the platform's origin and never send it to another", async () => {
    const seen: Seen[] = [];
    const fetch = platform(
      {
        "https://cms.example.com/api": () => new Response(null, { status: 301, headers: { Location: "/api/" } }),
        "https://cms.example.com/api/": () => new Response(null, { status: 302, headers: { Location: "https://collector.example.net/steal" } }),
        "https://collector.example.net/steal": () => Response.json({ ok: true }),
      },
      seen,
    );
    await client(fetch).request("https://cms.example.com/api", { headers: AUTH });
    expect(seen).toEqual([
      { url: "https://cms.example.com/api", authorization: AUTH.Authorization },
      { url: "https://cms.example.com/api/", authorization: AUTH.Authorization },
      { url: "https://collector.example.net/steal", authorization: null },
    ]);
  });

  it("refuse plain http and literal private addresses before anything is sent, unless the local setting is on", async () => {
    for (const url of ["http://cms.example.com/.rest", "https://10.0.0.5/.rest", "https://[fd00::1]/.rest", "https://localhost/.rest"]) {
      const seen: Seen[] = [];
      const fetch = platform({ [url]: () => new Response("ok") }, seen);
      await expect(client(fetch).request(url, { headers: AUTH })).rejects.toBeInstanceOf(EgressRefusedError);
      expect(seen, url).toEqual([]);
      // Local development (fixture platforms on loopback): the same call goes through.
      expect(await (await client(fetch, LOCAL_EGRESS).request(url, { headers: AUTH })).text()).toBe("ok");
    }
  });

  it("refuse a platform URL that resolves to a private address", async () => {
    const seen: Seen[] = [];
    const fetch = platform({ "https://internal.example.com/.rest": () => new Response("ok") }, seen);
    await expect(client(fetch).request("https://internal.example.com/.rest")).rejects.toThrow(/resolves to 10\.20\.30\.40/);
    expect(seen).toEqual([]);
  });

  it("never put the response body into an error", async () => {
    const secret = "root:x:0:0 INTERNAL-SECRET-7f3a";
    const cases: [Response, RegExp][] = [
      [new Response(`<html>${secret}</html>`, { status: 400, statusText: secret }), /failed with 400 \(Bad Request\)/],
      [Response.json({ code: "rest_invalid_param", message: secret }, { status: 400 }), /failed with 400 \(rest_invalid_param\)/],
      [Response.json({ sys: { type: "Error", id: "ValidationFailed" }, message: secret }, { status: 422 }), /\(ValidationFailed\)/],
      [Response.json({ error: { type: "mutationError", description: secret } }, { status: 409 }), /\(mutationError\)/],
      [Response.json({ code: secret }, { status: 403 }), /failed with 403 \(Forbidden\)/],
      [new Response(secret, { status: 502 }), /failed with 502 \(Bad Gateway\) after 2 attempt/],
    ];
    for (const [answer, expected] of cases) {
      const fetch: FetchLike = async () => answer.clone();
      const err = await client(fetch).request("https://cms.example.com/x").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TargetHttpError);
      const error = err as TargetHttpError;
      expect(error.message).toMatch(expected);
      expect(error.message).not.toContain("INTERNAL-SECRET");
      expect(JSON.stringify({ ...error })).not.toContain("INTERNAL-SECRET");
    }
    expect(safeReason(418, "teapot")).toBe("HTTP 418");
  });

  it("refuse through the adapter too: a Magnolia author URL on a private address is never called", async () => {
    const seen: Seen[] = [];
    const fetch = platform({}, seen);
    const adapter = createMagnoliaAdapter({ config: { authorUrl: "https://192.168.1.10/magnoliaAuthor", authorUsername: "u", authorPassword: "p" }, siteSlug: "s", fetch, egress: strictEgress() });
    await expect(adapter.testConnection()).rejects.toBeInstanceOf(EgressRefusedError);
    expect(seen).toEqual([]);
  });
});

/** The Worker's bindings as deployed: no local setting (and a secrets key of its own, as production requires). */
const production = { ...env, ENVIRONMENT: "production", EGRESS_ALLOW_PRIVATE: undefined, SECRETS_KEY: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))) };
/** Local development without the explicit setting: the guard blocks just the same. */
const withoutSetting = { ...env, EGRESS_ALLOW_PRIVATE: undefined };

async function ownerWithSite() {
  const owner = await newOwner("egress");
  const created = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Egress", domain: "www.egress.test" } });
  return { ...owner, siteId: created.json.site.id as string };
}

/** PUT /site-config under the production bindings, answered by the API app itself. */
async function saveInProduction(o: { token: string; orgId: string; siteId: string }, platform: string, platformConfig: Record<string, unknown>) {
  const res = await api.request(
    `/api/v1/site-config/${o.siteId}`,
    { method: "PUT", headers: { Authorization: `Bearer ${o.token}`, "X-Organization-Id": o.orgId, "Content-Type": "application/json" }, body: JSON.stringify({ platform, platformConfig }) },
    production,
  );
  return { status: res.status, json: (await res.json()) as Record<string, any>, headers: res.headers };
}

describe("saving target platform settings", () => {
  it("refuses URLs the guard would refuse, with a 400 in the API's error shape, and keeps what was saved", async () => {
    const o = await ownerWithSite();
    const good = await saveInProduction(o, "magnolia", { authorUrl: "https://author.example.com/magnoliaAuthor", authorUsername: "u", authorPassword: "p" });
    expect(good.status, JSON.stringify(good.json)).toBe(200);
    const refused: [string, string, Record<string, unknown>, string][] = [
      ["magnolia", "authorUrl", { authorUrl: "http://author.example.com/magnoliaAuthor" }, PLATFORM_URL_MESSAGES["plain-http"]("Author URL")],
      ["magnolia", "authorUrl", { authorUrl: "https://admin:secret@author.example.com/" }, PLATFORM_URL_MESSAGES.credentials("Author URL")],
      ["magnolia", "authorUrl", { authorUrl: "https://169.254.169.254/latest" }, PLATFORM_URL_MESSAGES["private-address"]("Author URL")],
      ["magnolia", "authorUrl", { authorUrl: "https://[::ffff:7f00:1]:8080/" }, PLATFORM_URL_MESSAGES["private-address"]("Author URL")],
      ["aem", "authorUrl", { authorUrl: "https://0x7f.1/" }, PLATFORM_URL_MESSAGES["private-address"]("Author URL")],
      ["wordpress", "restUrl", { restUrl: "https://localhost/wp-json" }, PLATFORM_URL_MESSAGES["private-address"]("REST URL")],
    ];
    for (const [platformSlug, field, config, message] of refused) {
      const res = await saveInProduction(o, platformSlug, config);
      expectError(res, 400, message);
      expect(res.json.details).toEqual([{ path: field, message }]);
    }
    const stored = await getDb(env.DB).query.siteConfigs.findFirst({ where: (t, { eq }) => eq(t.siteId, o.siteId) });
    expect(stored).toMatchObject({ platform: "magnolia", platformConfig: expect.objectContaining({ authorUrl: "https://author.example.com/magnoliaAuthor" }) });
    expect(PLATFORM_URL_MESSAGES["plain-http"]("Author URL")).toBe("Author URL must start with https://: credentials are only sent over an encrypted connection");
  });

  it("saves the URLs where pages are shown (Magnolia's public instance, Sanity's preview) over plain http: no credentials go there", async () => {
    const o = await ownerWithSite();
    const magnolia = await saveInProduction(o, "magnolia", { authorUrl: "https://author.example.com/magnoliaAuthor", publicUrl: "http://www.example.com/magnoliaPublic" });
    expect(magnolia.status, JSON.stringify(magnolia.json)).toBe(200);
    expect(magnolia.json.platformConfig.publicUrl).toBe("http://www.example.com/magnoliaPublic");
    const sanity = await saveInProduction(o, "sanity", { projectId: "p", dataset: "production", token: "t", previewBaseUrl: "http://front.example.com", previewUrlTemplate: "/{slug}" });
    expect(sanity.status, JSON.stringify(sanity.json)).toBe(200);
    expect(sanity.json.platformConfig).toMatchObject({ previewBaseUrl: "http://front.example.com", previewUrlTemplate: "/{slug}" });
  });

  it("accepts loopback http URLs with the local setting, but never credentials in the URL", async () => {
    const o = await ownerWithSite();
    const ok = await call("PUT", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId, body: { platform: "wordpress", platformConfig: { restUrl: "http://127.0.0.1:8080/wp-json" } } });
    expect(ok.status).toBe(200);
    const bad = await call("PUT", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId, body: { platform: "wordpress", platformConfig: { restUrl: "http://admin:pw@127.0.0.1:8080/wp-json" } } });
    expectError(bad, 400, PLATFORM_URL_MESSAGES.credentials("REST URL"));
  });

  it("a URL saved before the rule is refused at call time: the connection test never reaches it", async () => {
    const o = await ownerWithSite();
    await call("PUT", `/site-config/${o.siteId}`, { token: o.token, org: o.orgId, body: { platform: "magnolia", platformConfig: { authorUrl: "http://127.0.0.1:9/magnoliaAuthor", authorUsername: "u", authorPassword: "p" } } });
    const seen: Seen[] = [];
    const fetch = platform({}, seen);
    expect(await testPlatformConnection(getDb(env.DB), withoutSetting, o.orgId, o.siteId, fetch)).toEqual({ success: false, message: CONNECTION_MESSAGES.unableToConnect("Magnolia") });
    expect(seen).toEqual([]);
    // With the local setting the same configuration is called (and the fake answers nothing).
    await testPlatformConnection(getDb(env.DB), env, o.orgId, o.siteId, fetch);
    expect(seen.length).toBeGreaterThan(0);
  });
});
