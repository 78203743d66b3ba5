import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, USER_AUDIT_EVENTS_LIMIT, USER_SEARCH_LIMIT } from "../../workers/contracts/admin";
import { call, expectError, newAdmin, newOwner, newUser } from "./helpers";

async function signup(email: string, firstName: string, lastName: string) {
  const res = await call("POST", "/auth/signup", { body: { email, password: "correct horse battery", firstName, lastName } });
  expect(res.status).toBe(201);
  return { id: res.json.user.id as string, token: res.json.token as string };
}

describe("GET /admin/users?search=", () => {
  it("matches e-mail, first, last and full name case-insensitively", async () => {
    const admin = await newAdmin();
    const tag = crypto.randomUUID().slice(0, 6);
    const a = await signup(`zelda.${tag}@search.example`, "Zelda", "Fitzgerald");
    const b = await signup(`other.${tag}@search.example`, "Quentin", `Marlowe${tag}`);

    const byEmail = await call("GET", `/admin/users?search=${encodeURIComponent(`ZELDA.${tag.toUpperCase()}`)}`, { token: admin.token });
    expect(byEmail.status).toBe(200);
    expect(byEmail.json).toEqual({
      users: [{ id: a.id, email: `zelda.${tag}@search.example`, firstName: "Zelda", lastName: "Fitzgerald", role: "USER" }],
    });

    const byLast = await call("GET", `/admin/users?search=marlowe${tag}`, { token: admin.token });
    expect(byLast.json.users.map((u: { id: string }) => u.id)).toEqual([b.id]);

    const byFull = await call("GET", `/admin/users?search=${encodeURIComponent(`quentin marlowe${tag}`)}`, { token: admin.token });
    expect(byFull.json.users.map((u: { id: string }) => u.id)).toEqual([b.id]);

    const both = await call("GET", `/admin/users?search=${tag}`, { token: admin.token });
    expect(both.json.users.map((u: { id: string }) => u.id).sort()).toEqual([a.id, b.id].sort());
    // Never more than the summary fields.
    for (const u of both.json.users) expect(Object.keys(u).sort()).toEqual(["email", "firstName", "id", "lastName", "role"]);

    const none = await call("GET", `/admin/users?search=nobody-${tag}`, { token: admin.token });
    expect(none.json).toEqual({ users: [] });
  });

  it("treats % and _ literally", async () => {
    const admin = await newAdmin();
    const res = await call("GET", `/admin/users?search=${encodeURIComponent("%%%")}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.users).toEqual([]);
    const underscore = await call("GET", `/admin/users?search=${encodeURIComponent("___")}`, { token: admin.token });
    expect(underscore.json.users).toEqual([]);
  });

  it(`returns at most ${USER_SEARCH_LIMIT} users`, async () => {
    const admin = await newAdmin();
    const tag = `many${crypto.randomUUID().slice(0, 6)}`;
    const stmts = Array.from({ length: USER_SEARCH_LIMIT + 5 }, (_, i) =>
      env.DB.prepare("INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES (?, ?, 'x', 'Bulk', ?)").bind(
        crypto.randomUUID(),
        `${tag}-${String(i).padStart(2, "0")}@bulk.example`,
        `User${i}`,
      ),
    );
    await env.DB.batch(stmts);
    const res = await call("GET", `/admin/users?search=${tag}`, { token: admin.token });
    expect(res.json.users).toHaveLength(USER_SEARCH_LIMIT);
    expect(res.json.users[0].email).toBe(`${tag}-00@bulk.example`);
  });

  it("rejects a term under 3 characters with a clear error", async () => {
    const admin = await newAdmin();
    for (const q of ["", "ab", "  ab  "]) {
      const res = await call("GET", `/admin/users?search=${encodeURIComponent(q)}`, { token: admin.token });
      expectError(res, 400, ADMIN_MESSAGES.searchTooShort);
      expect(res.json.details).toEqual([{ path: "search", message: ADMIN_MESSAGES.searchTooShort }]);
    }
    expectError(await call("GET", "/admin/users", { token: admin.token }), 400, ADMIN_MESSAGES.searchTooShort);
  });

  it("answers 401 without a token and 403 for a non-admin", async () => {
    const user = await newUser();
    expectError(await call("GET", "/admin/users?search=example"), 401);
    expectError(await call("GET", "/admin/users?search=example", { token: user.token }), 403, ADMIN_MESSAGES.adminRequired);
  });
});

describe("GET /admin/users/{id}", () => {
  it("shows organizations, active sessions without tokens, and recent audit events", async () => {
    const admin = await newAdmin();
    const owner = await newOwner("details");
    // A second session, an expired one (hidden), and an impersonation session.
    const login = await call("POST", "/auth/login", { body: { email: owner.email, password: "correct horse battery" }, headers: { "User-Agent": "Phone/2" } });
    await env.DB.prepare("INSERT INTO sessions (id, token_hash, user_id, expires_at) VALUES (?, ?, ?, ?)")
      .bind(crypto.randomUUID(), `expired-${crypto.randomUUID()}`, owner.id, Date.now() - 1000)
      .run();
    const imp = await call("POST", `/admin/impersonate/${owner.id}`, { token: admin.token });
    await call("PUT", "/users/theme-preference", { token: owner.token, body: { themePreference: "dark" } });

    const res = await call("GET", `/admin/users/${owner.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    const d = res.json;
    expect(d.user).toMatchObject({ id: owner.id, email: owner.email, role: "USER", themePreference: "dark", lastActiveOrganizationId: owner.orgId });
    expect(d.user).not.toHaveProperty("passwordHash");
    expect(d.organizations).toEqual([{ id: owner.orgId, name: "details org", role: "OWNER" }]);

    expect(d.sessions).toHaveLength(3);
    for (const s of d.sessions) {
      expect(Object.keys(s).sort()).toEqual(["createdAt", "expiresAt", "id", "impersonatorUserId", "isImpersonation", "lastUsedAt", "userAgent"]);
      expect(Date.parse(s.expiresAt)).toBeGreaterThan(Date.now());
    }
    expect(d.sessions.filter((s: { isImpersonation: boolean }) => s.isImpersonation)).toEqual([
      expect.objectContaining({ impersonatorUserId: admin.id }),
    ]);
    expect(d.sessions.map((s: { userAgent: string | null }) => s.userAgent)).toContain("Phone/2");
    const body = JSON.stringify(d);
    for (const token of [owner.token, login.json.token, imp.json.token]) expect(body).not.toContain(token);
    expect(body).not.toMatch(/tokenHash|token_hash/);

    const actions = d.auditEvents.map((e: { action: string }) => e.action);
    expect(actions[0]).toBe("user.theme");
    expect(actions).toEqual(expect.arrayContaining(["user.signup", "organization.create", "user.login"]));
    expect(actions).not.toContain("impersonation.start"); // the admin is its actor
    const theme = d.auditEvents[0];
    expect(theme).toMatchObject({ actorUserId: owner.id, entityType: "user", before: { themePreference: "system" }, after: { themePreference: "dark" } });
  });

  it(`lists only the ${USER_AUDIT_EVENTS_LIMIT} most recent audit events`, async () => {
    const admin = await newAdmin();
    const u = await newUser();
    const base = Date.now();
    await env.DB.batch(
      Array.from({ length: USER_AUDIT_EVENTS_LIMIT + 10 }, (_, i) =>
        env.DB.prepare("INSERT INTO audit_events (id, actor_user_id, action, entity_type, created_at) VALUES (?, ?, ?, 'test', ?)").bind(
          crypto.randomUUID(),
          u.id,
          `test.event-${i}`,
          base + 1000 + i,
        ),
      ),
    );
    const res = await call("GET", `/admin/users/${u.id}`, { token: admin.token });
    expect(res.json.auditEvents).toHaveLength(USER_AUDIT_EVENTS_LIMIT);
    expect(res.json.auditEvents[0].action).toBe(`test.event-${USER_AUDIT_EVENTS_LIMIT + 9}`);
  });

  it("answers 404 for an unknown user, 401 without a token and 403 for a non-admin", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    expectError(await call("GET", `/admin/users/${crypto.randomUUID()}`, { token: admin.token }), 404, ADMIN_MESSAGES.userNotFound);
    expectError(await call("GET", `/admin/users/${user.id}`), 401);
    expectError(await call("GET", `/admin/users/${admin.id}`, { token: user.token }), 403, ADMIN_MESSAGES.adminRequired);
  });
});
