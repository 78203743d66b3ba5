import type { DamProgress, RunOptions, RunPhase, RunStatus, ScreenshotRef } from "../contracts/run-events";
import { screenshotPath } from "../contracts/run-events";
import { RunEventLog } from "./event-log";
import type { SiteDefinitions } from "./pipeline";

/** What a run was started with; never changes. */
export interface RunConfig {
  migrationId: string;
  organizationId: string;
  siteId: string;
  startedByUserId: string | null;
  impersonatorUserId: string | null;
  /** The site's origin ("https://www.example.com") and host ("www.example.com"). */
  origin: string;
  host: string;
  environment: string;
  site: SiteDefinitions;
  options: RunOptions;
  startedAt: number;
}

/** The run's working state; saved on every change. */
export interface RunState {
  status: RunStatus;
  phase: RunPhase;
  totalCount: number;
  captured: number;
  captureFailed: number;
  skipped: number;
  componentCount: number;
  /** Pages handed to the pipeline, and those done (written) or failed there. */
  processingTotal: number;
  written: number;
  writeFailed: number;
  /** Pages the mapper is done with (then written, waiting for review, or failed at the writer). */
  mapped?: number;
  /** Pages whose mapping waits for review: the pipeline is done with them, but they were not written. */
  awaitingReview: number;
  /** Capture fans out to queue consumers (decided once the page list is known); absent means in the object's own tabs. */
  fanOut?: boolean;
  /** "none" until capture ends; then which parts of the pipeline the run has. */
  pipeline: "none" | "mapper" | "full" | null;
  /** Why a "mapper" pipeline has no writer (logged when the run stops after mapping). */
  stopReason: string | null;
  currentPage: string | null;
  damProgress: DamProgress | null;
  heartbeatAt: number;
  finishedAt: number | null;
  browserSessionId: string | null;
  errorMessage: string | null;
  alarmErrors: number;
}

/** `leased`: handed to a queue consumer under a lease id until the lease expires (fan-out runs). */
export type PageState = "pending" | "in_progress" | "leased" | "captured" | "failed" | "skipped";
export type WriteState = "pending" | "in_progress" | "written" | "failed" | "review" | "skipped";

export interface PageRow {
  idx: number;
  url: string;
  state: PageState;
  attempts: number;
  snapshotId: string | null;
  writeState: WriteState | null;
  writeAttempts: number;
}

type SqlRow = Record<string, SqlStorageValue>;

function toPage(r: SqlRow): PageRow {
  return {
    idx: Number(r.idx),
    url: String(r.url),
    state: r.state as PageState,
    attempts: Number(r.attempts),
    snapshotId: r.snapshot_id === null ? null : String(r.snapshot_id),
    writeState: (r.write_state as WriteState | null) ?? null,
    writeAttempts: Number(r.write_attempts),
  };
}

/** A phase's columns in `pages`: capture and write claim and recover pages the same way. */
type PhaseColumns = { state: "state"; attempts: "attempts" } | { state: "write_state"; attempts: "write_attempts" };
const CAPTURE: PhaseColumns = { state: "state", attempts: "attempts" };
const WRITE: PhaseColumns = { state: "write_state", attempts: "write_attempts" };

/**
 * The run object's SQLite storage: its config and state, its page list with per-page state (the
 * checkpoint), and the event log that stream reconnects replay (`events`, event-log.ts). All calls
 * are synchronous; writes are durable before the object sends anything out (output gate), so a
 * checkpoint always precedes the work.
 */
export class RunStore {
  /** The event log that stream reconnects replay. */
  readonly events: RunEventLog;

