import { DurableObject } from "cloudflare:workers";
import { MIGRATION_MESSAGES, type MigrationProgress, type RunEvent, type RunStatus, type ScreenshotRef } from "../contracts/run-events";
import type { BrowserRenderer } from "../crawl/renderer";
import { cachedResolver, dohResolver, type HostResolver } from "../crawl/ssrf";
import { getDb, type Db } from "../db/client";
import type { Env } from "../env";
import type { Actor } from "../db/audit";
import type { MigrationPipeline, PipelineContext } from "./pipeline";
import { acceptReport, leaseMs, type LeaseContext, type LeaseMessage, type PageReport, type ReportAnswer } from "./leases";
import { browserSessionMessage, newRun, type RunInit } from "./run-init";
import { logStatement, runAuditStatement, runRowPatch, runUpdateStatement, type LogEntry } from "./run-records";
import type { RunHost } from "./run-host";
import { advanceRun, nextAlarmTime } from "./run-phases";
import { progressOf, summaryCounts } from "./run-progress";
import { assertTransition, isActiveStatus, isHeartbeatStale, isTerminalStatus, RUN_LIMITS, sliceHeartbeat, summarise } from "./run-state";
import { RunStore, type RunConfig, type RunState } from "./run-store";
import { RunFollowers } from "./run-stream";
import { Wakeable } from "./processing";
import { siteBrowser } from "./site-browser";

export type { RunInit } from "./run-init";

/** A run as the object sees it (for the API and tests). */
export interface RunSnapshot {
  status: RunStatus;
  phase: RunState["phase"];
  progress: MigrationProgress;
  heartbeatAt: number;
  /** An alarm of this instance is working on the run right now. */
  busy: boolean;
}

/**
 * One migration run. Its config, state, page list (the checkpoint) and event log live in this object's
 * SQLite storage; it works through alarms, one slice of pages per alarm, and streams its events to
 * every connected client. After an eviction or restart the next alarm resumes from the checkpoint.
 */
