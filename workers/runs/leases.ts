import type { Env } from "../env";
import { commitCapture, handleFailure, noteTitle, pageDeadline, type CapturedPage, type PageProblem } from "./capture";
import type { CaptureWork } from "./capture-slice";
import type { RunHost } from "./run-host";
import { RUN_LIMITS } from "./run-state";
import type { RunConfig } from "./run-store";

/**
 * Fan-out of a run's capture to queue consumers (docs/scale-out.md). The run object stays the only
 * owner of the checkpoint: it leases batches of due pages, one queue message per lease, and accepts a
 * consumer's report of a page only while that page is still leased under that lease. A duplicate
 * delivery, a late report after the lease expired, or a report after cancel changes nothing; a lost
 * message or a consumer that dies mid-batch leaves its pages leased until the lease expires, and they
 * are offered again (counting an attempt). So every page is captured exactly once, or fails with its
 * reason after the bounded attempts.
 *
 * A consumer takes a lease when it starts on it (`leaseContext`); only then do its pages count an
 * attempt, so a message that waits long in the queue never uses up a page's attempts. A consumer that
 * finishes a lease gets the next one in the answer to its last report: a lease still waiting in the
 * queue if there is one (its message, when it comes, finds it taken and does nothing), else a new one
 * while the run has due pages and a free slot. A lost message then costs nothing while any consumer
 * works; a consumer that dies costs its lease's expiry. The object never has more than `concurrency`
 * leases out.
 */

/** One queue message: a lease of pages of one run. */
export interface LeaseMessage {
  migrationId: string;
  leaseId: string;
  pages: { idx: number; url: string }[];
}

/** A consumer's report of one leased page. */
export type PageReport = { ok: true; captured: CapturedPage } | { ok: false; problem: PageProblem };

/** The run object's answer to a report: whether it kept it, whether the run still wants pages, and the consumer's next lease. */
export interface ReportAnswer {
  accepted: boolean;
  active: boolean;
  next?: LeaseMessage | null;
}

/** What a consumer needs of the run to capture its lease. */
export interface LeaseContext {
  config: RunConfig;
  siteTitles: string[];
}

/** Defaults of the deployment's fan-out settings (`FANOUT_*` vars of wrangler.toml). */
export const FAN_OUT_DEFAULTS = {
  /** A run of at least this many pages fans out… */
  minPages: 5_000,
  /** …and so does a run that wants at least this many tabs (more than one browser sustains). */
  minConcurrency: 9,
  /** Pages per lease at most. */
  leasePages: 10,
  /** Time a lease's message may wait in the queue, or a report on its way, beyond a page's deadline. */
  leaseMarginMs: 30_000,
} as const;

/** Pages of each run object whose report is being committed. */
const committing = new WeakMap<RunHost, Set<number>>();

/** A page whose lease expired this often without a consumer taking it fails (the queue does not deliver). */
export const MAX_LEASE_OFFERS = 10;

/** How often a fan-out alarm expires leases and tops them up. */
const LEASE_POLL_MS = 250;

function positiveInt(value: string | undefined): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}

/** Whether a run of `pages` pages at `concurrency` fans out to the page queue (never without the queue's binding). */
export function fanOutWanted(env: Env, pages: number, concurrency: number): boolean {
  if (!env.MIGRATION_PAGES) return false;
  const minPages = positiveInt(env.FANOUT_MIN_PAGES) ?? FAN_OUT_DEFAULTS.minPages;
  const minConcurrency = positiveInt(env.FANOUT_MIN_CONCURRENCY) ?? FAN_OUT_DEFAULTS.minConcurrency;
  return pages >= minPages || concurrency >= minConcurrency;
}

/** Pages per lease: the run's remaining pages spread over its leases, at most `leasePages`. */
export function leaseSize(remaining: number, concurrency: number): number {
  return Math.max(1, Math.min(FAN_OUT_DEFAULTS.leasePages, Math.ceil(remaining / Math.max(1, concurrency))));
}

/**
 * How long a lease holds without news from its consumer: one page's hard deadline, plus the margin.
 * Its consumer works the pages one after another, and every report renews the lease; so a consumer
 * that dies costs about one page deadline, however many pages its lease had.
 */
export function leaseMs(config: RunConfig): number {
  return pageDeadline(config.site.settings.crawl) + FAN_OUT_DEFAULTS.leaseMarginMs;
}

