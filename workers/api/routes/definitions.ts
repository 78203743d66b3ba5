import { Hono } from "hono";
import { definitionKeySchema, putComponentSchema, putTemplateSchema } from "../../contracts/mapping";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
import { deleteDefinition, getDefinition, listDefinitions, putDefinition, type DefinitionKind } from "../../services/definitions";
import { parseJson } from "../validate";

function keyParam(raw: string): string {
  const parsed = definitionKeySchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid key");
  return parsed.data;
}

function kindRoutes(kind: DefinitionKind) {
  const schema = kind === "components" ? putComponentSchema : putTemplateSchema;
  return new Hono<AppEnv>()
    .get(`/sites/:siteId/${kind}`, async (c) => c.json(await listDefinitions(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"), kind)))
    .get(`/sites/:siteId/${kind}/:key`, async (c) =>
      c.json(await getDefinition(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"), kind, keyParam(c.req.param("key")))),
    )
    .put(`/sites/:siteId/${kind}/:key`, async (c) => {
      const key = keyParam(c.req.param("key"));
      const input = await parseJson(c, schema);
      return c.json(await putDefinition(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"), kind, key, input));
    })
    .delete(`/sites/:siteId/${kind}/:key`, async (c) => {
      await deleteDefinition(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"), kind, keyParam(c.req.param("key")));
      return c.json({ success: true });
    });
}

/** Component (block) and template definitions of a site: the shapes the mapper maps onto. */
export const definitionRoutes = new Hono<AppEnv>()
  .route("/", kindRoutes("components"))
  .route("/", kindRoutes("templates"));