  constructor(private readonly sql: SqlStorage, private readonly storage: DurableObjectStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS pages (
      idx INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, state TEXT NOT NULL DEFAULT 'pending',
      attempts INTEGER NOT NULL DEFAULT 0, not_before INTEGER NOT NULL DEFAULT 0, snapshot_id TEXT,
      has_screenshot INTEGER NOT NULL DEFAULT 0, captured_at INTEGER, reason TEXT,
      write_state TEXT, write_attempts INTEGER NOT NULL DEFAULT 0)`);
    // Lease columns of fan-out runs; added to page lists created before them.
    const columns = new Set(sql.exec(`PRAGMA table_info(pages)`).toArray().map((c) => String(c.name)));
    if (!columns.has("lease_id")) sql.exec(`ALTER TABLE pages ADD COLUMN lease_id TEXT`);
    if (!columns.has("lease_expires")) sql.exec(`ALTER TABLE pages ADD COLUMN lease_expires INTEGER`);
    if (!columns.has("lease_taken")) sql.exec(`ALTER TABLE pages ADD COLUMN lease_taken INTEGER NOT NULL DEFAULT 0`);
    if (!columns.has("offers")) sql.exec(`ALTER TABLE pages ADD COLUMN offers INTEGER NOT NULL DEFAULT 0`);
    sql.exec(`CREATE INDEX IF NOT EXISTS pages_lease_idx ON pages (lease_id)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS pages_capture_idx ON pages (state, not_before, idx)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS pages_write_idx ON pages (write_state, not_before, idx)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS pages_captured_idx ON pages (captured_at)`);
    // The recent screenshots every progress row and new follower carries: read from the newest end,
    // not by sorting every captured page (which grew with the run).
    sql.exec(`CREATE INDEX IF NOT EXISTS pages_shots_idx ON pages (captured_at DESC, idx DESC) WHERE state = 'captured' AND has_screenshot = 1`);
    this.events = new RunEventLog(sql);
  }

  private getMeta<T>(key: string): T | null {
    const rows = this.sql.exec(`SELECT value FROM meta WHERE key = ?`, key).toArray();
    return rows.length ? (JSON.parse(String(rows[0].value)) as T) : null;
  }

  private setMeta(key: string, value: unknown): void {
    this.sql.exec(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, JSON.stringify(value));
  }

  config(): RunConfig | null {
    return this.getMeta<RunConfig>("config");
  }

  setConfig(config: RunConfig): void {
    this.setMeta("config", config);
  }

  state(): RunState | null {
    const state = this.getMeta<RunState>("state");
    if (!state) return null;
    // Runs stored before a field existed read it as its starting value.
    state.awaitingReview ??= 0;
    state.stopReason ??= null;
    return state;
  }

  saveState(state: RunState): void {
    this.setMeta("state", state);
  }

  /** Runs several writes as one transaction. */
  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }

  insertPages(urls: readonly string[]): void {
    this.transaction(() => {
      urls.forEach((url, i) => this.sql.exec(`INSERT OR IGNORE INTO pages (idx, url) VALUES (?, ?)`, i, url));
    });
  }

  /**
   * Pages a phase left `in_progress` in an invocation that died: back to pending, or failed when out of
   * attempts. Returns them as they were.
   */
  private recoverPhase(phase: PhaseColumns, maxAttempts: number): PageRow[] {
    const rows = this.sql.exec(`SELECT * FROM pages WHERE ${phase.state} = 'in_progress'`).toArray().map(toPage);
    this.sql.exec(`UPDATE pages SET ${phase.state} = 'pending' WHERE ${phase.state} = 'in_progress' AND ${phase.attempts} < ?`, maxAttempts);
    this.sql.exec(`UPDATE pages SET ${phase.state} = 'failed', reason = 'interrupted' WHERE ${phase.state} = 'in_progress'`);
    return rows;
  }

  /** Claims a phase's next due page and counts the attempt; returns the page as it was before the claim. */
  private claimDue(phase: PhaseColumns, now: number): PageRow | null {
    const rows = this.sql
      .exec(`SELECT * FROM pages WHERE ${phase.state} = 'pending' AND not_before <= ? ORDER BY not_before, idx LIMIT 1`, now)
      .toArray();
    if (!rows.length) return null;
    const page = toPage(rows[0]);
    this.sql.exec(`UPDATE pages SET ${phase.state} = 'in_progress', ${phase.attempts} = ${phase.attempts} + 1 WHERE idx = ?`, page.idx);
    return page;
  }

  /** Pages left `in_progress` by an invocation that died: back to pending (or failed when out of attempts). */
  recoverInterrupted(maxAttempts: number): { retried: PageRow[]; exhausted: PageRow[] } {
    const rows = this.recoverPhase(CAPTURE, maxAttempts);
    return { retried: rows.filter((p) => p.attempts < maxAttempts), exhausted: rows.filter((p) => p.attempts >= maxAttempts) };
  }

  /** The checkpoint before a page: claims the next due page and counts the attempt. */
  claimNext(now: number): PageRow | null {
    const page = this.claimDue(CAPTURE, now);
    return page && { ...page, state: "in_progress", attempts: page.attempts + 1 };
  }

  /** Earliest time a waiting page becomes due, or null when none waits. */
  nextDueAt(column: "state" | "write_state" = "state"): number | null {
    const row = this.sql.exec(`SELECT MIN(not_before) AS t FROM pages WHERE ${column} = 'pending'`).one();
    return row.t === null ? null : Number(row.t);
  }

  /** Pages not finished in the capture phase (leased pages included). */
  remaining(): number {
    return Number(this.sql.exec(`SELECT COUNT(*) AS n FROM pages WHERE state IN ('pending', 'in_progress', 'leased')`).one().n);
  }

  /**
   * The checkpoint of a lease: up to `n` due pages move to `leased` under `leaseId` until `expiresAt`,
   * each counting an offer. A lease handed straight to a consumer is `taken` at once, and its pages
   * count an attempt; one sent to the queue counts its attempt when a consumer takes it (`takeLease`),
   * so a message that waits long in the queue never uses up a page's attempts. Returns the pages.
   */
  leaseNext(now: number, n: number, leaseId: string, expiresAt: number, taken: boolean): PageRow[] {
    const rows = this.sql
      .exec(`SELECT * FROM pages WHERE state = 'pending' AND not_before <= ? ORDER BY not_before, idx LIMIT ?`, now, n)
      .toArray()
      .map(toPage);
    const tried = taken ? 1 : 0;
    for (const page of rows) {
      this.sql.exec(
        `UPDATE pages SET state = 'leased', attempts = attempts + ?, offers = offers + 1, lease_id = ?, lease_expires = ?, lease_taken = ? WHERE idx = ?`,
        tried,
        leaseId,
        expiresAt,
        tried,
        page.idx,
      );
    }
    return rows.map((p) => ({ ...p, state: "leased" as const, attempts: p.attempts + tried }));
  }

  /** A consumer takes a lease that is still live and not yet taken: its pages count an attempt. False otherwise. */
  takeLease(leaseId: string, expiresAt: number): boolean {
    const cursor = this.sql.exec(
      `UPDATE pages SET lease_taken = 1, attempts = attempts + 1, lease_expires = ? WHERE lease_id = ? AND state = 'leased' AND lease_taken = 0`,
      expiresAt,
      leaseId,
    );
    return cursor.rowsWritten > 0;
  }

  /** The oldest lease still waiting in the queue (not taken), with its pages; null when none waits. */
  waitingLease(): { leaseId: string; pages: PageRow[] } | null {
    const row = this.sql.exec(`SELECT lease_id FROM pages WHERE state = 'leased' AND lease_taken = 0 ORDER BY lease_expires LIMIT 1`).toArray()[0];
    if (!row) return null;
    const leaseId = String(row.lease_id);
    return { leaseId, pages: this.sql.exec(`SELECT * FROM pages WHERE state = 'leased' AND lease_id = ? ORDER BY idx`, leaseId).toArray().map(toPage) };
  }

  /** The page `idx` when it is still leased under `leaseId`; null for a late, duplicate or foreign report. */
  leasedPage(leaseId: string, idx: number): PageRow | null {
    const rows = this.sql.exec(`SELECT * FROM pages WHERE idx = ? AND state = 'leased' AND lease_id = ?`, idx, leaseId).toArray();
    return rows.length ? toPage(rows[0]) : null;
  }

  /** Extends a live lease to `expiresAt` (its consumer is still reporting). */
  renewLease(leaseId: string, expiresAt: number): void {
    this.sql.exec(`UPDATE pages SET lease_expires = MAX(lease_expires, ?) WHERE state = 'leased' AND lease_id = ?`, expiresAt, leaseId);
  }

  /** Whether a lease still holds pages. */
  leaseLive(leaseId: string): boolean {
    return this.sql.exec(`SELECT 1 FROM pages WHERE state = 'leased' AND lease_id = ? LIMIT 1`, leaseId).toArray().length > 0;
  }

  /** How many leases hold pages now. */
  leasesOut(): number {
    return Number(this.sql.exec(`SELECT COUNT(DISTINCT lease_id) AS n FROM pages WHERE state = 'leased'`).one().n);
  }

  /**
   * Pages whose lease expired go back to pending. A taken lease's pages had their attempt (the consumer
   * died, timed out, or lost its way): out of attempts, they fail. A lease nobody took (its message was
   * lost or waited too long) cost no attempt: its pages fail only after `maxOffers` offers.
   */
  expireLeases(now: number, maxAttempts: number, maxOffers: number): { retried: PageRow[]; exhausted: PageRow[]; untaken: PageRow[]; unoffered: PageRow[] } {
    const rows = this.sql.exec(`SELECT *, lease_taken AS taken FROM pages WHERE state = 'leased' AND lease_expires <= ?`, now).toArray();
    const taken = rows.filter((r) => Number(r.taken) === 1).map(toPage);
    const waiting = rows.filter((r) => Number(r.taken) !== 1);
    const exhausted = taken.filter((p) => p.attempts >= maxAttempts);
    const unoffered = waiting.filter((r) => Number(r.offers) >= maxOffers).map(toPage);
    const fail = new Set([...exhausted, ...unoffered].map((p) => p.idx));
    for (const r of rows) {
      const idx = Number(r.idx);
      if (fail.has(idx)) this.sql.exec(`UPDATE pages SET state = 'failed', lease_id = NULL, lease_taken = 0, reason = 'lease expired' WHERE idx = ?`, idx);
      else this.sql.exec(`UPDATE pages SET state = 'pending', lease_id = NULL, lease_taken = 0, not_before = 0 WHERE idx = ?`, idx);
    }
    return {
      retried: taken.filter((p) => p.attempts < maxAttempts),
      exhausted,
      untaken: waiting.filter((r) => Number(r.offers) < maxOffers).map(toPage),
      unoffered,
    };
  }

  setPageState(idx: number, state: PageState, extra: { reason?: string | null; notBefore?: number } = {}): void {
    this.sql.exec(`UPDATE pages SET state = ?, reason = ?, not_before = ?, lease_id = NULL WHERE idx = ?`, state, extra.reason ?? null, extra.notBefore ?? 0, idx);
  }

  /**
   * Marks a page captured with its snapshot, if it is still being captured (in progress or leased);
   * false when it is not (another delivery kept it, or its lease was given up).
   */
  markCaptured(idx: number, snapshotId: string, hasScreenshot: boolean): boolean {
    const cursor = this.sql.exec(
      `UPDATE pages SET state = 'captured', reason = NULL, not_before = 0, snapshot_id = ?, lease_id = NULL, has_screenshot = ?, captured_at = ?
        WHERE idx = ? AND state IN ('in_progress', 'leased')`,
      snapshotId,
      hasScreenshot ? 1 : 0,
      Date.now(),
      idx,
    );
    return cursor.rowsWritten > 0;
  }

  /**
   * Puts a captured page whose snapshot is gone back to capture: its checkpoint said captured without a
   * snapshot (a run checkpointed by a version that wrote the checkpoint first, then died). False when
   * the page is not captured, or is out of capture attempts.
   */
  recapture(idx: number, reason: string, maxAttempts: number): boolean {
    const cursor = this.sql.exec(
      `UPDATE pages SET state = 'pending', write_state = NULL, snapshot_id = NULL, has_screenshot = 0, reason = ?, not_before = 0, lease_id = NULL
        WHERE idx = ? AND state = 'captured' AND attempts < ?`,
      reason,
      idx,
      maxAttempts,
    );
    return cursor.rowsWritten > 0;
  }

  /** Marks every unfinished page skipped (cancel); returns how many. */
  skipRemaining(reason: string): number {
    const n = this.remaining() + this.remainingWrites();
    this.sql.exec(`UPDATE pages SET state = 'skipped', reason = ?, lease_id = NULL WHERE state IN ('pending', 'in_progress', 'leased')`, reason);
    // Captured pages still queued for mapping or writing are skipped too: they never reach the target.
    this.sql.exec(`UPDATE pages SET write_state = 'skipped', reason = ? WHERE write_state IN ('pending', 'in_progress')`, reason);
    return n;
  }

  /** Queues every captured page for the pipeline; returns how many. */
  queueForProcessing(): number {
    this.sql.exec(`UPDATE pages SET write_state = 'pending', not_before = 0 WHERE state = 'captured' AND write_state IS NULL`);
    return Number(this.sql.exec(`SELECT COUNT(*) AS n FROM pages WHERE write_state IS NOT NULL`).one().n);
  }

  /** Writes left `in_progress` by an invocation that died: back to pending; returns those out of attempts, now failed. */
  recoverInterruptedWrites(maxAttempts: number): PageRow[] {
    return this.recoverPhase(WRITE, maxAttempts).filter((p) => p.writeAttempts >= maxAttempts);
  }

  /** The checkpoint before a page's write: claims the next due write and counts the attempt. */
  claimNextWrite(now: number): PageRow | null {
    const page = this.claimDue(WRITE, now);
    return page && { ...page, writeState: "in_progress", writeAttempts: page.writeAttempts + 1 };
  }

  remainingWrites(): number {
    return Number(this.sql.exec(`SELECT COUNT(*) AS n FROM pages WHERE write_state IN ('pending', 'in_progress')`).one().n);
  }

  setWriteState(idx: number, state: WriteState, extra: { reason?: string | null; notBefore?: number } = {}): void {
    this.sql.exec(`UPDATE pages SET write_state = ?, reason = ?, not_before = ? WHERE idx = ?`, state, extra.reason ?? null, extra.notBefore ?? 0, idx);
  }

  /** Counts of pages per capture state (for checks and tests). */
  pageCounts(): Record<PageState, number> {
    const out: Record<PageState, number> = { pending: 0, in_progress: 0, leased: 0, captured: 0, failed: 0, skipped: 0 };
    for (const r of this.sql.exec(`SELECT state, COUNT(*) AS n FROM pages GROUP BY state`).toArray()) out[r.state as PageState] = Number(r.n);
    return out;
  }

  pages(): PageRow[] {
    return this.sql.exec(`SELECT * FROM pages ORDER BY idx`).toArray().map(toPage);
  }

  /** The most recently captured pages with a screenshot, oldest first. */
  recentScreenshots(limit: number): ScreenshotRef[] {
    return this.sql
      .exec(`SELECT url, snapshot_id FROM pages INDEXED BY pages_shots_idx WHERE state = 'captured' AND has_screenshot = 1 ORDER BY captured_at DESC, idx DESC LIMIT ?`, limit)
      .toArray()
      .reverse()
      .map((r) => ({ url: String(r.url), snapshotId: String(r.snapshot_id), screenshot: screenshotPath(String(r.snapshot_id)) }));
  }
}
