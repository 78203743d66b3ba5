import type { MigrationProgress, ScreenshotRef } from "../contracts/run-events";
import type { RunState } from "./run-store";

/**
 * Succeeded, failed, skipped and review-waiting pages. Without a pipeline a page succeeds when it is
 * captured; with one, when the pipeline mapped (and wrote) it. Failures of either phase count as
 * failed; a page whose mapping waits for review is neither.
 */
export function summaryCounts(s: RunState): { succeeded: number; failed: number; skipped: number; awaitingReview: number } {
  const succeeded = s.pipeline === "mapper" || s.pipeline === "full" ? s.written : s.captured;
  return { succeeded, failed: s.captureFailed + s.writeFailed, skipped: s.skipped, awaitingReview: s.awaitingReview };
}

/**
 * The run's progress. While capturing, it counts pages captured, failed or skipped out of all pages;
 * while processing, pages the pipeline is done with out of the captured ones.
 */
export function progressOf(run: { state: RunState }, screenshots: ScreenshotRef[] = []): MigrationProgress {
  const s = run.state;
  const processing = s.phase === "processing";
  const counts = summaryCounts(s);
  return {
    processedCount: processing ? s.written + s.writeFailed + s.awaitingReview : s.captured + s.captureFailed + s.skipped,
    totalCount: processing ? s.processingTotal : s.totalCount,
    currentPage: s.currentPage,
    damProgress: s.damProgress,
    screenshots,
    phase: s.phase,
    ...counts,
  };
}
