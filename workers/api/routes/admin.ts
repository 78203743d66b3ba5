import { Hono } from "hono";
import { userSearchQuerySchema } from "../../contracts/admin";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
import { endImpersonation, getUserDetails, impersonateUser, searchUsers } from "../../services/admin";
import { sessionCookie } from "./auth";

/**
 * Impersonation and user administration (spec §2 Admin screen, §4, §7). User administration needs a
 * global ADMIN's own session (../access-rules.ts). The impersonation switches need a signed-in user
 * only: the service tells "already impersonating" (400) from "not an admin" (403), which a role check
 * on the impersonated user could not.
 */
export const adminRoutes = new Hono<AppEnv>()
  .post("/admin/impersonate/:userId", async (c) => {
    const res = await impersonateUser(getDb(c.env.DB), c.get("auth"), c.req.param("userId"), c.req.header("User-Agent"));
    sessionCookie(c, res.token);
    return c.json(res);
  })
  .post("/admin/end-impersonation", async (c) => {
    const res = await endImpersonation(getDb(c.env.DB), c.get("auth"), c.req.header("User-Agent"));
    sessionCookie(c, res.token);
    return c.json(res);
  })
  .get("/admin/users", async (c) => {
    const parsed = userSearchQuerySchema.safeParse({ search: c.req.query("search") ?? "" });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      throw badRequest(issues[0]?.message ?? "Invalid search", issues);
    }
    return c.json({ users: await searchUsers(getDb(c.env.DB), parsed.data.search) });
  })
  .get("/admin/users/:id", async (c) => c.json(await getUserDetails(getDb(c.env.DB), c.req.param("id"))));
