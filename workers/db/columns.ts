import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, integer, text } from "drizzle-orm/sqlite-core";

/** The `created_at` column every table shares: milliseconds, set by the database on insert. */
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** The `updated_at` column: milliseconds, written by the code that changes the row. */
export const updatedAt = () => integer("updated_at", { mode: "timestamp_ms" }).notNull();

/**
 * The id of the row this one belongs to (its organization, site, run, snapshot…): required, and the row
 * is deleted with its owner, so no tenant data outlives the organization or site it came from.
 */
export const belongsTo = (name: string, owner: () => AnySQLiteColumn) => text(name).notNull().references(owner, { onDelete: "cascade" });
