import type { MigrationSummary, RunStatus } from "../contracts/run-events";

/**
 * Timing and retry bounds of a run.
 *
 * Heartbeat: a working run writes its heartbeat at least every HEARTBEAT_INTERVAL_MS (and on every
 * page). A run whose heartbeat is older than HEARTBEAT_STALE_MS is `stuck`: its job was lost. The bound
 * is four times the page timeout (30 s), so a slow page never looks stuck, and well above the watchdog
 * delay, so an evicted run resumes before it could be declared stuck.
 */
export const RUN_LIMITS = {
  heartbeatIntervalMs: 15_000,
  heartbeatStaleMs: 120_000,
  /** One alarm starts new pages for this long, then hands over to the next alarm. */
  sliceBudgetMs: 20_000,
  /** Set at the start of every alarm: resumes the run if the alarm's invocation dies. */
  watchdogDelayMs: 45_000,
  /** Attempts per page (first try included) for retryable failures. */
  maxPageAttempts: 3,
  /** Backoff before attempt n+1: base × 2^(n-1). */
  retryBaseMs: 1_000,
  defaultConcurrency: 4,
  maxConcurrency: 16,
  /** Unexpected errors of the run itself (not of a page) tolerated in a row before it fails. */
  maxAlarmErrors: 3,
  /** Events kept for Last-Event-ID replay; older reconnects get the current state instead. */
  eventLogLimit: 5_000,
  /** How many recent screenshots the first event of a connection carries. */
  recentScreenshots: 24,
} as const;

const TRANSITIONS: Record<RunStatus, readonly RunStatus[]> = {
  running: ["processing", "completed", "failed", "cancelled", "stuck"],
  processing: ["completed", "failed", "cancelled", "stuck"],
  completed: [],
  failed: [],
  cancelled: [],
  stuck: [],
};

/** Whether a run may go from one status to another (spec §4): finished runs never change again. */
export function canTransition(from: RunStatus, to: RunStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export class InvalidTransitionError extends Error {
  constructor(
    readonly from: RunStatus,
    readonly to: RunStatus,
  ) {
    super(`A ${from} run cannot become ${to}`);
    this.name = "InvalidTransitionError";
  }
}

export function assertTransition(from: RunStatus, to: RunStatus): void {
  if (!canTransition(from, to)) throw new InvalidTransitionError(from, to);
}

export function isActiveStatus(status: RunStatus): status is "running" | "processing" {
  return status === "running" || status === "processing";
}

export function isTerminalStatus(status: RunStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** Whether a working run's heartbeat is too old: the run is stuck. */
export function isHeartbeatStale(heartbeatAt: number, now: number = Date.now()): boolean {
  return now - heartbeatAt > RUN_LIMITS.heartbeatStaleMs;
}

/**
 * The heartbeat of an alarm's slice: every HEARTBEAT_INTERVAL_MS it writes the run's heartbeat and moves
 * the watchdog alarm on, so a slice that works longer than the watchdog's delay still has one set
 * should its invocation die. `stop` ends it before the slice sets its next alarm.
 */
export function sliceHeartbeat(run: { halted(): boolean; beat(): Promise<void> }, setAlarm: (at: number) => Promise<void>): { stop(): void } {
  const timer = setInterval(() => {
    if (run.halted()) return;
    void setAlarm(Date.now() + RUN_LIMITS.watchdogDelayMs).catch(() => {});
    void run.beat().catch(() => {});
  }, RUN_LIMITS.heartbeatIntervalMs);
  return { stop: () => clearInterval(timer) };
}

/** Backoff before the next attempt of a page that failed `attempts` times. */
export function retryDelayMs(attempts: number): number {
  return RUN_LIMITS.retryBaseMs * 2 ** Math.max(0, attempts - 1);
}

export interface RunCounters {
  totalCount: number;
  succeeded: number;
  failed: number;
  skipped: number;
  /** Pages whose mapping waits for review (0 when absent). */
  awaitingReview?: number;
  componentCount: number;
}

/** The result summary (spec §3): minutes rounded to two decimals. */
export function summarise(c: RunCounters, startedAt: number, finishedAt: number | null, now: number = Date.now()): MigrationSummary {
  const end = finishedAt ?? now;
  return {
    pages: c.totalCount,
    components: c.componentCount,
    durationMinutes: Math.round(((end - startedAt) / 60_000) * 100) / 100,
    succeeded: c.succeeded,
    failed: c.failed,
    skipped: c.skipped,
    awaitingReview: c.awaitingReview ?? 0,
  };
}

/** The run's concurrency: the site's setting within bounds, else the default. */
export function effectiveConcurrency(setting: unknown): number {
  if (typeof setting !== "number" || !Number.isInteger(setting)) return RUN_LIMITS.defaultConcurrency;
  return Math.min(RUN_LIMITS.maxConcurrency, Math.max(1, setting));
}
