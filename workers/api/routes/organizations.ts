import { Hono } from "hono";
import { changeRoleSchema, createOrganizationSchema, inviteSchema } from "../../contracts/auth";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { touchActiveOrganization } from "../../services/auth";
import {
  changeMemberRole,
  createOrganization,
  deleteOrganization,
  getOrganizationDetails,
  inviteMember,
  leaveOrganization,
  listOrganizations,
  removeMember,
} from "../../services/organizations";
import { requestServices } from "../../services/request-services";
import { parseJson } from "../validate";

/**
 * Organization routes. The access middleware checks the path's organization and the caller's role
 * (../access-rules.ts); the services keep the rules that depend on the member and role concerned.
 */
export const organizationRoutes = new Hono<AppEnv>()
  .get("/organization", async (c) => c.json({ organizations: await listOrganizations(getDb(c.env.DB), c.get("auth")) }))
  .post("/organization", async (c) => {
    const { name } = await parseJson(c, createOrganizationSchema);
    const db = getDb(c.env.DB);
    const organization = await createOrganization(db, c.get("auth"), name);
    await touchActiveOrganization(db, c.get("auth").user.id, organization.id);
    return c.json({ organization }, 201);
  })
  .get("/organization/:id", async (c) => {
    const db = getDb(c.env.DB);
    const organization = await getOrganizationDetails(db, c.get("auth"), c.req.param("id"));
    await touchActiveOrganization(db, c.get("auth").user.id, organization.id);
    return c.json({ organization });
  })
  .delete("/organization/:id", async (c) => {
    await deleteOrganization(getDb(c.env.DB), c.get("auth"), c.req.param("id"));
    return c.json({ success: true });
  })
  .post("/organization/:id/invite", async (c) => {
    const { email, role } = await parseJson(c, inviteSchema);
    const member = await inviteMember(getDb(c.env.DB), c.get("auth"), c.req.param("id"), email, role, requestServices(c.env, c.req.raw));
    return c.json({ member }, 201);
  })
  .put("/organization/:id/members/:memberId", async (c) => {
    const { role } = await parseJson(c, changeRoleSchema);
    const member = await changeMemberRole(getDb(c.env.DB), c.get("auth"), c.req.param("id"), c.req.param("memberId"), role);
    return c.json({ member });
  })
  .delete("/organization/:id/members/:memberId", async (c) => {
    await removeMember(getDb(c.env.DB), c.get("auth"), c.req.param("id"), c.req.param("memberId"));
    return c.json({ success: true });
  })
  .post("/organization/:id/leave", async (c) => {
    await leaveOrganization(getDb(c.env.DB), c.get("auth"), c.req.param("id"));
    return c.json({ success: true });
  });
