import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { api } from "../../workers/api";
import { AUTH_MESSAGES } from "../../workers/contracts/auth";
import { getDb } from "../../workers/db/client";
import { CROSS_SITE_REFUSED } from "../../workers/lib/cross-site";
import { ApiError } from "../../workers/lib/errors";
import { login as passwordLogin } from "../../workers/services/auth";
import { httpMailSender, mailSender, type MailSender } from "../../workers/services/mail";
import { MFA_MAX_ATTEMPTS, resendCode } from "../../workers/services/mfa";
import { finishOidcSignIn, oidcProviders, oidcTransport, startOidcSignIn, type OidcProviderConfig } from "../../workers/services/oidc";
import { requestServices } from "../../workers/services/request-services";
import { RATE_LIMITS, RATE_LIMIT_MESSAGE, type RateLimitRule } from "../../workers/services/rate-limits";
import { MESSAGES } from "../../app/lib/messages";
import { TEST_ORIGIN, fetchWorker } from "../helpers";
import { auditFor, auditJson, call, expectError, expectValidationError, newUser, verifyEmailOf } from "./helpers";
import { newAdmin } from "./helpers";

const PASSWORD = "correct horse battery";

/** The newest sign-in code mailed to an address, read from the outbox as its owner would read the mail. */
async function mailedCode(email: string): Promise<string> {
  const row = await env.DB.prepare(`SELECT text, html FROM outbox_messages WHERE "to" = ? AND subject = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`)
    .bind(email, AUTH_MESSAGES.codeSubject)
    .first<{ text: string; html: string | null }>();
  const code = row?.text.match(/Your code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  expect(row!.html).toContain(`Your code is ${code}`);
  return code;
}

/** The newest reset link's token mailed to an address. */
async function mailedResetToken(email: string): Promise<string | null> {
  const row = await env.DB.prepare(`SELECT text FROM outbox_messages WHERE "to" = ? AND subject = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`)
    .bind(email, AUTH_MESSAGES.resetSubject)
    .first<{ text: string }>();
  const token = row?.text.match(/\/reset-password\?token=([\w%-]+)/)?.[1];
  return token ? decodeURIComponent(token) : null;
}

const login = (email: string, password = PASSWORD, deviceToken?: string | null) => call("POST", "/auth/login", { body: { email, password, deviceToken } });
const verify = (challengeId: string, code: string, rememberDevice = false) =>
  call("POST", "/auth/mfa/verify", { body: { challengeId, method: "email", code, rememberDevice } });
/** Any six digits but the right ones. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** A user who turned MFA on through /profile's flow: a code mailed, then typed. */
async function newMfaUser(prefix = "mfa") {
  const u = await newUser(prefix);
  const start = await call("POST", "/auth/mfa/settings/code", { token: u.token, body: { enabled: true } });
  expect(start.status).toBe(200);
  const on = await call("PUT", "/auth/mfa/settings", { token: u.token, body: { enabled: true, challengeId: start.json.challengeId, code: await mailedCode(u.email) } });
  expect(on.json).toEqual({ mfaEnabled: true });
  return u;
}

/** A password sign-in that stops at the code: its challenge id. */
async function challengeOf(email: string): Promise<string> {
  const res = await login(email);
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ mfaRequired: true, challengeId: expect.any(String), methods: ["email"], isImpersonation: false });
  return res.json.challengeId;
}

describe("the spec's auth texts (§8)", () => {
  it("are used exactly", () => {
    expect(AUTH_MESSAGES.failedLogin).toBe("Failed to login");
    expect(AUTH_MESSAGES.verificationFailed).toBe("Verification failed");
    expect(AUTH_MESSAGES.failedToSendCode).toBe("Failed to send code");
    expect(AUTH_MESSAGES.notAuthenticated).toBe("Not authenticated");
    expect(MESSAGES.verificationFailed).toBe("Verification failed");
    expect(MESSAGES.failedToSendCode).toBe("Failed to send code");
    expect(MESSAGES.failedLogin).toBe("Failed to login");
  });
});