/** Pages whose lease expired go back to the queue (or fail, out of attempts). */
export async function expireLeases(run: RunHost, now: number = Date.now()): Promise<void> {
  const { retried, exhausted, untaken, unoffered } = run.store.transaction(() => {
    const expired = run.store.expireLeases(now, RUN_LIMITS.maxPageAttempts, MAX_LEASE_OFFERS);
    const failed = expired.exhausted.length + expired.unoffered.length;
    if (failed) {
      run.state.captureFailed += failed;
      run.save();
    }
    return expired;
  });
  if (!retried.length && !exhausted.length && !untaken.length && !unoffered.length) return;
  await run.log([
    ...retried.map((p) => ({ level: "warn" as const, message: "No report before its lease expired; offering the page again", url: p.url })),
    ...untaken.map((p) => ({ level: "warn" as const, message: "No consumer took its lease from the queue in time; offering the page again", url: p.url })),
    ...exhausted.map((p) => ({ level: "error" as const, message: `Failed after ${p.attempts} attempts: no report before its lease expired`, url: p.url })),
    ...unoffered.map((p) => ({ level: "error" as const, message: `Failed: no consumer took its lease from the queue in ${MAX_LEASE_OFFERS} offers`, url: p.url })),
  ]);
  if (exhausted.length || unoffered.length) run.emitProgress();
}

/**
 * Leases the next due pages when fewer than `concurrency` leases are out; null when none is due or no
 * lease is free. `taken`: handed straight to a consumer, rather than sent to the queue.
 */
function leaseOne(run: RunHost, now: number, taken: boolean): LeaseMessage | null {
  const { concurrency } = run.config.options;
  if (run.halted() || run.store.leasesOut() >= concurrency) return null;
  const size = leaseSize(run.store.remaining(), concurrency);
  const leaseId = crypto.randomUUID();
  const pages = run.store.leaseNext(now, size, leaseId, now + leaseMs(run.config), taken);
  return pages.length ? { migrationId: run.config.migrationId, leaseId, pages: pages.map((p) => ({ idx: p.idx, url: p.url })) } : null;
}

/** A consumer's next lease: one still waiting in the queue, taken over, or a new one. */
function nextLease(run: RunHost, now: number): LeaseMessage | null {
  if (run.halted()) return null;
  return run.store.transaction(() => {
    const waiting = run.store.waitingLease();
    if (waiting && run.store.takeLease(waiting.leaseId, now + leaseMs(run.config))) {
      return { migrationId: run.config.migrationId, leaseId: waiting.leaseId, pages: waiting.pages.map((p) => ({ idx: p.idx, url: p.url })) };
    }
    return leaseOne(run, now, true);
  });
}

/** Leases due pages until `concurrency` leases are out, and sends one message per new lease. Returns how many. */
export async function topUpLeases(run: RunHost): Promise<number> {
  if (run.halted()) return 0;
  const now = Date.now();
  const leases = run.store.transaction(() => {
    const sent: LeaseMessage[] = [];
    for (let lease = leaseOne(run, now, false); lease; lease = leaseOne(run, now, false)) sent.push(lease);
    return sent;
  });
  if (!leases.length) return 0;
  try {
    await run.sendLeases(leases);
  } catch (err) {
    // The pages stay leased: they are offered again when their leases expire.
    const message = err instanceof Error ? err.message : String(err);
    await run.log([{ level: "warn", message: `Could not send ${leases.length} page leases to the queue (${message}); their pages are offered again when the leases expire` }]);
  }
  return leases.length;
}

/** A fan-out alarm's capture: expires and tops up leases while pages remain; consumers do the rendering. */
export function leaseWork(run: RunHost, deadline: number): CaptureWork {
  const done = (async () => {
    while (!run.halted() && Date.now() < deadline && run.store.remaining() > 0) {
      await expireLeases(run);
      await topUpLeases(run);
      await new Promise((r) => setTimeout(r, LEASE_POLL_MS));
    }
  })();
  return { done, capturing: () => !run.halted() && run.store.remaining() > 0 };
}

/**
 * A consumer's report of one page. Kept only while the page is leased under `leaseId` and the run is
 * working; a kept capture is committed exactly like one of the object's own tabs. With `wantNext`,
 * when the lease has no page left, the answer carries the consumer's next lease.
 */
export async function acceptReport(run: RunHost, leaseId: string, idx: number, report: PageReport, wantNext = false): Promise<ReportAnswer> {
  if (run.halted()) return { accepted: false, active: false };
  const page = run.store.leasedPage(leaseId, idx);
  if (!page) {
    const next = wantNext && !run.store.leaseLive(leaseId) ? nextLease(run, Date.now()) : null;
    return { accepted: false, active: true, next };
  }
  // Two deliveries of one lease may report the same page at once: the first is committed, the other refused.
  let busy = committing.get(run);
  if (!busy) committing.set(run, (busy = new Set()));
  if (busy.has(idx)) return { accepted: false, active: true, next: null };
  busy.add(idx);
  run.state.currentPage = page.url;
  let accepted = true;
  try {
    if (report.ok) {
      noteTitle(run.siteTitles, report.captured.title);
      accepted = await commitCapture(run, page, report.captured);
    } else {
      await handleFailure(run, page, report.problem);
    }
  } finally {
    busy.delete(idx);
  }
  run.store.renewLease(leaseId, Date.now() + leaseMs(run.config));
  const active = !run.halted();
  const next = active && wantNext && !run.store.leaseLive(leaseId) ? nextLease(run, Date.now()) : null;
  return { accepted, active, next };
}
