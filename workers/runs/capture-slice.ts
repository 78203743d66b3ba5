import { capturePage, pageDeadline } from "./capture";
import { leaseWork } from "./leases";
import { decidePipeline, processPages, Wakeable } from "./processing";
import type { RunHost } from "./run-host";
import { RUN_LIMITS } from "./run-state";

/** Capture in progress within one alarm: settles when the alarm's share is done. */
export interface CaptureWork {
  done: Promise<void>;
  /** Whether pages may still be captured in this alarm (mapping workers wait for them meanwhile). */
  capturing(): boolean;
}

/** How the tab workers end an alarm's capture (see `tabWork`). */
export interface HoldRule {
  /** No page is started after this (by default the alarm's deadline plus a page's hard deadline). */
  holdUntil: number;
  /** A page rendering for this long counts as slow: past the deadline, the other tabs go on beside it. */
  slowMs: number;
}

/** A page rendering for this long is slow: well above the time most pages take (under 6 s at p95 on real sites). */
export const SLOW_RENDER_MS = 8_000;

/**
 * `concurrency` workers in the run object's own tabs take due pages one at a time (each claim is the
 * checkpoint). A worker's tab renders its next page while the page before is stored and committed: at
 * most one page per worker waits behind its tab.
 *
 * Workers start pages until `deadline`; then the alarm waits for the pages still rendering. Meanwhile,
 * while one of them is slow (rendering for `slowMs` or more, up to its own hard deadline), the free
 * workers go on starting pages, until `holdUntil`: a slow page holds its own tab, never the others. A
 * free worker waits while the pages still rendering are not slow (yet), and ends once none is left.
 */
export function tabWork(run: RunHost, deadline: number, capture: typeof capturePage = capturePage, rule?: Partial<HoldRule>): CaptureWork {
  const holdUntil = rule?.holdUntil ?? deadline + pageDeadline(run.config.site.settings.crawl);
  const slowMs = rule?.slowMs ?? SLOW_RENDER_MS;
  let capturing = run.config.options.concurrency;
  // When each page still rendering started; `rendered` wakes the workers waiting past the deadline.
  const rendering = new Map<object, number>();
  const rendered = new Wakeable();
  /** Whether a free worker may start a page now, must wait (for how long at most), or is done. */
  const turn = (): "start" | "done" | number => {
    const now = Date.now();
    if (now < deadline) return "start";
    if (now >= holdUntil || rendering.size === 0) return "done";
    const slowAt = Math.min(...rendering.values()) + slowMs;
    return now >= slowAt ? "start" : Math.min(slowAt, holdUntil) - now;
  };
  const worker = async () => {
    let finishing: Promise<void> = Promise.resolve();
    try {
      while (!run.halted()) {
        const next = turn();
        if (next === "done") break;
        if (typeof next === "number") {
          await rendered.wait(next);
          continue;
        }
        const page = run.store.claimNext(Date.now());
        if (!page) break;
        const key = {};
        rendering.set(key, Date.now());
        let captured: Awaited<ReturnType<typeof capture>>;
        try {
          captured = await capture(run, page);
        } finally {
          rendering.delete(key);
          rendered.wakeAll();
        }
        await finishing;
        finishing = captured.finishing;
      }
      await finishing;
    } finally {
      // The last capture worker done: idle processing workers stop waiting for pages.
      if (--capturing === 0) run.wakeProcessing();
    }
  };
  const done = Promise.all(Array.from({ length: run.config.options.concurrency }, worker)).then(() => {});
  return { done, capturing: () => capturing > 0 };
}

/**
 * One alarm's worth of capturing, until the time budget is spent, no page is due, or the run is halted:
 * in the object's own tabs, or (a fan-out run) by leasing pages to queue consumers. Beside it, the
 * pipeline's workers map and write each page as soon as it is captured.
 */
export async function captureSlice(run: RunHost): Promise<void> {
  const pipeline = await decidePipeline(run);
  const { retried, exhausted } = run.store.recoverInterrupted(RUN_LIMITS.maxPageAttempts);
  if (retried.length) await run.log(retried.map((p) => ({ level: "warn" as const, message: "Interrupted while in progress; capturing it again", url: p.url })));
  for (const p of exhausted) {
    run.state.captureFailed++;
    await run.log([{ level: "error", message: `Failed after ${p.attempts} attempts: interrupted every time`, url: p.url }]);
  }
  if (exhausted.length) run.save();
  const deadline = Date.now() + RUN_LIMITS.sliceBudgetMs;
  const capture = run.state.fanOut ? leaseWork(run, deadline) : tabWork(run, deadline);
  if (!pipeline) return void (await capture.done);
  for (const p of run.store.recoverInterruptedWrites(RUN_LIMITS.maxPageAttempts)) {
    run.state.writeFailed++;
    await run.log([{ level: "error", message: "Mapping or writing failed: interrupted every time", url: p.url }]);
  }
  await Promise.all([capture.done, processPages(run, pipeline, deadline, capture.capturing)]);
}
