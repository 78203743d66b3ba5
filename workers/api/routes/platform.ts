import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { dryRunTargetWrites } from "../../services/target-outputs";
import { getPlatformCapabilities, testPlatformConnection } from "../../services/target-platform";
import { dryRunSchema } from "../../targets/contract";
import type { MappedPage } from "../../targets/types";
import { parseJson } from "../validate";

/** The site's target platform: connection test, capabilities and dry runs (spec §7). */
export const platformRoutes = new Hono<AppEnv>()
  .post("/platform/:siteId/test-connection", async (c) =>
    c.json(await testPlatformConnection(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("siteId"))),
  )
  .get("/platform/:siteId/capabilities", async (c) =>
    c.json({ capabilities: await getPlatformCapabilities(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("siteId")) }),
  )
  .post("/platform/:siteId/dry-run", async (c) => {
    const input = await parseJson(c, dryRunSchema);
    return c.json(await dryRunTargetWrites(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("siteId"), input.pages as MappedPage[]));
  });
