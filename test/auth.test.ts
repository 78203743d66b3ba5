import { describe, expect, it } from "vitest";
import { call, fetchWorker, newUser } from "./helpers";

describe("auth", () => {
  it("signs up, reads /auth/me and signs in again", async () => {
    const email = `a-${crypto.randomUUID()}@example.com`;
    const signup = await call("POST", "/auth/signup", { body: { email, password: "longpassword1", firstName: "Ann", lastName: "Lee" } });
    expect(signup.status).toBe(201);
    expect(signup.json.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(signup.json.user).toMatchObject({ email, firstName: "Ann", lastName: "Lee", role: "USER", themePreference: "system" });
    expect(signup.json.isImpersonation).toBe(false);
    expect(signup.json.user).not.toHaveProperty("passwordHash");

    const me = await call("GET", "/auth/me", { token: signup.json.token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user: { email }, isImpersonation: false });

    const login = await call("POST", "/auth/login", { body: { email, password: "longpassword1", deviceToken: null } });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ mfaRequired: false, isImpersonation: false, user: { email } });
    expect(login.json.token).not.toBe(signup.json.token);
  });

  it("rejects a wrong password and an unknown user alike", async () => {
    const u = await newUser();
    const wrong = await call("POST", "/auth/login", { body: { email: u.email, password: "nope-nope" } });
    const unknown = await call("POST", "/auth/login", { body: { email: "nobody@example.com", password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
  });

  it("answers 401 without or with an unknown token", async () => {
    expect((await call("GET", "/auth/me")).status).toBe(401);
    const bad = await call("GET", "/auth/me", { token: "not-a-real-token" });
    expect(bad.status).toBe(401);
    expect(bad.json).toEqual({ error: "Not authenticated" });
  });

  it("treats a cookie with a malformed escape as no session, on pages and on the sign-in callback, instead of failing with 500", async () => {
    const page = await fetchWorker("/profile", { headers: { Cookie: "cm_session=%E0%A4%A" }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login/);
    await page.arrayBuffer();
    const callback = await fetchWorker("/oauth/callback?code=c&state=s", { headers: { Cookie: "cm_oidc_state=%E0%A4%A" }, redirect: "manual" });
    expect(callback.status).toBeLessThan(500);
    await callback.arrayBuffer();
  });
});
