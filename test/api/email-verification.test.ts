import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { VERIFICATION_MESSAGES } from "../../workers/services/email-verification";
import { auditFor, auditJson, call, expectError, newUser, verificationToken } from "./helpers";

const verify = (token: string) => call("POST", "/auth/verify-email", { body: { token } });

describe("e-mail verification", () => {
  it("sends a link at sign-up whose token is stored only as a hash", async () => {
    const u = await newUser("verify");
    expect((await call("GET", "/auth/me", { token: u.token })).json.user.emailVerified).toBe(false);
    const token = await verificationToken(u.email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await env.DB.prepare("SELECT token_hash, email, expires_at, created_at FROM email_verification_tokens WHERE user_id = ?").bind(u.id).all<{ token_hash: string; email: string; expires_at: number; created_at: number }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows.results)).not.toContain(token);
    expect(rows.results[0].email).toBe(u.email);
    expect(rows.results[0].expires_at - rows.results[0].created_at).toBeGreaterThan(23 * 3600_000);

    expect((await verify(token)).status).toBe(200);
    expect((await call("GET", "/auth/me", { token: u.token })).json.user.emailVerified).toBe(true);
    const [audit] = await auditFor(u.id, "user.email_verified");
    expect(audit.actor_user_id).toBe(u.id);
    expect(auditJson(audit.after)).toEqual({ email: u.email });
  });

  it("uses a token once", async () => {
    const u = await newUser("once");
    const token = await verificationToken(u.email);
    expect((await verify(token)).status).toBe(200);
    expectError(await verify(token), 400, VERIFICATION_MESSAGES.invalidLink);
    expectError(await verify("not-a-token"), 400, VERIFICATION_MESSAGES.invalidLink);
  });

  it("refuses an expired token", async () => {
    const u = await newUser("late");
    const token = await verificationToken(u.email);
    await env.DB.prepare("UPDATE email_verification_tokens SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1000, u.id).run();
    expectError(await verify(token), 400, VERIFICATION_MESSAGES.invalidLink);
    expect((await call("GET", "/auth/me", { token: u.token })).json.user.emailVerified).toBe(false);
  });

  it("resends a new link that replaces the old one, and says so once verified", async () => {
    const u = await newUser("resend");
    const first = await verificationToken(u.email);
    const res = await call("POST", "/auth/verify-email/resend", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, email: u.email });
    const second = await verificationToken(u.email);
    expect(second).not.toBe(first);
    expectError(await verify(first), 400, VERIFICATION_MESSAGES.invalidLink);
    expect((await verify(second)).status).toBe(200);
    expectError(await call("POST", "/auth/verify-email/resend", { token: u.token }), 409, VERIFICATION_MESSAGES.alreadyVerified);
    expectError(await call("POST", "/auth/verify-email/resend"), 401);
  });
});
