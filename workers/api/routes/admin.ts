import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { userSearchQuerySchema } from "../../contracts/admin";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
import { assertAdminSession, endImpersonation, getUserDetails, impersonateUser, searchUsers } from "../../services/admin";
import { requireAuth, requireGlobalAdmin } from "../middleware/auth";
import { sessionCookie } from "./auth";

/** Rejects impersonation sessions: admin work is done from the administrator's own session. */
const requireOwnSession = createMiddleware<AppEnv>(async (c, next) => {
  assertAdminSession(c.get("auth"));
  await next();
});

/** The middleware of every administration route but the impersonation switches. */
export const requireAdminSession = [requireAuth, requireGlobalAdmin, requireOwnSession] as const;

/**
 * Impersonation and user administration (spec §2 Admin screen, §4, §7). Impersonation switches use
 * requireAuth only: the service tells "already impersonating" (400) from "not an admin" (403), which a
 * role check on the impersonated user could not.
 */
export const adminRoutes = new Hono<AppEnv>()
  .post("/admin/impersonate/:userId", requireAuth, async (c) => {
    const res = await impersonateUser(getDb(c.env.DB), c.get("auth"), c.req.param("userId"), c.req.header("User-Agent"));
    sessionCookie(c, res.token);
    return c.json(res);
  })
  .post("/admin/end-impersonation", requireAuth, async (c) => {
    const res = await endImpersonation(getDb(c.env.DB), c.get("auth"), c.req.header("User-Agent"));
    sessionCookie(c, res.token);
    return c.json(res);
  })
  .get("/admin/users", ...requireAdminSession, async (c) => {
    const parsed = userSearchQuerySchema.safeParse({ search: c.req.query("search") ?? "" });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      throw badRequest(issues[0]?.message ?? "Invalid search", issues);
    }
    return c.json({ users: await searchUsers(getDb(c.env.DB), parsed.data.search) });
  })
  .get("/admin/users/:id", ...requireAdminSession, async (c) => c.json(await getUserDetails(getDb(c.env.DB), c.req.param("id"))));
