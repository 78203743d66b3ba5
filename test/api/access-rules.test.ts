import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../../workers/api";
import { ACCESS_RULES, API_BASE, type AccessRule } from "../../workers/api/access-rules";
import { ADMIN_MESSAGES } from "../../workers/contracts/admin";
import type { OrgRole } from "../../workers/contracts/auth";
import { refusalMessage, roleAllows } from "../../workers/contracts/permissions";
import { ORG_MESSAGES } from "../../workers/services/organizations";
import { call, expectError, newAdmin, newOwner, newUser } from "./helpers";

/**
 * The route table of the API against its access rules (workers/api/access-rules.ts): every route has a
 * rule, and each rule is what the API enforces, for visitors, signed-in users, global admins and each
 * organization role.
 */

const DUMMY_ID = "00000000-0000-4000-8000-000000000000";

/** Every endpoint Hono registered under the API, as `METHOD /path` relative to the base (middleware excluded). */
function registeredEndpoints(): string[] {
  const keys = new Set<string>();
  for (const r of api.routes) {
    if (r.method === "ALL") continue;
    keys.add(`${r.method} ${r.path.slice(API_BASE.length)}`);
  }
  return [...keys].sort();
}

const rules = Object.entries(ACCESS_RULES) as [string, AccessRule][];
const withAccess = (access: AccessRule["access"]) => rules.filter(([, r]) => r.access === access);

/** A user who joins an organization with a role. Membership is written directly: the walk tests roles, not joining. */
async function joinAs(orgId: string, role: OrgRole, prefix: string) {
  const u = await newUser(prefix);
  await env.DB.prepare("INSERT INTO memberships (id, organization_id, user_id, role) VALUES (?, ?, ?, ?)").bind(crypto.randomUUID(), orgId, u.id, role).run();
  return u;
}

/** An organization with an OWNER, an ADMIN and a MEMBER, and a stranger who owns another organization. */
async function organization() {
  const owner = await newOwner("walk-owner");
  const admin = await joinAs(owner.orgId, "ADMIN", "walk-admin");
  const member = await joinAs(owner.orgId, "MEMBER", "walk-member");
  const stranger = await newOwner("walk-stranger");
  return { orgId: owner.orgId, callers: { OWNER: owner, ADMIN: admin, MEMBER: member } as Record<OrgRole, { token: string }>, stranger };
}

function request(key: string, orgId: string) {
  const [method, path] = key.split(" ") as [string, string];
  const url = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (name === "id" && path.startsWith("/organization/") ? orgId : DUMMY_ID));
  return { method, url, body: method === "GET" ? undefined : {} };
}

/** Routes whose allowed call ends the caller's membership or the organization: each call gets its own organization. */
const ENDS_MEMBERSHIP = new Set(["DELETE /organization/:id", "POST /organization/:id/leave"]);

