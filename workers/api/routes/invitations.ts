import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../../services/invitations";
import { requireAuth } from "../middleware/auth";

/** The signed-in user's own invitations: no organization header, the invitation's address must be theirs. */
export const invitationRoutes = new Hono<AppEnv>()
  .use("/invitations", requireAuth)
  .use("/invitations/*", requireAuth)
  .get("/invitations", async (c) => c.json(await listMyInvitations(getDb(c.env.DB), c.get("auth").user)))
  .post("/invitations/:id/accept", async (c) => {
    const organization = await acceptInvitation(getDb(c.env.DB), c.get("auth"), c.req.param("id"));
    return c.json({ organization });
  })
  .post("/invitations/:id/decline", async (c) => {
    await declineInvitation(getDb(c.env.DB), c.get("auth"), c.req.param("id"));
    return c.json({ success: true });
  });
