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
 * The run's progress: pages done with out of all pages. With a pipeline a page is done when the
 * pipeline is (written, failed or waiting for review) or when its capture failed or was skipped;
 * without one, when it is captured, failed or skipped. `stages` counts every stage as pages stream through.
 */
export function progressOf(run: { state: RunState }, screenshots: ScreenshotRef[] = []): MigrationProgress {
  const s = run.state;
  const piped = s.pipeline === "mapper" || s.pipeline === "full";
  const counts = summaryCounts(s);
  return {
    processedCount: s.captureFailed + s.skipped + (piped ? s.written + s.writeFailed + s.awaitingReview : s.captured),
    totalCount: s.totalCount,
    stages: { captured: s.captured, mapped: s.mapped ?? 0, written: s.pipeline === "full" ? s.written : 0, failed: s.captureFailed + s.writeFailed },
    currentPage: s.currentPage,
    damProgress: s.damProgress,
    screenshots,
    phase: s.phase,
    ...counts,
  };
}
