import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../workers/lib/crypto";
import { auditFor, auditJson, call, expectError, expectValidationError, newOwner, newUser } from "./helpers";

const PASSWORD = "correct horse battery";

describe("POST /auth/signup", () => {
  it("creates an account with a normalised e-mail and a working session", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const res = await call("POST", "/auth/signup", { body: { email: `  Mixed.${tag}@Example.COM `, password: PASSWORD, firstName: " Ada ", lastName: "Byron" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      user: { email: `mixed.${tag}@example.com`, firstName: "Ada", lastName: "Byron", name: "Ada Byron", role: "USER", organizations: [], lastActiveOrganization: null, organizationId: null },
      mfaRequired: false,
      isImpersonation: false,
    });
    expect(res.headers.get("Set-Cookie")).toMatch(/cm_session=[^;]+; .*HttpOnly/i);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(res.json.user.id).first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
    const [audit] = await auditFor(res.json.user.id, "user.signup");
    expect(audit.actor_user_id).toBe(res.json.user.id);
    expect(auditJson(audit.after)).toEqual({ email: `mixed.${tag}@example.com` });
  });

  it("validates the body and refuses a taken e-mail", async () => {
    const base = { email: `v-${crypto.randomUUID()}@example.com`, password: PASSWORD, firstName: "A", lastName: "B" };
    expectValidationError(await call("POST", "/auth/signup", { body: { ...base, email: "not-an-email" } }), "email");
    expectValidationError(await call("POST", "/auth/signup", { body: { ...base, password: "short" } }), "password");
    expectValidationError(await call("POST", "/auth/signup", { body: { ...base, firstName: " " } }), "firstName");
    expectValidationError(await call("POST", "/auth/signup", { body: { email: base.email } }), "lastName");
    expectError(await call("POST", "/auth/signup", { body: "not json" }), 400, "Request body must be valid JSON");
    expect((await call("POST", "/auth/signup", { body: base })).status).toBe(201);
    expectError(await call("POST", "/auth/signup", { body: { ...base, email: base.email.toUpperCase() } }), 409);
  });
});

describe("POST /auth/login and /auth/logout", () => {
  it("signs in with any e-mail case, and a logged-out token stops working", async () => {
    const u = await newUser();
    const login = await call("POST", "/auth/login", { body: { email: u.email.toUpperCase(), password: PASSWORD }, headers: { "User-Agent": "Tester/1" } });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ user: { id: u.id }, mfaRequired: false, isImpersonation: false });
    const session = await env.DB.prepare("SELECT id, user_agent FROM sessions WHERE token_hash = ?").bind(await sha256Hex(login.json.token)).first<{ id: string; user_agent: string }>();
    expect(session?.user_agent).toBe("Tester/1");
    expect((await auditFor(session!.id, "user.login"))[0]?.actor_user_id).toBe(u.id);

    const out = await call("POST", "/auth/logout", { token: login.json.token });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expect(out.headers.get("Set-Cookie")).toMatch(/cm_session=;/);
    expectError(await call("GET", "/auth/me", { token: login.json.token }), 401, "Not authenticated");
    expectError(await call("POST", "/auth/logout", { token: login.json.token }), 401);
    // Only that session ended.
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(200);
    const [audit] = await auditFor(session!.id, "user.logout");
    expect(audit.actor_user_id).toBe(u.id);
  });

  it("validates the login body and rejects bad credentials", async () => {
    const u = await newUser();
    expectValidationError(await call("POST", "/auth/login", { body: { email: u.email } }), "password");
    expectValidationError(await call("POST", "/auth/login", { body: { email: "nope", password: "x" } }), "email");
    expectError(await call("POST", "/auth/login", { body: { email: u.email, password: "wrong password" } }), 401, "Invalid e-mail or password");
    expectError(await call("POST", "/auth/logout"), 401);
  });
});

describe("GET /auth/me", () => {
  it("returns the user's organizations and the last active one", async () => {
    const owner = await newOwner("me");
    const second = await call("POST", "/organization", { token: owner.token, body: { name: "zeta second org" } });
    let me = await call("GET", "/auth/me", { token: owner.token });
    expect(me.status).toBe(200);
    expect(me.json.isImpersonation).toBe(false);
    expect(me.json.user.organizations).toEqual([
      { id: owner.orgId, name: "me org", role: "OWNER" },
      { id: second.json.organization.id, name: "zeta second org", role: "OWNER" },
    ]);
    expect(me.json.user.lastActiveOrganization).toEqual({ id: second.json.organization.id, name: "zeta second org", role: "OWNER" });
    expect(me.json.user.organizationId).toBe(second.json.organization.id);

    // Opening an organization makes it the last active one.
    await call("GET", `/organization/${owner.orgId}`, { token: owner.token });
    me = await call("GET", "/auth/me", { token: owner.token });
    expect(me.json.user.lastActiveOrganization.id).toBe(owner.orgId);
    expect(me.json.user).not.toHaveProperty("passwordHash");
  });

  it("accepts the session cookie as well as the bearer token", async () => {
    const u = await newUser();
    const res = await call("GET", "/auth/me", { headers: { Cookie: `cm_session=${u.token}` } });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(u.id);
  });

  it("answers 401 for an expired session", async () => {
    const u = await newUser();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE token_hash = ?").bind(Date.now() - 1000, await sha256Hex(u.token)).run();
    const res = await call("GET", "/auth/me", { token: u.token });
    expectError(res, 401, "Not authenticated");
    expectError(await call("GET", "/organization", { token: u.token }), 401);
  });

  it("records when a session was last used", async () => {
    const u = await newUser();
    const hash = await sha256Hex(u.token);
    const stale = Date.now() - 10 * 60 * 1000;
    await env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE token_hash = ?").bind(stale, hash).run();
    await call("GET", "/auth/me", { token: u.token });
    const row = await env.DB.prepare("SELECT last_used_at FROM sessions WHERE token_hash = ?").bind(hash).first<{ last_used_at: number }>();
    expect(row!.last_used_at).toBeGreaterThan(stale + 9 * 60 * 1000);
  });
});

describe("PUT /users/theme-preference", () => {
  it("stores system, light and dark, and audits the change", async () => {
    const u = await newUser();
    for (const theme of ["dark", "light", "system"]) {
      const res = await call("PUT", "/users/theme-preference", { token: u.token, body: { themePreference: theme } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ success: true, themePreference: theme, user: { themePreference: theme } });
      expect((await call("GET", "/auth/me", { token: u.token })).json.user.themePreference).toBe(theme);
    }
    const audits = await auditFor(u.id, "user.theme");
    expect(audits.map((a) => [auditJson(a.before), auditJson(a.after)])).toEqual([
      [{ themePreference: "system" }, { themePreference: "dark" }],
      [{ themePreference: "dark" }, { themePreference: "light" }],
      [{ themePreference: "light" }, { themePreference: "system" }],
    ]);
  });

  it("rejects other values and requires a session", async () => {
    const u = await newUser();
    expectValidationError(await call("PUT", "/users/theme-preference", { token: u.token, body: { themePreference: "blue" } }), "themePreference");
    expectValidationError(await call("PUT", "/users/theme-preference", { token: u.token, body: {} }), "themePreference");
    expectError(await call("PUT", "/users/theme-preference", { body: { themePreference: "dark" } }), 401);
    expect((await call("GET", "/auth/me", { token: u.token })).json.user.themePreference).toBe("system");
  });
});