describe("sign-in with a code by e-mail", () => {
  it("asks an account with MFA on for a code, opens no session before it, and signs in with the mailed code once", async () => {
    const u = await newMfaUser();
    const first = await login(u.email);
    expect(first.json.mfaRequired).toBe(true);
    expect(first.json.token).toBeUndefined();
    expect(first.headers.getSetCookie().some((c) => c.startsWith("cm_session="))).toBe(false);
    const code = await mailedCode(u.email);

    const bad = await verify(first.json.challengeId, wrong(code));
    expectError(bad, 400, "Verification failed");
    expect(bad.json.details).toEqual({ reason: "invalid_code", attemptsLeft: MFA_MAX_ATTEMPTS - 1 });

    const ok = await verify(first.json.challengeId, code);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ mfaRequired: false, isImpersonation: false, user: { email: u.email, mfaEnabled: true } });
    expect(ok.json.deviceToken).toBeUndefined();
    const cookie = ok.headers.getSetCookie().find((c) => c.startsWith("cm_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await call("GET", "/auth/me", { token: ok.json.token })).status).toBe(200);

    // The code is single-use.
    const again = await verify(first.json.challengeId, code);
    expectError(again, 400, "Verification failed");
    expect(again.json.details).toEqual({ reason: "used" });
    const logins = await env.DB.prepare("SELECT after FROM audit_events WHERE actor_user_id = ? AND action = 'user.login' ORDER BY created_at DESC LIMIT 1").bind(u.id).first<{ after: string }>();
    expect(auditJson(logins!.after)).toEqual({ method: "password+email_code" });
    expect((await auditFor(first.json.challengeId, "user.mfa_failed")).length).toBe(2);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, and Secure in production", async () => {
    const u = await newUser("cookie");
    const res = await api.request(
      "/api/v1/auth/login",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
        body: JSON.stringify({ email: u.email, password: PASSWORD }),
      },
      { ...env, ENVIRONMENT: "production" },
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("cm_session="))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    const dev = await login(u.email);
    expect(dev.headers.getSetCookie().find((c) => c.startsWith("cm_session="))).not.toMatch(/; Secure/i);
  });

  it("always asks a global ADMIN for a code, and stores only a hash of it", async () => {
    const admin = await newAdmin("mfa-admin");
    const challengeId = await challengeOf(admin.email);
    const code = await mailedCode(admin.email);
    const row = await env.DB.prepare("SELECT code_hash FROM mfa_challenges WHERE id = ?").bind(challengeId).first<{ code_hash: string }>();
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verify(challengeId, code)).json.user.role).toBe("ADMIN");
  });

  it("refuses an expired code", async () => {
    const u = await newMfaUser("expired");
    const challengeId = await challengeOf(u.email);
    const code = await mailedCode(u.email);
    await env.DB.prepare("UPDATE mfa_challenges SET expires_at = ? WHERE id = ?").bind(Date.now() - 1, challengeId).run();
    const res = await verify(challengeId, code);
    expectError(res, 400, "Verification failed");
    expect(res.json.details).toEqual({ reason: "expired" });
  });

  it("locks the challenge after 5 wrong codes: the right code no longer works and no new code is sent", async () => {
    const u = await newMfaUser("locked");
    const challengeId = await challengeOf(u.email);
    const code = await mailedCode(u.email);
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) expect((await verify(challengeId, wrong(code))).json.details).toEqual({ reason: "invalid_code", attemptsLeft: MFA_MAX_ATTEMPTS - i });
    const fifth = await verify(challengeId, wrong(code));
    expect(fifth.json.details).toEqual({ reason: "locked", attemptsLeft: 0 });
    const right = await verify(challengeId, code);
    expectError(right, 400, "Verification failed");
    expect(right.json.details).toEqual({ reason: "locked" });
    expectError(await call("POST", "/auth/mfa/challenge", { body: { challengeId } }), 400, "Failed to send code");
    expect((await auditFor(challengeId, "user.mfa_locked")).length).toBeGreaterThanOrEqual(2);
  });

  it("sends a new code on request: the old one stops working, the new one works, wrong tries stay counted", async () => {
    const u = await newMfaUser("resend");
    const challengeId = await challengeOf(u.email);
    const oldCode = await mailedCode(u.email);
    expect((await verify(challengeId, wrong(oldCode))).json.details.attemptsLeft).toBe(4);
    expect(await call("POST", "/auth/mfa/challenge", { body: { challengeId } })).toMatchObject({ status: 200, json: { success: true } });
    const newCode = await mailedCode(u.email);
    if (newCode !== oldCode) expect((await verify(challengeId, oldCode)).json.details).toEqual({ reason: "invalid_code", attemptsLeft: 3 });
    expect((await verify(challengeId, newCode)).status).toBe(200);
    expectError(await call("POST", "/auth/mfa/challenge", { body: { challengeId } }), 400, "Failed to send code");
    expectError(await call("POST", "/auth/mfa/challenge", { body: { challengeId: crypto.randomUUID() } }), 400, "Failed to send code");
  });

  it("refuses malformed codes and unknown challenges in the error shape", async () => {
    expectValidationError(await call("POST", "/auth/mfa/verify", { body: { challengeId: "x", code: "12ab56" } }), "code");
    expectValidationError(await call("POST", "/auth/mfa/verify", { body: { code: "123456" } }), "challengeId");
    const unknown = await verify(crypto.randomUUID(), "123456");
    expectError(unknown, 400, "Verification failed");
    expect(unknown.json.details).toEqual({ reason: "unknown_challenge" });
  });
});

