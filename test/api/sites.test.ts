import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NO_ACTIVE_ORGANIZATION } from "../../workers/api/middleware/auth";
import { PERMISSION_MESSAGES } from "../../workers/contracts/permissions";
import { ORG_MESSAGES } from "../../workers/services/organizations";
import { SITE_MESSAGES } from "../../workers/services/sites";
import { auditFor, auditJson, call, expectError, expectValidationError, newMember, newOwner } from "./helpers";

describe("sites", () => {
  it("creates, lists, updates and deletes a site, auditing each write", async () => {
    const owner = await newOwner("sites");
    const created = await call("POST", "/sites", {
      token: owner.token,
      org: owner.orgId,
      body: { name: " Marketing site ", domain: "https://WWW.Example.com/some/path", iconUrl: "https://www.example.com/icon.png" },
    });
    expect(created.status).toBe(201);
    const site = created.json.site;
    expect(site).toMatchObject({
      name: "Marketing site",
      domain: "www.example.com",
      iconUrl: "https://www.example.com/icon.png",
      organizationId: owner.orgId,
      organization: { id: owner.orgId, name: "sites org" },
    });
    const config = await env.DB.prepare("SELECT organization_id FROM site_configs WHERE site_id = ?").bind(site.id).first<{ organization_id: string }>();
    expect(config?.organization_id).toBe(owner.orgId);

    const list = await call("GET", "/sites", { token: owner.token, org: owner.orgId });
    expect(list.status).toBe(200);
    expect(list.json.sites).toEqual([site]);
    const projects = await call("GET", "/projects", { token: owner.token });
    expect(projects.json.sites.map((s: { id: string }) => s.id)).toEqual([site.id]);

    const updated = await call("PUT", `/sites/${site.id}`, { token: owner.token, org: owner.orgId, body: { name: "Renamed", iconUrl: "" } });
    expect(updated.status).toBe(200);
    expect(updated.json.site).toMatchObject({ id: site.id, name: "Renamed", domain: "www.example.com", iconUrl: null });
    const [upd] = await auditFor(site.id, "site.update");
    expect(upd).toMatchObject({ actor_user_id: owner.id, organization_id: owner.orgId });
    expect(auditJson(upd.before)).toEqual({ name: "Marketing site", domain: "www.example.com", iconUrl: "https://www.example.com/icon.png" });
    expect(auditJson(upd.after)).toEqual({ name: "Renamed", iconUrl: null });

    const del = await call("DELETE", `/sites/${site.id}`, { token: owner.token, org: owner.orgId });
    expect(del.status).toBe(200);
    expect((await call("GET", "/sites", { token: owner.token, org: owner.orgId })).json.sites).toEqual([]);
    expect(await env.DB.prepare("SELECT id FROM site_configs WHERE site_id = ?").bind(site.id).first()).toBeNull();
    expect((await auditFor(site.id)).map((a) => a.action)).toEqual(["site.create", "site.update", "site.delete"]);
    expectError(await call("DELETE", `/sites/${site.id}`, { token: owner.token, org: owner.orgId }), 404, SITE_MESSAGES.notFound);
  });

  it("lets an ADMIN create sites, and a MEMBER read them but not create one", async () => {
    const owner = await newOwner();
    const admin = await newMember(owner.token, owner.orgId, "ADMIN");
    const member = await newMember(owner.token, owner.orgId, "MEMBER");
    const res = await call("POST", "/sites", { token: admin.token, org: owner.orgId, body: { name: "By admin", domain: "localhost:8787" } });
    expect(res.status).toBe(201);
    expect(res.json.site.domain).toBe("localhost:8787");
    expectError(await call("POST", "/sites", { token: member.token, org: owner.orgId, body: { name: "By member", domain: "www.example.com" } }), 403, PERMISSION_MESSAGES.adminRequired);
    expect((await call("GET", "/sites", { token: member.token, org: owner.orgId })).json.sites.map((s: { id: string }) => s.id)).toEqual([res.json.site.id]);
  });

  it("validates the body", async () => {
    const owner = await newOwner();
    const opts = { token: owner.token, org: owner.orgId };
    expectValidationError(await call("POST", "/sites", { ...opts, body: { domain: "www.example.com" } }), "name");
    expectValidationError(await call("POST", "/sites", { ...opts, body: { name: "x", domain: "not a domain" } }), "domain");
    expectValidationError(await call("POST", "/sites", { ...opts, body: { name: "x", domain: "www.example.com", iconUrl: "ftp://x/icon.png" } }), "iconUrl");
    const site = (await call("POST", "/sites", { ...opts, body: { name: "ok", domain: "www.example.com" } })).json.site;
    expectValidationError(await call("PUT", `/sites/${site.id}`, { ...opts, body: { name: "" } }), "name");
    expectError(await call("POST", "/sites", { ...opts, body: "{" }), 400, "Request body must be valid JSON");
  });

  it("requires a token and an organization the caller belongs to", async () => {
    const owner = await newOwner("a");
    const other = await newOwner("b");
    const site = (await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Private", domain: "a.example.com" } })).json.site;

    expectError(await call("GET", "/sites", { org: owner.orgId }), 401);
    expectError(await call("GET", "/sites", { token: owner.token }), 400, NO_ACTIVE_ORGANIZATION);
    expectError(await call("GET", "/projects"), 401);

    const cross: [string, string, unknown?][] = [
      ["GET", "/sites"],
      ["POST", "/sites", { name: "x", domain: "x.example.com" }],
      ["PUT", `/sites/${site.id}`, { name: "Hacked" }],
      ["DELETE", `/sites/${site.id}`],
    ];
    for (const [method, path, body] of cross) {
      // Another organization's id in the header.
      expectError(await call(method, path, { token: other.token, org: owner.orgId, body }), 403, ORG_MESSAGES.notMember);
    }
    // Own organization in the header, another organization's site in the path: not found.
    expectError(await call("PUT", `/sites/${site.id}`, { token: other.token, org: other.orgId, body: { name: "Hacked" } }), 404, SITE_MESSAGES.notFound);
    expectError(await call("DELETE", `/sites/${site.id}`, { token: other.token, org: other.orgId }), 404);
    expect((await call("GET", "/sites", { token: other.token, org: other.orgId })).json.sites).toEqual([]);
    expect((await call("GET", "/projects", { token: other.token })).json.sites).toEqual([]);
    expect((await call("GET", "/sites", { token: owner.token, org: owner.orgId })).json.sites[0].name).toBe("Private");
  });
});
