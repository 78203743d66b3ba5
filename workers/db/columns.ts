import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** The `created_at` column every table shares: milliseconds, set by the database on insert. */
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
