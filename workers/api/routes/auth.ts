import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { loginSchema, signupSchema, themeSchema, verifyEmailSchema } from "../../contracts/auth";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { SESSION_COOKIE, SESSION_TTL_MS, login, logout, setThemePreference, signup, toUserDto } from "../../services/auth";
import { resendVerificationMail, verifyEmail } from "../../services/email-verification";
import { requestLimits } from "../../services/rate-limits";
import { requestServices } from "../../services/request-services";
import { requireAuth } from "../middleware/auth";
import { parseJson } from "../validate";

/** Sets the httpOnly cookie that carries the bearer token for server-rendered routes. */
export function sessionCookie(c: Parameters<typeof setCookie>[0], token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: new URL(c.req.url).protocol === "https:",
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
    const res = await login(getDb(c.env.DB), input, c.req.header("User-Agent"), requestLimits(c.env, c.req.raw));
    sessionCookie(c, res.token);
    return c.json(res);
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