describe("access rules", () => {
  it("declares a rule for every registered route, and no rule for a route that does not exist", () => {
    const registered = registeredEndpoints();
    expect(registered.length).toBeGreaterThan(60);
    expect(registered.filter((k) => !(k in ACCESS_RULES)), "routes without an access rule").toEqual([]);
    expect(Object.keys(ACCESS_RULES).filter((k) => !registered.includes(k)), "rules for routes that do not exist").toEqual([]);
  });

  it("keeps members to reading and reviewing, and deleting the organization to owners", () => {
    // The walk below checks that the API enforces the table; these lists pin the table itself, so
    // opening a write to members (or an owner's right to admins) takes a deliberate change here.
    const orgRoutes = rules.flatMap(([key, r]) => (r.access === "organization" ? [[key, r.action] as const] : []));
    const memberWrites = orgRoutes.filter(([key, action]) => !key.startsWith("GET ") && roleAllows("MEMBER", action)).map(([key]) => key);
    expect(memberWrites.sort()).toEqual(
      [
        "POST /mapping/proposals/:proposalId/decision",
        "POST /mapping/snapshots/:snapshotId/bulk-approve",
        "POST /mapping/snapshots/:snapshotId/map",
        "POST /organization/:id/leave",
        // Enrich review is the members' job as mapping review is; applying and rolling back are not.
        "POST /enrich/proposals/:proposalId/decision",
        "POST /sites/:siteId/enrich/analyse",
        "POST /sites/:siteId/enrich/bulk-approve",
        // Neither writes anything: a connection test and a dry run of target writes.
        "POST /platform/:siteId/dry-run",
        "POST /platform/:siteId/test-connection",
      ].sort(),
    );
    expect(orgRoutes.filter(([key, action]) => key.startsWith("GET ") && action !== "view").map(([key]) => key)).toEqual([]);
    expect(orgRoutes.filter(([, action]) => !roleAllows("ADMIN", action)).map(([key]) => key)).toEqual(["DELETE /organization/:id"]);
    for (const key of ["DELETE /sites/:siteId", "POST /migration/:migrationId/rollback", "PUT /site-config/:siteId", "POST /migration/start", "POST /migration/cancel/:migrationId"]) {
      const rule = ACCESS_RULES[key];
      expect(rule?.access === "organization" && !roleAllows("MEMBER", rule.action) && roleAllows("ADMIN", rule.action), key).toBe(true);
    }
  });

  it("answers 401 without a token on every route but the public ones", async () => {
    const failures: string[] = [];
    for (const [key, rule] of rules) {
      const { method, url, body } = request(key, DUMMY_ID);
      const res = await call(method, url, { body });
      if (rule.access === "public" ? res.status === 401 || res.status >= 500 : res.status !== 401) failures.push(`${key} (${rule.access}) answered ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 on every global-admin route to a signed-in user and to an admin's impersonation session", async () => {
    const user = await newUser("walk-user");
    const admin = await newAdmin("walk-global-admin");
    const imp = await call("POST", `/admin/impersonate/${user.id}`, { token: admin.token });
    const failures: string[] = [];
    const routes = withAccess("globalAdmin");
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const [key] of routes) {
      const { method, url, body } = request(key, DUMMY_ID);
      const asUser = await call(method, url, { token: user.token, body });
      if (asUser.status !== 403 || asUser.json.error !== ADMIN_MESSAGES.adminRequired) failures.push(`${key} as a user: ${asUser.status}`);
      const asImpersonation = await call(method, url, { token: imp.json.token, body });
      if (asImpersonation.status !== 403) failures.push(`${key} while impersonating: ${asImpersonation.status}`);
      const asAdmin = await call(method, url, { token: admin.token, body });
      if (asAdmin.status === 401 || asAdmin.status === 403) failures.push(`${key} as the admin: ${asAdmin.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("lets each organization role call exactly the routes its rule allows, and no one from another organization", async () => {
    const shared = await organization();
    const failures: string[] = [];
    const routes = withAccess("organization");
    expect(routes.length).toBeGreaterThan(45);
    for (const [key, rule] of routes) {
      if (rule.access !== "organization") continue;
      const strangerCall = request(key, shared.orgId);
      const asStranger = await call(strangerCall.method, strangerCall.url, { token: shared.stranger.token, org: shared.orgId, body: strangerCall.body });
      if (asStranger.status !== 403 || asStranger.json.error !== ORG_MESSAGES.notMember) failures.push(`${key} as a stranger: ${asStranger.status} ${asStranger.json?.error}`);
      for (const role of ["MEMBER", "ADMIN", "OWNER"] as const) {
        const fixture = ENDS_MEMBERSHIP.has(key) ? await organization() : shared;
        const { method, url, body } = request(key, fixture.orgId);
        const res = await call(method, url, { token: fixture.callers[role].token, org: fixture.orgId, body });
        const allowed = roleAllows(role, rule.action);
        if (allowed && (res.status === 403 || res.status === 401 || res.status >= 500)) failures.push(`${key} as ${role}: expected allowed, got ${res.status} ${res.json?.error}`);
        if (!allowed && (res.status !== 403 || res.json.error !== refusalMessage(rule.action))) failures.push(`${key} as ${role}: expected 403, got ${res.status} ${res.json?.error}`);
        if (!allowed) expectError(res, 403);
      }
    }
    expect(failures).toEqual([]);
  });

  it("gives a global ADMIN no organization rights of their own, and an impersonation the impersonated member's role only", async () => {
    const owner = await newOwner("imp-owner");
    const site = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Owner site", domain: "www.owner.example" } });
    const member = await joinAs(owner.orgId, "MEMBER", "imp-member");
    const admin = await newAdmin("imp-admin");
    const siteId = site.json.site.id as string;

    expectError(await call("GET", "/sites", { token: admin.token, org: owner.orgId }), 403, ORG_MESSAGES.notMember);
    expectError(await call("DELETE", `/sites/${siteId}`, { token: admin.token, org: owner.orgId }), 403, ORG_MESSAGES.notMember);

    const imp = await call("POST", `/admin/impersonate/${member.id}`, { token: admin.token });
    expect(imp.status).toBe(200);
    const asMember = { token: imp.json.token as string, org: owner.orgId };
    expect((await call("GET", "/sites", asMember)).json.sites.map((s: { id: string }) => s.id)).toEqual([siteId]);
    expectError(await call("DELETE", `/sites/${siteId}`, asMember), 403, refusalMessage("deleteSite"));
    expectError(await call("POST", "/migration/start", { ...asMember, body: { siteId } }), 403, refusalMessage("run"));
    expectError(await call("PUT", `/site-config/${siteId}`, { ...asMember, body: { platform: "wordpress", platformConfig: { restUrl: "https://evil.example/wp-json" } } }), 403, refusalMessage("configure"));
    expect((await call("GET", "/sites", { token: owner.token, org: owner.orgId })).json.sites).toHaveLength(1);
  });
});
