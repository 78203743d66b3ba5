import { capturePage, pageDeadline } from "./capture";
import { leaseWork } from "./leases";
import { decidePipeline, processPages } from "./processing";
import type { RunHost } from "./run-host";
import { RUN_LIMITS } from "./run-state";

/** Capture in progress within one alarm: settles when the alarm's share is done. */
export interface CaptureWork {
  done: Promise<void>;
  /** Whether pages may still be captured in this alarm (mapping workers wait for them meanwhile). */
  capturing(): boolean;
}

/**
 * `concurrency` workers in the run object's own tabs take due pages one at a time (each claim is the
 * checkpoint). A worker's tab renders its next page while the page before is stored and committed: at
 * most one page per worker waits behind its tab.
 *
 * Workers start pages until `deadline`. After it, the alarm waits for the pages still rendering; while
 * one started before the deadline is still rendering (a slow page, up to its own hard deadline), the
 * other workers go on starting pages, until `holdUntil` at the latest: a slow page holds its own tab,
 * never the others.
 */
export function tabWork(
  run: RunHost,
  deadline: number,
  capture: typeof capturePage = capturePage,
  holdUntil: number = deadline + pageDeadline(run.config.site.settings.crawl),
): CaptureWork {
  let capturing = run.config.options.concurrency;
  // Pages started before the deadline that are still rendering.
  let held = 0;
  const mayStart = () => {
    const now = Date.now();
    return now < deadline || (held > 0 && now < holdUntil);
  };
  const worker = async () => {
    let finishing: Promise<void> = Promise.resolve();
    try {
      while (!run.halted() && mayStart()) {
        const page = run.store.claimNext(Date.now());
        if (!page) break;
        const holds = Date.now() < deadline;
        if (holds) held++;
        let next: Awaited<ReturnType<typeof capture>>;
        try {
          next = await capture(run, page);
        } finally {
          if (holds) held--;
        }
        await finishing;
        finishing = next.finishing;
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