describe("remembered devices", () => {
  it("skips the code for 30 days on a remembered device, for its user only, until revoked", async () => {
    const u = await newMfaUser("device");
    const ok = await verify(await challengeOf(u.email), await mailedCode(u.email), true);
    const deviceToken = ok.json.deviceToken as string;
    expect(deviceToken).toMatch(/^[\w-]{40,}$/);

    const again = await login(u.email, PASSWORD, deviceToken);
    expect(again.json).toMatchObject({ mfaRequired: false, token: expect.any(String) });
    // A wrong password is still wrong on a remembered device.
    expectError(await login(u.email, "not the password", deviceToken), 401, AUTH_MESSAGES.invalidCredentials);
    // Another account does not accept this device's token.
    const other = await newMfaUser("device-other");
    expect((await login(other.email, PASSWORD, deviceToken)).json.mfaRequired).toBe(true);

    const security = await call("GET", "/auth/security", { token: again.json.token });
    expect(security.json.devices).toHaveLength(1);
    const device = security.json.devices[0];
    expect(Object.keys(device).sort()).toEqual(["createdAt", "expiresAt", "id", "lastUsedAt", "userAgent"]);
    const days = (Date.parse(device.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(JSON.stringify(security.json)).not.toContain(deviceToken);

    expectError(await call("DELETE", `/auth/devices/${device.id}`, { token: other.token }), 404);
    expect((await call("DELETE", `/auth/devices/${device.id}`, { token: again.json.token })).status).toBe(200);
    expect((await login(u.email, PASSWORD, deviceToken)).json.mfaRequired).toBe(true);
    expect((await auditFor(device.id)).map((e) => e.action)).toEqual(["user.device_remembered", "user.device_revoked"]);
  });
});

describe("MFA settings", () => {
  it("turns MFA on and off only with a mailed code, audited; a global ADMIN cannot turn it off", async () => {
    const u = await newMfaUser("toggle");
    const start = await call("POST", "/auth/mfa/settings/code", { token: u.token, body: { enabled: false } });
    const code = await mailedCode(u.email);
    expectError(await call("PUT", "/auth/mfa/settings", { token: u.token, body: { enabled: false, challengeId: start.json.challengeId, code: wrong(code) } }), 400, "Verification failed");
    expect((await call("PUT", "/auth/mfa/settings", { token: u.token, body: { enabled: false, challengeId: start.json.challengeId, code } })).json).toEqual({ mfaEnabled: false });
    expect((await login(u.email)).json).toMatchObject({ mfaRequired: false, token: expect.any(String) });
    expect((await auditFor(u.id)).map((e) => e.action)).toEqual(expect.arrayContaining(["user.mfa_enabled", "user.mfa_disabled"]));

    // A code for someone else's challenge does not count.
    const other = await newUser("toggle-other");
    const otherStart = await call("POST", "/auth/mfa/settings/code", { token: other.token, body: { enabled: true } });
    const stolen = await call("PUT", "/auth/mfa/settings", { token: u.token, body: { enabled: true, challengeId: otherStart.json.challengeId, code: await mailedCode(other.email) } });
    expect(stolen.json.details).toEqual({ reason: "unknown_challenge" });

    const admin = await newAdmin("toggle-admin");
    expectError(await call("POST", "/auth/mfa/settings/code", { token: admin.token, body: { enabled: false } }), 409, AUTH_MESSAGES.mfaRequiredForAdmins);
    expect((await call("GET", "/auth/security", { token: admin.token })).json).toMatchObject({ mfaEnabled: true, mfaRequiredByRole: true });
  });

  it("lets an impersonating administrator look but not change the user's security", async () => {
    const admin = await newAdmin("imp-admin");
    const target = await newUser("imp-target");
    const imp = await call("POST", `/admin/impersonate/${target.id}`, { token: admin.token });
    expect((await call("GET", "/auth/security", { token: imp.json.token })).status).toBe(200);
    expectError(await call("POST", "/auth/mfa/settings/code", { token: imp.json.token, body: { enabled: true } }), 403, AUTH_MESSAGES.notDuringImpersonation);
    expectError(await call("PUT", "/auth/password", { token: imp.json.token, body: { currentPassword: PASSWORD, newPassword: "another long one" } }), 403, AUTH_MESSAGES.notDuringImpersonation);
  });
});

describe("sessions and password change", () => {
  it("lists the user's sessions, ends one, and a password change ends all but the current one", async () => {
    const u = await newUser("sessions");
    const second = await call("POST", "/auth/login", { body: { email: u.email, password: PASSWORD }, headers: { "User-Agent": "Phone/2" } });
    const list = await call("GET", "/auth/security", { token: u.token });
    expect(list.json.sessions).toHaveLength(2);
    expect(list.json.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.json)).not.toContain(second.json.token);
    const phone = list.json.sessions.find((s: { userAgent: string | null }) => s.userAgent === "Phone/2");
    expectError(await call("DELETE", `/auth/sessions/${phone.id}`, { token: (await newUser("stranger")).token }), 404);
    expect((await call("DELETE", `/auth/sessions/${phone.id}`, { token: u.token })).status).toBe(200);
    expectError(await call("GET", "/auth/me", { token: second.json.token }), 401, "Not authenticated");
    expect((await auditFor(phone.id, "user.session_revoked")).length).toBe(1);

    const third = await login(u.email);
    expectError(await call("PUT", "/auth/password", { token: u.token, body: { currentPassword: "wrong one", newPassword: "a new long password" } }), 400, AUTH_MESSAGES.wrongCurrentPassword);
    expectValidationError(await call("PUT", "/auth/password", { token: u.token, body: { currentPassword: PASSWORD, newPassword: "short" } }), "newPassword");
    expect((await call("PUT", "/auth/password", { token: u.token, body: { currentPassword: PASSWORD, newPassword: "a new long password" } })).status).toBe(200);
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(200);
    expectError(await call("GET", "/auth/me", { token: third.json.token }), 401);
    expectError(await login(u.email), 401);
    expect((await login(u.email, "a new long password")).status).toBe(200);
    expect((await auditFor(u.id, "user.password_changed")).length).toBe(1);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the e-mail has an account, and mails a link only to an account", async () => {
    const u = await newUser("reset-known");
    const unknownEmail = `nobody-${crypto.randomUUID()}@example.com`;
    const known = await call("POST", "/auth/password-reset/request", { body: { email: u.email } });
    const unknown = await call("POST", "/auth/password-reset/request", { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(await mailedResetToken(u.email)).toBeTruthy();
    expect(await mailedResetToken(unknownEmail)).toBeNull();
  });

  it("sets a new password once with the mailed token, stored hashed, and ends every session", async () => {
    const u = await newUser("reset");
    const other = await login(u.email);
    await call("POST", "/auth/password-reset/request", { body: { email: u.email } });
    const token = (await mailedResetToken(u.email))!;
    const stored = await env.DB.prepare("SELECT token_hash FROM password_reset_tokens WHERE user_id = ?").bind(u.id).first<{ token_hash: string }>();
    expect(stored!.token_hash).not.toBe(token);

    expectValidationError(await call("POST", "/auth/password-reset", { body: { token, password: "short" } }), "password");
    expect((await call("POST", "/auth/password-reset", { body: { token, password: "brand new password" } })).json).toEqual({ success: true });
    expectError(await call("GET", "/auth/me", { token: u.token }), 401);
    expectError(await call("GET", "/auth/me", { token: other.json.token }), 401);
    expectError(await login(u.email), 401);
    expect((await login(u.email, "brand new password")).status).toBe(200);
    // Reused.
    expectError(await call("POST", "/auth/password-reset", { body: { token, password: "yet another password" } }), 400, AUTH_MESSAGES.resetInvalidLink);
    expect((await auditFor(u.id, "user.password_reset")).length).toBe(1);
  });

  it("refuses an expired token, and an older link once a newer one was sent", async () => {
    const u = await newUser("reset-expired");
    await call("POST", "/auth/password-reset/request", { body: { email: u.email } });
    const older = (await mailedResetToken(u.email))!;
    await call("POST", "/auth/password-reset/request", { body: { email: u.email } });
    const newer = (await mailedResetToken(u.email))!;
    expectError(await call("POST", "/auth/password-reset", { body: { token: older, password: "brand new password" } }), 400, AUTH_MESSAGES.resetInvalidLink);
    await env.DB.prepare("UPDATE password_reset_tokens SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1, u.id).run();
    expectError(await call("POST", "/auth/password-reset", { body: { token: newer, password: "brand new password" } }), 400, AUTH_MESSAGES.resetInvalidLink);
    expect((await login(u.email)).status).toBe(200);
  });
});

describe("abuse limits of codes and resets (the strict, production limits)", () => {
  const strictEnv = { ...env, RATE_LIMIT_MULTIPLIER: undefined };
  const randomAddress = () => {
    const b = crypto.getRandomValues(new Uint8Array(3));
    return `10.${b[0]}.${b[1]}.${b[2]}`;
  };
  async function send(path: string, address: string, body: unknown) {
    const res = await api.request(
      `/api/v1${path}`,
      { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": address }, body: JSON.stringify(body) },
      strictEnv,
    );
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
  }
  function expectLimited(res: Awaited<ReturnType<typeof send>>, windowMs: number) {
    expectError(res, 429, RATE_LIMIT_MESSAGE);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  }
  /** Moves a key's counted attempts back by a whole window, as if that much time had passed. */
  async function ageWindow(rule: RateLimitRule, key: string) {
    const { windowMs } = RATE_LIMITS[rule];
    const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${rule}:${key}`));
    await runInDurableObject(stub, async (instance, state) => {
      const log = ((await state.storage.get<number[]>("log")) ?? []).map((t) => t - windowMs);
      await state.storage.put("log", log);
      (instance as unknown as { log: number[] | null }).log = log;
    });
  }

  it("limits codes typed per account (from any address), audits the refusal, and lets the account in again once the window has passed", async () => {
    const u = await newMfaUser("limit-mfa");
    const { limit, windowMs } = RATE_LIMITS.mfaVerifyAccount;
    expect(limit).toBe(10);
    // Turning MFA on typed one code already: it counts under the same key.
    let challengeId = await challengeOf(u.email);
    for (let i = 1; i < limit; i++) {
      if (i % MFA_MAX_ATTEMPTS === 0) challengeId = await challengeOf(u.email);
      expect((await send("/auth/mfa/verify", randomAddress(), { challengeId, code: "000000" })).status).toBe(400);
    }
    challengeId = await challengeOf(u.email);
    const code = await mailedCode(u.email);
    expectLimited(await send("/auth/mfa/verify", randomAddress(), { challengeId, code }), windowMs);
    const refused = await env.DB.prepare("SELECT after FROM audit_events WHERE action = 'auth.rate_limited' AND after LIKE ? ORDER BY created_at DESC LIMIT 1")
      .bind(`%${u.id}%`)
      .first<{ after: string }>();
    expect(auditJson(refused!.after)).toMatchObject({ rule: "mfaVerifyAccount", key: u.id });

    await ageWindow("mfaVerifyAccount", u.id);
    const released = await send("/auth/mfa/verify", randomAddress(), { challengeId, code });
    expect(released.status).toBe(200);
    expect(released.json.token).toEqual(expect.any(String));
  });

  it("counts codes typed per address even for challenges that do not exist", async () => {
    const address = randomAddress();
    const { limit, windowMs } = RATE_LIMITS.mfaVerifyAddress;
    for (let i = 0; i < limit; i++) expect((await send("/auth/mfa/verify", address, { challengeId: crypto.randomUUID(), code: "123456" })).json.details).toEqual({ reason: "unknown_challenge" });
    expectLimited(await send("/auth/mfa/verify", address, { challengeId: crypto.randomUUID(), code: "123456" }), windowMs);
  });

  it("limits reset requests per e-mail with 429 and Retry-After, and releases them after the window", async () => {
    const u = await newUser("limit-reset");
    const { limit, windowMs } = RATE_LIMITS.resetRequestAccount;
    for (let i = 0; i < limit; i++) expect((await send("/auth/password-reset/request", randomAddress(), { email: u.email })).status).toBe(200);
    expectLimited(await send("/auth/password-reset/request", randomAddress(), { email: u.email }), windowMs);
    // An address without an account is limited alike: the 429 says nothing about accounts either.
    const ghost = `ghost-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < limit; i++) expect((await send("/auth/password-reset/request", randomAddress(), { email: ghost })).status).toBe(200);
    expectLimited(await send("/auth/password-reset/request", randomAddress(), { email: ghost }), windowMs);
    await ageWindow("resetRequestAccount", u.email);
    expect((await send("/auth/password-reset/request", randomAddress(), { email: u.email })).status).toBe(200);
  });

  it("limits reset requests per client address across e-mails", async () => {
    const address = randomAddress();
    const { limit, windowMs } = RATE_LIMITS.resetRequestAddress;
    for (let i = 0; i < limit; i++) expect((await send("/auth/password-reset/request", address, { email: `spray-${i}-${crypto.randomUUID()}@example.com` })).status).toBe(200);
    expectLimited(await send("/auth/password-reset/request", address, { email: `spray-last-${crypto.randomUUID()}@example.com` }), windowMs);
  });

  it("limits codes mailed per user", async () => {
    const u = await newMfaUser("limit-send");
    const { limit, windowMs } = RATE_LIMITS.mfaCodeUser;
    // Turning MFA on mailed one code (counted under the same key), the sign-in a second.
    const first = await send("/auth/login", randomAddress(), { email: u.email, password: PASSWORD });
    expect(first.json.mfaRequired).toBe(true);
    for (let i = 2; i < limit; i++) expect((await send("/auth/mfa/challenge", randomAddress(), { challengeId: first.json.challengeId })).status).toBe(200);
    expectLimited(await send("/auth/mfa/challenge", randomAddress(), { challengeId: first.json.challengeId }), windowMs);
  });
});

describe("OpenID Connect sign-in (against a local oidc-provider)", () => {
  const local = inject("oidcProvider");
  const provider: OidcProviderConfig = { id: "local", name: "Local OpenID", issuer: local.issuer, clientId: local.clientId, clientSecret: local.clientSecret };
  const redirectUri = "http://localhost/oauth/callback";
  const transport = () => oidcTransport(env);
  const services = () => requestServices(env, new Request("http://localhost/oauth/callback"));
  const db = () => getDb(env.DB);

  /** Goes through the provider's own login and consent forms as a browser would, up to the redirect back. */
  async function authorizeAt(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    let next: { url: URL; method: string; body?: string } = { url: new URL(authorizationUrl), method: "GET" };
    for (let hop = 0; hop < 20; hop++) {
      const res = await fetch(next.url, {
        method: next.method,
        body: next.body,
        redirect: "manual",
        headers: { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), ...(next.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const i = pair!.indexOf("=");
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
      const location = res.headers.get("Location");
      if (location) {
        await res.body?.cancel();
        const to = new URL(location, next.url);
        if (to.href.startsWith(redirectUri)) return to;
        next = { url: to, method: "GET" };
        continue;
      }
      const html = await res.text();
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 200)}`);
      const body = prompt === "login" ? new URLSearchParams({ prompt, login, password: "any" }) : new URLSearchParams({ prompt });
      next = { url: new URL(action, next.url), method: "POST", body: body.toString() };
    }
    throw new Error("the provider never sent the browser back");
  }

  async function signInAt(login: string, opts: { tamper?: (state: string) => Promise<void>; browserState?: string } = {}) {
    const { authorizationUrl, state } = await startOidcSignIn(db(), provider, transport(), redirectUri);
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("nonce")).toBeTruthy();
    const callbackUrl = await authorizeAt(authorizationUrl, login);
    await opts.tamper?.(state);
    const finish = () => finishOidcSignIn(db(), services(), [provider], transport(), { callbackUrl, browserState: opts.browserState ?? state, redirectUri });
    return { finish, state, callbackUrl };
  }

  async function refusal(promise: Promise<unknown>) {
    const err = await promise.then(
      () => null,
      (e: unknown) => e as { status: number; message: string; details?: { reason?: string } },
    );
    expect(err, "the sign-in should have been refused").not.toBeNull();
    return err!;
  }

  it("creates an account for a new verified e-mail, signs in, and reuses the link next time", async () => {
    const email = `oidc-new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const first = await (await signInAt(email)).finish();
    if (first.mfaRequired) throw new Error("no code expected");
    expect(first.user).toMatchObject({ email, emailVerified: true, firstName: "Open", lastName: "Id" });
    expect((await call("GET", "/auth/me", { token: first.token })).json.user.email).toBe(email);
    const second = await (await signInAt(email)).finish();
    if (second.mfaRequired) throw new Error("no code expected");
    expect(second.user.id).toBe(first.user.id);
    const links = await env.DB.prepare("SELECT id FROM oauth_accounts WHERE user_id = ?").bind(first.user.id).all<{ id: string }>();
    expect(links.results).toHaveLength(1);
    expect((await auditFor(links.results[0]!.id, "user.oauth_linked")).length).toBe(1);
    const logins = await env.DB.prepare("SELECT after FROM audit_events WHERE actor_user_id = ? AND action = 'user.login'").bind(first.user.id).all<{ after: string }>();
    expect(logins.results.map((r) => auditJson(r.after))).toEqual([{ method: "oidc", provider: "local" }, { method: "oidc", provider: "local" }]);
  });

  it("links an existing account of the same e-mail, and asks its code when MFA is on", async () => {
    const u = await newUser("oidc-existing");
    await verifyEmailOf(u.email);
    const linked = await (await signInAt(u.email)).finish();
    if (linked.mfaRequired) throw new Error("no code expected");
    expect(linked.user.id).toBe(u.id);
    // A verified account keeps its password and sessions.
    expect((await login(u.email)).status).toBe(200);
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(200);

    // An account nobody verified may be someone else's sign-up with this address: the provider's
    // proof verifies it, and the password and sessions set before stop working.
    const squatted = await newUser("oidc-squatted");
    const taken = await (await signInAt(squatted.email)).finish();
    if (taken.mfaRequired) throw new Error("no code expected");
    expect(taken.user).toMatchObject({ id: squatted.id, emailVerified: true });
    expectError(await login(squatted.email), 401);
    expectError(await call("GET", "/auth/me", { token: squatted.token }), 401);

    const admin = await newAdmin("oidc-admin");
    await verifyEmailOf(admin.email);
    // A device the admin remembered at an earlier password sign-in, and another user's device.
    const remembered = await verify(await challengeOf(admin.email), await mailedCode(admin.email), true);
    const other = await newMfaUser("oidc-other-device");
    const otherDevice = (await verify(await challengeOf(other.email), await mailedCode(other.email), true)).json.deviceToken;

    const asked = await (await signInAt(admin.email)).finish();
    expect(asked).toMatchObject({ mfaRequired: true, challengeId: expect.any(String) });
    if (!asked.mfaRequired) throw new Error("a code was expected");
    // On the admin's remembered device the challenge closes without a code; another device's token does not.
    const refused = await call("POST", "/auth/mfa/device", { body: { challengeId: asked.challengeId, deviceToken: otherDevice } });
    expectError(refused, 400, "Verification failed");
    expect(refused.json.details).toEqual({ reason: "unknown_device" });
    const skipped = await call("POST", "/auth/mfa/device", { body: { challengeId: asked.challengeId, deviceToken: remembered.json.deviceToken } });
    expect(skipped.status).toBe(200);
    expect(skipped.json.user.email).toBe(admin.email);
    expect(skipped.headers.getSetCookie().some((c) => c.startsWith("cm_session="))).toBe(true);
    // Closed: the challenge works once.
    expect((await call("POST", "/auth/mfa/device", { body: { challengeId: asked.challengeId, deviceToken: remembered.json.deviceToken } })).json.details).toEqual({ reason: "used" });
  });

  it("refuses a callback whose state is not the browser's, and a state used before", async () => {
    const email = `oidc-state-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const forged = await signInAt(email, { browserState: "another-browsers-state" });
    const err = await refusal(forged.finish());
    expect(err.status).toBe(400);
    expect(err.message).toBe(AUTH_MESSAGES.oauthFailed);
    expect(err.details).toEqual({ reason: "state_mismatch" });

    const good = await signInAt(email);
    await good.finish();
    expect((await refusal(good.finish())).details).toEqual({ reason: "state_unknown" });
    const failures = await env.DB.prepare("SELECT after FROM audit_events WHERE action = 'user.oauth_failed' ORDER BY created_at DESC LIMIT 2").all<{ after: string }>();
    expect(failures.results.map((r) => (auditJson(r.after) as { reason: string }).reason).sort()).toEqual(["state_mismatch", "state_unknown"]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>()).toEqual({ n: 1 });
  });

  it("refuses an ID token whose nonce is not the one this sign-in sent", async () => {
    const other = await startOidcSignIn(db(), provider, transport(), redirectUri);
    const otherNonce = new URL(other.authorizationUrl).searchParams.get("nonce")!;
    const attempt = await signInAt(`oidc-nonce-${crypto.randomUUID().slice(0, 8)}@example.com`, {
      // The code was issued for this sign-in's nonce; the state now expects another sign-in's.
      tamper: async (state) => {
        const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(state)))].map((b) => b.toString(16).padStart(2, "0")).join("");
        await env.DB.prepare("UPDATE oauth_login_states SET nonce = ? WHERE state_hash = ?").bind(otherNonce, hash).run();
      },
    });
    const err = await refusal(attempt.finish());
    expect(err.message).toBe(AUTH_MESSAGES.oauthFailed);
    expect(err.details).toEqual({ reason: "nonce_mismatch" });
  });

  it("refuses an e-mail the provider has not verified", async () => {
    const attempt = await signInAt(`unverified-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const err = await refusal(attempt.finish());
    expect(err.message).toBe(AUTH_MESSAGES.oauthEmailUnverified);
  });

  it("answers a callback nobody started with the page's error, clears the state cookie, and keeps it out of caches", async () => {
    const res = await fetchWorker("/oauth/callback?code=forged&state=forged", { headers: { Cookie: "cm_oidc_state=forged" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("cm_oidc_state=;") && /Max-Age=0/.test(c))).toBe(true);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("cm_session="))).toBe(false);
    expect(await res.text()).toContain(AUTH_MESSAGES.oauthFailed);
  });

  it("reads providers from the environment, each client secret from its own secret", () => {
    const list = JSON.stringify([
      { id: "google", name: "Google", issuer: "https://accounts.google.com", clientId: "g-client" },
      { id: "entra", name: "Microsoft", issuer: "https://login.microsoftonline.com/tenant-id/v2.0", clientId: "m-client" },
    ]);
    expect(oidcProviders({ OIDC_PROVIDERS: list, OIDC_GOOGLE_CLIENT_SECRET: "g-secret" } as never)).toEqual([
      { id: "google", name: "Google", issuer: "https://accounts.google.com", clientId: "g-client", clientSecret: "g-secret" },
    ]);
    expect(oidcProviders({ OIDC_PROVIDERS: "not json" })).toEqual([]);
    expect(oidcProviders({})).toEqual([]);
  });
});

describe("mail", () => {
  /** The remote mail provider cannot run here: a transport that records what would be posted stands in for it. */
  function recordingTransport(status: number) {
    const sent: { url: string; init: RequestInit }[] = [];
    return { sent, fetch: async (url: string, init: RequestInit = {}) => (sent.push({ url, init }), new Response("{}", { status })) };
  }

  it("posts text and HTML to the HTTP provider with its key, and throws when the provider refuses", async () => {
    const ok = recordingTransport(200);
    const sender = httpMailSender({ url: "https://mail.example.com/emails", apiKey: "key-1", from: "Migrate <no-reply@example.com>" }, ok.fetch);
    await sender.send({ to: "a@example.com", subject: "Hello\r\nBcc: x@example.com", text: "Body", html: "<p>Body</p>" });
    expect(ok.sent[0]!.url).toBe("https://mail.example.com/emails");
    expect(new Headers(ok.sent[0]!.init.headers).get("Authorization")).toBe("Bearer key-1");
    expect(JSON.parse(String(ok.sent[0]!.init.body))).toEqual({ from: "Migrate <no-reply@example.com>", to: ["a@example.com"], subject: "Hello Bcc: x@example.com", text: "Body", html: "<p>Body</p>" });
    const refused = recordingTransport(500);
    await expect(httpMailSender({ url: "https://mail.example.com/emails", apiKey: "k", from: "f@example.com" }, refused.fetch).send({ to: "a@example.com", subject: "s", text: "t" })).rejects.toThrow("500");
  });

  it("keeps mail in the outbox outside production, and never there in production", async () => {
    const to = `outbox-${crypto.randomUUID()}@example.com`;
    await mailSender({ ENVIRONMENT: "development" }, getDb(env.DB)).send({ to, subject: "Kept", text: "t", html: "<p>t</p>" });
    await mailSender({ ENVIRONMENT: "production" }, getDb(env.DB)).send({ to, subject: "Not kept", text: "t" });
    const rows = await env.DB.prepare(`SELECT subject, html FROM outbox_messages WHERE "to" = ?`).bind(to).all();
    expect(rows.results).toEqual([{ subject: "Kept", html: "<p>t</p>" }]);
  });

  it("answers 'Failed to send code' when the code's mail cannot be sent, at sign-in and on resend", async () => {
    const u = await newMfaUser("mail-down");
    const failing: MailSender = {
      send: async () => {
        throw new Error("provider down");
      },
    };
    const services = { ...requestServices(env, new Request("http://localhost/")), mail: failing };
    const err = await passwordLogin(getDb(env.DB), { email: u.email, password: PASSWORD }, null, services).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("Failed to send code");
    expect((err as ApiError).status).toBe(502);
    const challengeId = await challengeOf(u.email);
    await expect(resendCode(getDb(env.DB), services, challengeId)).rejects.toMatchObject({ message: "Failed to send code", status: 502 });
  });
});

describe("the profile's security forms", () => {
  it("refuse a cross-site post that carries the session cookie, and answer a same-origin one", async () => {
    const u = await newUser("csrf");
    const phone = await call("POST", "/auth/login", { body: { email: u.email, password: PASSWORD }, headers: { "User-Agent": "Phone/3" } });
    const sessions = (await call("GET", "/auth/security", { token: u.token })).json.sessions as { id: string; userAgent: string | null }[];
    const target = sessions.find((x) => x.userAgent === "Phone/3")!;
    const body = () => new URLSearchParams({ intent: "revoke-session", id: target.id });
    const headers = { Cookie: `cm_session=${u.token}`, "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" };
    const forged = await fetchWorker("/profile", { method: "POST", headers: { ...headers, Origin: "https://evil.example" }, body: body() });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: CROSS_SITE_REFUSED });
    expect((await call("GET", "/auth/me", { token: phone.json.token })).status).toBe(200);
    const own = await fetchWorker("/profile", { method: "POST", headers: { ...headers, Origin: TEST_ORIGIN }, body: body() });
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    expectError(await call("GET", "/auth/me", { token: phone.json.token }), 401);
  });
});
