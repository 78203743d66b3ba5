import { Hono } from "hono";
import { createSiteSchema, saveSiteConfigSchema, updateSiteSchema } from "../../contracts/sites";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { getSiteConfig, listSiteConfigs, saveSiteConfig } from "../../services/site-config";
import { createSite, deleteSite, listSites, listSitesForUser, updateSite } from "../../services/sites";
import { parseJson } from "../validate";

/** Sites (projects) and their configuration, scoped to the `X-Organization-Id` organization (access: ../access-rules.ts). */
export const siteRoutes = new Hono<AppEnv>()
  .get("/projects", async (c) => c.json({ sites: await listSitesForUser(getDb(c.env.DB), c.get("auth").user.id) }))
  .get("/sites", async (c) => c.json({ sites: await listSites(getDb(c.env.DB), c.get("organizationId")) }))
  .post("/sites", async (c) => {
    const input = await parseJson(c, createSiteSchema);
    const site = await createSite(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), input);
    return c.json({ site }, 201);
  })
  .put("/sites/:siteId", async (c) => {
    const input = await parseJson(c, updateSiteSchema);
    const site = await updateSite(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"), input);
    return c.json({ site });
  })
  .delete("/sites/:siteId", async (c) => {
    await deleteSite(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"));
    return c.json({ success: true });
  })
  .get("/site-config", async (c) => c.json({ siteConfigs: await listSiteConfigs(getDb(c.env.DB), c.get("organizationId")) }))
  .get("/site-config/:siteId", async (c) => c.json(await getSiteConfig(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"))))
  .put("/site-config/:siteId", async (c) => {
    const input = await parseJson(c, saveSiteConfigSchema);
    const saved = await saveSiteConfig(getDb(c.env.DB), c.env, c.get("auth"), c.get("organizationId"), c.req.param("siteId"), input);
    return c.json(saved);
  });
