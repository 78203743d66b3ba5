import { Hono } from "hono";
import { acceptSuggestionsSchema, autoPopulateRequestSchema } from "../../contracts/mapping";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { acceptSuggestions, getAutoPopulateState, resetAutoPopulate, startAutoPopulate } from "../../services/auto-populate";
import { parseJson } from "../validate";

/** Auto-populate: render a page of the site, find its recurring structures, accept them as definitions. */
export const autoPopulateRoutes = new Hono<AppEnv>()
  .get("/sites/:siteId/auto-populate", async (c) => c.json(await getAutoPopulateState(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"))))
  .post("/sites/:siteId/auto-populate", async (c) => {
    const input = await parseJson(c, autoPopulateRequestSchema);
    const state = await startAutoPopulate(getDb(c.env.DB), c.env, c.get("auth"), c.get("organizationId"), c.req.param("siteId"), input, (p) => c.executionCtx.waitUntil(p));
    return c.json(state, 202);
  })
  .delete("/sites/:siteId/auto-populate", async (c) => c.json(await resetAutoPopulate(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"))))
  .post("/sites/:siteId/auto-populate/accept", async (c) => {
    const input = await parseJson(c, acceptSuggestionsSchema);
    return c.json(await acceptSuggestions(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"), input.suggestions));
  });