export class MigrationRun extends DurableObject<Env> implements RunHost {
  readonly store: RunStore;
  /** The run's live followers: their streams and the ping that keeps them open. */
  private readonly followers = new RunFollowers();
  /** Processing workers waiting for a page to be queued (see `waitForQueued`). */
  private readonly idleWorkers = new Wakeable();
  private cachedConfig: RunConfig | null = null;
  private cachedState: RunState | null = null;
  private browserRenderer: BrowserRenderer | null = null;
  private stopped = false;
  private working = false;
  private commits = new Set<Promise<void>>();
  readonly resolver: HostResolver = cachedResolver(dohResolver);
  readonly siteTitles: string[] = [];

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RunStore(ctx.storage.sql, ctx.storage);
  }

  get config(): RunConfig {
    this.cachedConfig ??= this.store.config();
    if (!this.cachedConfig) throw new Error("This run was never started");
    return this.cachedConfig;
  }

  get state(): RunState {
    this.cachedState ??= this.store.state();
    if (!this.cachedState) throw new Error("This run was never started");
    return this.cachedState;
  }

  get bindings(): Env {
    return this.env;
  }

  get db(): Db {
    return getDb(this.env.DB);
  }

  save(): void {
    this.store.saveState(this.state);
  }

  halted(): boolean {
    return this.stopped || !isActiveStatus(this.state.status);
  }

  renderer(): BrowserRenderer {
    this.browserRenderer ??= siteBrowser(this.env, this.config, {
      resolver: this.resolver,
      onSession: (sessionId, how) => {
        const previous = this.state.browserSessionId;
        this.state.browserSessionId = sessionId;
        this.save();
        void this.log([{ level: "info", message: browserSessionMessage(sessionId, how, previous) }]).catch(() => {});
      },
    });
    return this.browserRenderer;
  }

  /** The run's pipeline: what maps its snapshots and writes them into the site's platform. */
  pipeline(): Promise<MigrationPipeline<unknown> | null> {
    const config = this.config;
    return this.composePipeline({ env: this.env, site: config.site, options: config.options });
  }

  /**
   * The pipeline of a site's run, as the Worker's composition root gives it (workers/compose.ts, whose
   * subclass is the object the Worker exports): runs/ never imports the services that map and write.
   */
  protected composePipeline(_ctx: PipelineContext): Promise<MigrationPipeline<unknown> | null> {
    throw new Error("MigrationRun has no pipeline of its own: the Worker exports it composed (workers/compose.ts)");
  }

  waitForQueued(ms: number): Promise<void> {
    return this.idleWorkers.wait(ms);
  }

  wakeProcessing(): void {
    this.idleWorkers.wakeAll();
  }

  /** Sends page leases to the page queue (fan-out runs), one message each. */
  async sendLeases(leases: LeaseMessage[]): Promise<void> {
    const queue = this.env.MIGRATION_PAGES;
    if (!queue) throw new Error("No page queue is bound to this Worker");
    await queue.sendBatch(leases.map((body) => ({ body, contentType: "json" as const })));
  }

  /**
   * A queue consumer takes its lease: what it needs to capture the pages, or null when the lease is no
   * longer its to work (expired, taken by another consumer, or the run is over).
   */
  async leaseContext(leaseId: string): Promise<LeaseContext | null> {
    if (!this.store.config() || this.halted()) return null;
    if (!this.store.takeLease(leaseId, Date.now() + leaseMs(this.config))) return null;
    return { config: this.config, siteTitles: [...this.siteTitles] };
  }

  /** A queue consumer's report of one page of its lease (see workers/runs/leases.ts). */
  async reportPage(leaseId: string, idx: number, report: PageReport, wantNext = false): Promise<ReportAnswer> {
    if (!this.store.config()) return { accepted: false, active: false };
    return acceptReport(this, leaseId, idx, report, wantNext);
  }

  /** Starts the run (idempotent): stores its config, sends the first event and schedules the first alarm. */
  async start(init: RunInit): Promise<{ migrationId: string; status: RunStatus }> {
    const existing = this.store.config();
    if (existing) return { migrationId: existing.migrationId, status: this.state.status };
    const now = Date.now();
    const { config, state } = newRun(init, now);
    this.store.transaction(() => {
      this.store.setConfig(config);
      this.store.saveState(state);
    });
    this.cachedConfig = config;
    this.cachedState = state;
    this.emitProgress();
    await this.ctx.storage.setAlarm(now);
    return { migrationId: config.migrationId, status: state.status };
  }

  /** The run's status and progress, or null when it was never started. */
  async describe(): Promise<RunSnapshot | null> {
    if (!this.store.config()) return null;
    return { status: this.state.status, phase: this.state.phase, progress: progressOf(this), heartbeatAt: this.state.heartbeatAt, busy: this.working };
  }

  /**
   * Cancels a working run at a page boundary: pages being committed finish, pages being rendered are
   * dropped, the rest is skipped. Everything captured so far is kept.
   */
  async cancel(actor: Actor | null): Promise<{ cancelled: boolean; status: RunStatus | null }> {
    if (!this.store.config()) return { cancelled: false, status: null };
    const state = this.state;
    if (!isActiveStatus(state.status)) return { cancelled: false, status: state.status };
    this.stopped = true;
    this.wakeProcessing();
    // Closing the tabs makes renders in flight fail at once instead of running to their timeout.
    const closing = this.browserRenderer?.closeTabs();
    await Promise.allSettled([...this.commits]);
    assertTransition(state.status, "cancelled");
    this.store.transaction(() => {
      state.skipped += this.store.skipRemaining("cancelled");
      state.status = "cancelled";
      state.phase = "finished";
      state.currentPage = null;
      state.finishedAt = Date.now();
      this.save();
    });
    const summary = summarise({ ...state, ...summaryCounts(state) }, this.config.startedAt, state.finishedAt);
    const db = this.db;
    await this.record([
      runUpdateStatement(db, this.config, runRowPatch(this)),
      logStatement(db, this.config, { level: "info", message: MIGRATION_MESSAGES.cancelled }),
      runAuditStatement(db, this.config, actor, "migration.cancel", summary),
    ]);
    this.emit({ type: "cancelled", migrationId: this.config.migrationId, status: "cancelled", message: MIGRATION_MESSAGES.cancelled, progress: progressOf(this) });
    await this.shutDown(closing);
    return { cancelled: true, status: "cancelled" };
  }

  /** Declares the run stuck when its heartbeat is too old (its job was lost). Returns the status. */
  async checkStuck(now: number = Date.now()): Promise<RunStatus | null> {
    if (!this.store.config()) return null;
    const state = this.state;
    if (!isActiveStatus(state.status) || !isHeartbeatStale(state.heartbeatAt, now)) return state.status;
    this.stopped = true;
    this.wakeProcessing();
    const seconds = Math.round((now - state.heartbeatAt) / 1000);
    state.status = "stuck";
    state.phase = "finished";
    state.currentPage = null;
    state.finishedAt = now;
    state.errorMessage = MIGRATION_MESSAGES.stuck;
    this.save();
    const db = this.db;
    await this.record([
      runUpdateStatement(db, this.config, runRowPatch(this)),
      logStatement(db, this.config, { level: "error", message: `${MIGRATION_MESSAGES.stuck} (no heartbeat for ${seconds} s)` }),
      runAuditStatement(db, this.config, null, "migration.stuck", { heartbeatAt: new Date(state.heartbeatAt).toISOString() }),
    ]);
    this.emit({ type: "error", migrationId: this.config.migrationId, status: "stuck", error: MIGRATION_MESSAGES.stuck, details: `No heartbeat for ${seconds} s` });
    await this.shutDown();
    return "stuck";
  }

  async finish(outcome: { status: "completed" } | { status: "failed"; details: string }): Promise<void> {
    const state = this.state;
    if (!isActiveStatus(state.status)) return;
    const counts = summaryCounts(state);
    // A run where no page made it through failed, whatever the phase said (a page waiting for review made it through mapping).
    const failedAll = outcome.status === "completed" && counts.succeeded === 0 && counts.awaitingReview === 0 && counts.failed > 0;
    const status = failedAll ? "failed" : outcome.status;
    const details = outcome.status === "failed" ? outcome.details : failedAll ? `All ${counts.failed} pages failed` : null;
    assertTransition(state.status, status);
    state.status = status;
    state.phase = "finished";
    state.currentPage = null;
    state.finishedAt = Date.now();
    state.errorMessage = details;
    this.save();
    const summary = summarise({ ...state, ...counts }, this.config.startedAt, state.finishedAt);
    const db = this.db;
    const logs: LogEntry[] = status === "completed"
      ? [{ level: "info", message: `${MIGRATION_MESSAGES.completed} ${counts.succeeded} succeeded, ${counts.failed} failed, ${counts.skipped} skipped${counts.awaitingReview ? `, ${counts.awaitingReview} waiting for review` : ""}` }]
      : [{ level: "error", message: `${MIGRATION_MESSAGES.failed}: ${details}` }];
    await this.record([
      runUpdateStatement(db, this.config, runRowPatch(this)),
      ...logs.map((l) => logStatement(db, this.config, l)),
      runAuditStatement(db, this.config, null, status === "completed" ? "migration.complete" : "migration.fail", { summary, error: details }),
    ]);
    const migrationId = this.config.migrationId;
    if (status === "completed") {
      this.emit({ type: "complete", migrationId, status: "completed", message: MIGRATION_MESSAGES.completed, result: { success: true, migrationId, status, summary } });
    } else {
      this.emit({ type: "error", migrationId, status: "failed", error: MIGRATION_MESSAGES.failed, details: details ?? undefined });
    }
    await this.shutDown();
  }

  /**
   * Writes the record of a status change. The object's own state has already changed and stays the
   * authority: when D1 fails here, `syncRecord` repairs the row later (the API calls it when the row
   * and the object disagree).
   */
  private async record(statements: Parameters<Db["batch"]>[0]): Promise<void> {
    try {
      await this.db.batch(statements);
    } catch (err) {
      console.error("Could not record the run's status", this.config.migrationId, err);
    }
  }

  /** Rewrites the run's D1 row from the object's state. */
  async syncRecord(): Promise<RunStatus | null> {
    if (!this.store.config()) return null;
    await this.db.batch([runUpdateStatement(this.db, this.config, runRowPatch(this))]);
    return this.state.status;
  }

  private async shutDown(closing?: Promise<void>): Promise<void> {
    this.followers.closeAll();
    await this.ctx.storage.deleteAlarm();
    const renderer = this.browserRenderer;
    this.browserRenderer = null;
    // Do not hold the caller (cancel must answer fast) on the browser closing.
    this.ctx.waitUntil(Promise.resolve(closing).then(() => renderer?.close()));
  }

  emit(event: RunEvent): void {
    const stamped: RunEvent = { ...event, at: Date.now() };
    const id = this.store.events.append(stamped, RUN_LIMITS.eventLogLimit);
    this.followers.broadcast(stamped, id);
  }

  emitProgress(screenshots: ScreenshotRef[] = []): void {
    const state = this.state;
    if (!isActiveStatus(state.status)) return;
    this.emit({ type: "progress", migrationId: this.config.migrationId, status: state.status, progress: progressOf(this, screenshots) });
  }

  async beat(force = false): Promise<void> {
    const now = Date.now();
    const state = this.state;
    if (!isActiveStatus(state.status) || (!force && now - state.heartbeatAt < RUN_LIMITS.heartbeatIntervalMs / 2)) return;
    state.heartbeatAt = now;
    this.save();
    await this.db.batch([runUpdateStatement(this.db, this.config, runRowPatch(this))]);
  }

  async log(entries: LogEntry[]): Promise<void> {
    if (!entries.length) return;
    const db = this.db;
    const statements = entries.map((e) => logStatement(db, this.config, e));
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  }

  async commit(work: () => Promise<void>): Promise<boolean> {
    if (this.halted()) return false;
    const p = work();
    this.commits.add(p);
    try {
      await p;
    } finally {
      this.commits.delete(p);
    }
    return true;
  }

  /**
   * Opens an event stream on the run (see workers/contracts/run-events.ts for the replay and
   * coalescing rules), resuming after `lastEventId` when given; null when the run was never started.
   */
  async stream(lastEventId: number | null): Promise<Response | null> {
    if (!this.store.config()) return null;
    await this.checkStuck();
    // Each ping also checks the run's heartbeat, so followers of a run whose job was lost learn it.
    return this.followers.open(this, lastEventId, () => void this.checkStuck().catch(() => {}));
  }

  async alarm(): Promise<void> {
    // Another alarm of this instance is still working (a watchdog fired early): it schedules the next one.
    if (this.working) return;
    if (!this.store.config() || isTerminalStatus(this.state.status)) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    // Silent for longer than the bound: the run was (or may have been) reported stuck, and the site
    // may have a new run by now. It must not come back to life.
    if ((await this.checkStuck()) === "stuck") return;
    this.working = true;
    const heartbeat = sliceHeartbeat(this, (at) => this.ctx.storage.setAlarm(at));
    try {
      await this.ctx.storage.setAlarm(Date.now() + RUN_LIMITS.watchdogDelayMs);
      await this.beat(true);
      await advanceRun(this);
      // From here the next alarm is set as the slice's work says, never moved on by a heartbeat.
      heartbeat.stop();
      if (this.state.alarmErrors) {
        this.state.alarmErrors = 0;
        this.save();
      }
      await this.scheduleNext();
    } catch (err) {
      heartbeat.stop();
      await this.alarmFailed(err);
    } finally {
      this.working = false;
    }
  }

  private async scheduleNext(): Promise<void> {
    if (this.halted()) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(nextAlarmTime(this));
  }

  private async alarmFailed(err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    if (this.halted()) return;
    const state = this.state;
    state.alarmErrors++;
    this.save();
    console.error("Migration run alarm failed", this.config.migrationId, err);
    if (state.alarmErrors >= RUN_LIMITS.maxAlarmErrors) {
      await this.finish({ status: "failed", details: `Unexpected error: ${message}` }).catch(() => {});
      return;
    }
    await this.log([{ level: "warn", message: `Unexpected error, retrying: ${message}` }]).catch(() => {});
    await this.ctx.storage.setAlarm(Date.now() + 5_000);
  }
}
