import type { RunEvent } from "../contracts/run-events";

/**
 * The run's event log in its SQLite storage: what a follower that reconnects with Last-Event-ID is
 * replayed (see workers/contracts/run-events.ts for the replay and coalescing rules). Trimmed to the
 * newest events as it grows.
 */
export class RunEventLog {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT NOT NULL)`);
  }

  /** Appends an event and returns its id; trims the log to `keep` events. */
  append(event: RunEvent, keep: number): number {
    const row = this.sql.exec(`INSERT INTO events (data) VALUES (?) RETURNING id`, JSON.stringify(event)).one();
    const id = Number(row.id);
    if (id % 100 === 0) this.sql.exec(`DELETE FROM events WHERE id <= ?`, id - keep);
    return id;
  }

  after(id: number, limit: number): { id: number; event: RunEvent }[] {
    return this.sql
      .exec(`SELECT id, data FROM events WHERE id > ? ORDER BY id LIMIT ?`, id, limit)
      .toArray()
      .map((r) => ({ id: Number(r.id), event: JSON.parse(String(r.data)) as RunEvent }));
  }

  /** Lowest and highest stored event ids (0 when there are none). */
  range(): { first: number; last: number } {
    const r = this.sql.exec(`SELECT COALESCE(MIN(id), 0) AS first, COALESCE(MAX(id), 0) AS last FROM events`).one();
    return { first: Number(r.first), last: Number(r.last) };
  }

  last(): { id: number; event: RunEvent } | null {
    const rows = this.sql.exec(`SELECT id, data FROM events ORDER BY id DESC LIMIT 1`).toArray();
    return rows.length ? { id: Number(rows[0].id), event: JSON.parse(String(rows[0].data)) as RunEvent } : null;
  }
}
