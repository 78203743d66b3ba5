import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import {
  changePasswordSchema,
  loginSchema,
  mfaChallengeSchema,
  mfaDeviceSchema,
  mfaSettingsCodeSchema,
  mfaSettingsSchema,
  mfaVerifySchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signupSchema,
  themeSchema,
  verifyEmailSchema,
} from "../../contracts/auth";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { accountSecurity, changePassword, requestMfaSettingCode, revokeDevice, revokeSession, setMfaEnabled } from "../../services/account-security";
import { SESSION_COOKIE, SESSION_TTL_MS, login, logout, setThemePreference, signup, toUserDto, verifyLoginCode, verifyRememberedDevice } from "../../services/auth";
import { resendCode } from "../../services/mfa";
import { requestPasswordReset, resetPassword } from "../../services/password-reset";
import { resendVerificationMail, verifyEmail } from "../../services/email-verification";
import { requestServices } from "../../services/request-services";
import { requireAuth } from "../middleware/auth";
import { parseJson } from "../validate";

/** Sets the httpOnly cookie that carries the bearer token for server-rendered routes. */
export function sessionCookie(c: Parameters<typeof setCookie>[0], token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    // Secure wherever the site is served over https, and always in production.
    secure: c.env.ENVIRONMENT === "production" || new URL(c.req.url).protocol === "https:",
    sameSite: "Lax",
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export const authRoutes = new Hono<AppEnv>()
  .post("/auth/signup", async (c) => {
    const input = await parseJson(c, signupSchema);
    const res = await signup(getDb(c.env.DB), input, c.req.header("User-Agent"), requestServices(c.env, c.req.raw));
    sessionCookie(c, res.token);
    return c.json(res, 201);
  })
  .post("/auth/login", async (c) => {
    const input = await parseJson(c, loginSchema);
    const res = await login(getDb(c.env.DB), input, c.req.header("User-Agent"), requestServices(c.env, c.req.raw));
    if (!res.mfaRequired) sessionCookie(c, res.token);
    return c.json(res);
  })
  // Public: the challenge id of a password sign-in is the proof of its first step.
  .post("/auth/mfa/challenge", async (c) => {
    const { challengeId } = await parseJson(c, mfaChallengeSchema);
    await resendCode(getDb(c.env.DB), requestServices(c.env, c.req.raw), challengeId);
    return c.json({ success: true });
  })
  .post("/auth/mfa/verify", async (c) => {
    const input = await parseJson(c, mfaVerifySchema);
    const res = await verifyLoginCode(getDb(c.env.DB), input, c.req.header("User-Agent"), requestServices(c.env, c.req.raw));
    sessionCookie(c, res.token);
    return c.json(res);
  })
  .post("/auth/mfa/device", async (c) => {
    const input = await parseJson(c, mfaDeviceSchema);
    const res = await verifyRememberedDevice(getDb(c.env.DB), input, c.req.header("User-Agent"), requestServices(c.env, c.req.raw));
    sessionCookie(c, res.token);
    return c.json(res);
  })
  .get("/auth/security", requireAuth, async (c) => c.json(await accountSecurity(getDb(c.env.DB), c.get("auth"))))
  .post("/auth/mfa/settings/code", requireAuth, async (c) => {
    const { enabled } = await parseJson(c, mfaSettingsCodeSchema);
    return c.json(await requestMfaSettingCode(getDb(c.env.DB), requestServices(c.env, c.req.raw), c.get("auth"), enabled));
  })
  .put("/auth/mfa/settings", requireAuth, async (c) => {
    const input = await parseJson(c, mfaSettingsSchema);
    return c.json(await setMfaEnabled(getDb(c.env.DB), requestServices(c.env, c.req.raw), c.get("auth"), input));
  })
  .delete("/auth/devices/:id", requireAuth, async (c) => {
    await revokeDevice(getDb(c.env.DB), c.get("auth"), c.req.param("id"));
    return c.json({ success: true });
  })
  .delete("/auth/sessions/:id", requireAuth, async (c) => {
    await revokeSession(getDb(c.env.DB), c.get("auth"), c.req.param("id"));
    return c.json({ success: true });
  })
  .put("/auth/password", requireAuth, async (c) => {
    const input = await parseJson(c, changePasswordSchema);
    await changePassword(getDb(c.env.DB), requestServices(c.env, c.req.raw), c.get("auth"), input);
    return c.json({ success: true });
  })
  // Public, and the same answer whether or not the address has an account.
  .post("/auth/password-reset/request", async (c) => {
    const { email } = await parseJson(c, passwordResetRequestSchema);
    await requestPasswordReset(getDb(c.env.DB), requestServices(c.env, c.req.raw), email);
    return c.json({ success: true });
  })
  // Public: the token of the reset mail is the proof.
  .post("/auth/password-reset", async (c) => {
    const { token, password } = await parseJson(c, passwordResetSchema);
    await resetPassword(getDb(c.env.DB), token, password);
    return c.json({ success: true });
  })
  // Public: the token of the mail is the proof, whoever's browser opens the link.
  .post("/auth/verify-email", async (c) => {
    const { token } = await parseJson(c, verifyEmailSchema);
    await verifyEmail(getDb(c.env.DB), token);
    return c.json({ success: true });
  })
  .post("/auth/verify-email/resend", requireAuth, async (c) => {
    const { email } = await resendVerificationMail(getDb(c.env.DB), requestServices(c.env, c.req.raw), c.get("auth"));
    return c.json({ success: true, email });
  })
  .post("/auth/logout", requireAuth, async (c) => {
    await logout(getDb(c.env.DB), c.get("auth"));
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ success: true });
  })
  .get("/auth/me", requireAuth, async (c) => {
    const auth = c.get("auth");
    return c.json({ user: await toUserDto(getDb(c.env.DB), auth.user), isImpersonation: auth.isImpersonation });
  })
  .put("/users/theme-preference", requireAuth, async (c) => {
    const { themePreference } = await parseJson(c, themeSchema);
    const user = await setThemePreference(getDb(c.env.DB), c.get("auth"), themePreference);
    return c.json({ success: true, themePreference: user.themePreference, user });
  });
