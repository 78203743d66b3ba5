import { captureSlice } from "./capture-slice";
import { discoverPages } from "./discover";
import { endCapture, processingSlice, stoppedAfterMappingEntry } from "./processing";
import type { RunHost } from "./run-host";

/**
 * One alarm's work: the slice of the run's current phase, and the move to the next phase when the
 * current one has nothing left.
 */
export async function advanceRun(run: RunHost): Promise<void> {
  const phase = run.state.phase;
  if (phase === "discovering") {
    await discoverPages(run);
  } else if (phase === "capturing") {
    await captureSlice(run);
    if (!run.halted() && run.store.remaining() === 0) await endCapture(run);
  } else if (phase === "processing") {
    await processingSlice(run);
    // A page whose snapshot was missing went back to capture (see recaptureMissing): the run captures
    // it before it can end.
    if (!run.halted() && run.state.phase === "processing" && run.store.remainingWrites() === 0) {
      if (run.state.pipeline === "mapper") await run.log([stoppedAfterMappingEntry(run)]);
      await run.finish({ status: "completed" });
    }
  }
}

/** When the next alarm should run: now, or when the earliest page waiting for a retry (of either stage) is due. */
export function nextAlarmTime(run: RunHost, now: number = Date.now()): number {
  const capture = run.state.phase === "processing" ? null : run.store.nextDueAt("state");
  const write = run.store.nextDueAt("write_state");
  const due = [capture, write].filter((t): t is number => t !== null);
  return Math.max(now, due.length ? Math.min(...due) : now);
}
