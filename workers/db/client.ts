import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";
import * as newsSchema from "./schema-news";
import * as mappingSchema from "./schema-mapping";
import * as targetsSchema from "./schema-targets";
import * as runsSchema from "./schema-runs";
import * as mailSchema from "./schema-mail";
import * as authSchema from "./schema-auth";
import * as publicSchema from "./schema-public";

const SCHEMA = { ...schema, ...newsSchema, ...mappingSchema, ...targetsSchema, ...runsSchema, ...mailSchema, ...publicSchema, ...authSchema };

function createDb(d1: D1Database) {
  return drizzle(d1, { schema: SCHEMA });
}

export type Db = ReturnType<typeof createDb>;

/**
 * The drizzle client over a D1 binding, made once per binding: building one reads the whole schema's
 * relations, which a run object asking for its database per statement paid for every time. The client
 * keeps no state between queries, so sharing it is safe.
 */
const clients = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) clients.set(d1, (db = createDb(d1)));
  return db;
}
