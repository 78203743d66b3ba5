import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";
import * as newsSchema from "./schema-news";
import * as mappingSchema from "./schema-mapping";
import * as targetsSchema from "./schema-targets";
import * as runsSchema from "./schema-runs";
import * as mailSchema from "./schema-mail";
import * as authSchema from "./schema-auth";
import * as publicSchema from "./schema-public";

export type Db = ReturnType<typeof getDb>;

/** A drizzle client over the D1 binding. */
export function getDb(d1: D1Database) {
  return drizzle(d1, { schema: { ...schema, ...newsSchema, ...mappingSchema, ...targetsSchema, ...runsSchema, ...mailSchema, ...publicSchema, ...authSchema } });
}
