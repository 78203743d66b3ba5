import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { getRedirectsCsv, getRunFile, listRunTargetPages, rollbackTargetRun } from "../../services/target-outputs";

const attachment = (filename: string) => `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`;

/** What a run left in or for the target: rollback and the downloads (spec §7 downloads use Content-Disposition). */
export const targetOutputRoutes = new Hono<AppEnv>()
  .post("/migration/:migrationId/rollback", async (c) => {
    const result = await rollbackTargetRun(getDb(c.env.DB), c.env, c.get("auth").actor, c.get("organizationId"), c.req.param("migrationId"));
    return c.json({ success: true, ...result });
  })
  .get("/migration/:migrationId/redirects.csv", async (c) => {
    const { filename, body } = await getRedirectsCsv(getDb(c.env.DB), c.get("organizationId"), c.req.param("migrationId"));
    return c.body(body, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachment(filename) });
  })
  .get("/migration/:migrationId/export.zip", async (c) => {
    const file = await getRunFile(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("migrationId"), "exportZip");
    return c.body(file.body, 200, { "Content-Type": file.contentType, "Content-Disposition": attachment(file.filename) });
  })
  .get("/migration/:migrationId/target-pages", async (c) => c.json(await listRunTargetPages(getDb(c.env.DB), c.get("organizationId"), c.req.param("migrationId"))))
  .get("/migration/:migrationId/magnolia.yaml", async (c) => {
    const file = await getRunFile(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("migrationId"), "magnoliaYaml");
    return c.body(file.body, 200, { "Content-Type": file.contentType, "Content-Disposition": attachment(file.filename) });
  });
