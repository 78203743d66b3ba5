import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../workers/contracts/admin";
import { sha256Hex } from "../../workers/lib/crypto";
import { IMPERSONATION_TTL_MS } from "../../workers/services/admin";
import { auditFor, auditJson, call, expectError, newAdmin, newOwner, newUser } from "./helpers";

interface SessionRow {
  id: string;
  user_id: string;
  impersonator_user_id: string | null;
  expires_at: number;
}

async function sessionOf(token: string): Promise<SessionRow | null> {
  return env.DB.prepare("SELECT id, user_id, impersonator_user_id, expires_at FROM sessions WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .first<SessionRow>();
}

describe("POST /admin/impersonate/{userId}", () => {
  it("lets a global admin act as another user, recorded on the session and in the audit trail", async () => {
    const admin = await newAdmin();
    const target = await newOwner("target");
    const res = await call("POST", `/admin/impersonate/${target.id}`, { token: admin.token, headers: { "User-Agent": "AdminBrowser/1.0" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ user: { id: target.id, email: target.email, role: "USER" }, isImpersonation: true });
    expect(res.json.user.organizations).toEqual([{ id: target.orgId, name: "target org", role: "OWNER" }]);
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.headers.get("Set-Cookie")).toContain(`cm_session=${res.json.token}`);

    const session = await sessionOf(res.json.token);
    expect(session).toMatchObject({ user_id: target.id, impersonator_user_id: admin.id });
    // Impersonation is short-lived compared with a normal session.
    expect(session!.expires_at - Date.now()).toBeLessThanOrEqual(IMPERSONATION_TTL_MS);
    expect(session!.expires_at - Date.now()).toBeGreaterThan(IMPERSONATION_TTL_MS - 60_000);

    const me = await call("GET", "/auth/me", { token: res.json.token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user: { id: target.id }, isImpersonation: true });

    const [audit] = await auditFor(target.id, "impersonation.start");
    expect(audit).toMatchObject({ actor_user_id: admin.id, impersonator_user_id: admin.id, entity_type: "user" });
    expect(auditJson(audit.after)).toMatchObject({ sessionId: session!.id, email: target.email });

    // Writes made while impersonating name the target as actor and the admin as impersonator.
    const site = await call("POST", "/sites", { token: res.json.token, org: target.orgId, body: { name: "Made by admin", domain: "admin.example.com" } });
    expect(site.status).toBe(201);
    const [siteAudit] = await auditFor(site.json.site.id, "site.create");
    expect(siteAudit).toMatchObject({ actor_user_id: target.id, impersonator_user_id: admin.id });

    // The admin's own token keeps working.
    expect((await call("GET", "/auth/me", { token: admin.token })).json).toMatchObject({ user: { id: admin.id }, isImpersonation: false });
  });

  it("refuses oneself, a second impersonation, another admin and unknown users", async () => {
    const admin = await newAdmin();
    const other = await newAdmin("other-admin");
    const u1 = await newUser();
    const u2 = await newUser();
    expectError(await call("POST", `/admin/impersonate/${admin.id}`, { token: admin.token }), 400, ADMIN_MESSAGES.cannotImpersonateSelf);
    expectError(await call("POST", `/admin/impersonate/${other.id}`, { token: admin.token }), 403, ADMIN_MESSAGES.cannotImpersonateAdmin);
    expectError(await call("POST", `/admin/impersonate/${crypto.randomUUID()}`, { token: admin.token }), 404, ADMIN_MESSAGES.userNotFound);

    const first = await call("POST", `/admin/impersonate/${u1.id}`, { token: admin.token });
    expect(first.status).toBe(200);
    expectError(await call("POST", `/admin/impersonate/${u2.id}`, { token: first.json.token }), 400, ADMIN_MESSAGES.alreadyImpersonating);
    expectError(await call("POST", `/admin/impersonate/${admin.id}`, { token: first.json.token }), 400, ADMIN_MESSAGES.alreadyImpersonating);
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE impersonator_user_id = ?").bind(admin.id).first<{ n: number }>();
    expect(sessions?.n).toBe(1);
  });

  it("answers 401 without a token and 403 for a user who is not a global admin", async () => {
    const u = await newUser();
    const target = await newUser();
    expectError(await call("POST", `/admin/impersonate/${target.id}`), 401, "Not authenticated");
    expectError(await call("POST", `/admin/impersonate/${target.id}`, { token: u.token }), 403, ADMIN_MESSAGES.adminRequired);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(target.id).first<{ n: number }>();
    expect(count?.n).toBe(1); // the signup session only
  });

  it("gives the impersonated user's rights only: admin routes are closed while impersonating", async () => {
    const admin = await newAdmin();
    const target = await newUser();
    const imp = await call("POST", `/admin/impersonate/${target.id}`, { token: admin.token });
    expectError(await call("GET", "/admin/users?search=example", { token: imp.json.token }), 403);
    expectError(await call("PUT", "/system-notification", { token: imp.json.token, body: { enabled: false, message: "" } }), 403);
    expectError(await call("GET", "/admin/news", { token: imp.json.token }), 403);
  });

  it("closes admin routes to an impersonation session even when the impersonated user became an admin", async () => {
    const admin = await newAdmin();
    const target = await newUser();
    const imp = await call("POST", `/admin/impersonate/${target.id}`, { token: admin.token });
    await env.DB.prepare("UPDATE users SET role = 'ADMIN' WHERE id = ?").bind(target.id).run();
    expectError(await call("GET", "/admin/users?search=example", { token: imp.json.token }), 403, ADMIN_MESSAGES.endImpersonationFirst);
    expectError(await call("GET", `/admin/users/${admin.id}`, { token: imp.json.token }), 403, ADMIN_MESSAGES.endImpersonationFirst);
  });
});

describe("POST /admin/end-impersonation", () => {
  it("ends the impersonation session and returns a fresh session for the admin", async () => {
    const admin = await newAdmin();
    const target = await newUser();
    const imp = await call("POST", `/admin/impersonate/${target.id}`, { token: admin.token });
    const impSession = await sessionOf(imp.json.token);

    const end = await call("POST", "/admin/end-impersonation", { token: imp.json.token });
    expect(end.status).toBe(200);
    expect(end.json).toMatchObject({ user: { id: admin.id, role: "ADMIN" }, isImpersonation: false });
    expect(end.json.token).not.toBe(admin.token);
    expect(end.headers.get("Set-Cookie")).toContain(`cm_session=${end.json.token}`);

    expect(await sessionOf(imp.json.token)).toBeNull();
    expectError(await call("GET", "/auth/me", { token: imp.json.token }), 401);
    const me = await call("GET", "/auth/me", { token: end.json.token });
    expect(me.json).toMatchObject({ user: { id: admin.id, role: "ADMIN" }, isImpersonation: false });
    expect(await sessionOf(end.json.token)).toMatchObject({ user_id: admin.id, impersonator_user_id: null });
    // The original admin token the client kept still works too.
    expect((await call("GET", "/auth/me", { token: admin.token })).status).toBe(200);

    const [audit] = await auditFor(target.id, "impersonation.end");
    expect(audit).toMatchObject({ actor_user_id: admin.id, impersonator_user_id: admin.id });
    expect(auditJson(audit.before)).toMatchObject({ sessionId: impSession!.id, email: target.email });

    // The admin can impersonate again from the fresh session.
    expect((await call("POST", `/admin/impersonate/${target.id}`, { token: end.json.token })).status).toBe(200);
  });

  it("rejects a session that is not an impersonation, and a missing token", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    expectError(await call("POST", "/admin/end-impersonation", { token: admin.token }), 400, ADMIN_MESSAGES.notImpersonating);
    expectError(await call("POST", "/admin/end-impersonation", { token: user.token }), 400, ADMIN_MESSAGES.notImpersonating);
    expectError(await call("POST", "/admin/end-impersonation"), 401);
    expect((await call("GET", "/auth/me", { token: admin.token })).status).toBe(200);
  });
});
