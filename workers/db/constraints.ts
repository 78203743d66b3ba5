import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * The columns SQLite names when it refuses a row for a unique constraint ("UNIQUE constraint failed:
 * t.a, t.b"), from the error or its causes (D1 wraps SQLite's message); null for any other error.
 */
function uniqueColumns(err: unknown): string[] | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : String(e);
    const m = /UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/.exec(message);
    if (m) return m[1].split(", ");
  }
  return null;
}

/**
 * Whether `err` is the refusal of a row by the unique index `indexName` of `table`: the columns SQLite
 * reports are exactly that index's columns as the schema declares them. Another constraint of the same
 * table (or any other error) is not mistaken for it.
 */
export function violatesUniqueIndex(err: unknown, table: SQLiteTable, indexName: string): boolean {
  const reported = uniqueColumns(err);
  if (!reported) return false;
  const config = getTableConfig(table);
  const index = config.indexes.find((i) => i.config.name === indexName && i.config.unique);
  if (!index) throw new Error(`${config.name} has no unique index ${indexName}`);
  const declared = index.config.columns.map((c) => `${config.name}.${(c as { name: string }).name}`);
  return declared.length === reported.length && declared.every((c) => reported.includes(c));
}
