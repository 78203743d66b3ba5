import { and, eq } from "drizzle-orm";
import type { PageExtraction } from "../contracts/extraction";
import { MIGRATION_MESSAGES } from "../contracts/run-events";
import { snapshots } from "../db/schema-runs";
import { checkInTarget } from "./fidelity-step";
import { PipelineError, type MigrationPipeline, type SnapshotRecord } from "./pipeline";
import { logStatement, runRowPatch, runUpdateStatement, type LogEntry } from "./run-records";
import type { RunHost } from "./run-host";
import { retryDelayMs, RUN_LIMITS } from "./run-state";
import type { PageRow } from "./run-store";

/**
 * Decides once per run, when capture starts, which pipeline the site has. Pages then flow on as soon
 * as each is captured: capture → extract → map → write, with no barrier between the stages.
 */
export async function decidePipeline(run: RunHost): Promise<MigrationPipeline<unknown> | null> {
  const pipeline = await run.pipeline();
  if (run.state.pipeline !== null) return pipeline;
  run.state.pipeline = !pipeline ? "none" : pipeline.writer ? "full" : "mapper";
  run.state.stopReason = pipeline && !pipeline.writer ? (pipeline.stopReason ?? null) : null;
  // Pages captured before the run streamed (a run resumed across a deploy) join the queue too.
  run.state.processingTotal = pipeline ? run.store.queueForProcessing() : 0;
  run.save();
  if (pipeline) {
    const what = pipeline.writer ? " and written to the target" : run.state.stopReason ? ` (not written: ${run.state.stopReason})` : "";
    await run.log([{ level: "info", message: `Each page is mapped${what} as soon as it is captured` }]);
  }
  return pipeline;
}

/**
 * When capture has nothing left: without a pipeline the run completes and logs that it stopped after
 * snapshots; otherwise it goes on mapping and writing what is still queued (status processing).
 */
export async function endCapture(run: RunHost): Promise<void> {
  if (run.halted()) return;
  if (run.state.pipeline === "none" || run.state.pipeline === null) {
    await run.log([{ level: "info", message: MIGRATION_MESSAGES.stoppedAfterSnapshots }]);
    await run.finish({ status: "completed" });
    return;
  }
  run.state.processingTotal = run.store.queueForProcessing();
  run.state.phase = "processing";
  run.state.status = "processing";
  run.state.currentPage = null;
  run.save();
  run.emitProgress();
}

/** The log line of a run that mapped its pages but had nothing to write them with. */
export function stoppedAfterMappingEntry(run: RunHost): LogEntry {
  const reason = run.state.stopReason;
  if (!reason) return { level: "info", message: MIGRATION_MESSAGES.stoppedAfterMapping };
  const message = reason === MIGRATION_MESSAGES.platformNotConfigured ? MIGRATION_MESSAGES.stoppedNotConfigured : `${reason}: the run stopped after mapping.`;
  return { level: "warn", message };
}

/** A page checkpointed as captured whose snapshot row or stored extraction is not there. */
class SnapshotMissing extends PipelineError {}

async function loadSnapshot(run: RunHost, page: PageRow): Promise<{ record: SnapshotRecord; extraction: PageExtraction }> {
  const row = await run.db.query.snapshots.findFirst({
    where: and(eq(snapshots.id, page.snapshotId ?? ""), eq(snapshots.organizationId, run.config.organizationId)),
  });
  if (!row) throw new SnapshotMissing(`The snapshot of ${page.url} is missing`);
  const object = await run.bindings.BUCKET.get(row.extractionKey);
  if (!object) throw new SnapshotMissing(`The extraction of ${page.url} is missing from storage`);
  const extraction = (await object.json()) as PageExtraction;
  const record: SnapshotRecord = {
    id: row.id,
    migrationId: row.migrationId,
    url: row.url,
    finalUrl: row.finalUrl,
    title: row.title,
    contentHash: row.contentHash,
    screenshotKey: row.screenshotKey,
    extractionKey: row.extractionKey,
  };
  return { record, extraction };
}

/** How the pipeline ended with a page. */
type PageOutcome = "written" | "failed" | "review";

async function processPage(run: RunHost, pipeline: MigrationPipeline<unknown>, page: PageRow): Promise<void> {
  if (run.state.phase === "processing") run.state.currentPage = page.url;
  let entry: LogEntry;
  let outcome: PageOutcome;
  let mappedOk = false;
  /** The fidelity check of a written page, logged after its write. */
  let checked: LogEntry | null = null;
  try {
    const { record, extraction } = await loadSnapshot(run, page);
    const site = run.config.site;
    const mapped = await pipeline.mapper.map({ snapshot: record, extraction, site, options: run.config.options });
    mappedOk = true;
    if (run.halted()) return;
    // The run decided when capture ended whether it writes; a writer appearing or vanishing later does not change that.
    const writes = run.state.pipeline === "full";
    if (writes && !pipeline.writer) throw new PipelineError(pipeline.stopReason ?? MIGRATION_MESSAGES.stoppedAfterMapping);
    if (writes && pipeline.writer) {
      const result = await pipeline.writer.write({
        mapped,
        snapshot: record,
        extraction,
        site,
        options: run.config.options,
        reportAssets: (p) => {
          run.state.damProgress = { ...p };
        },
      });
      entry = { level: "info", message: `Written to the target as ${result.targetId}${result.url ? ` (${result.url})` : ""}`, url: page.url };
      // A platform that serves the written page at a URL: render it from there and compare it with the source.
      if (result.url && /^https?:\/\//i.test(result.url)) checked = await checkInTarget(run, { record, extraction, targetUrl: result.url, pendingLinks: result.pendingLinks ?? [] });
      if (run.halted()) return;
    } else {
      entry = { level: "info", message: "Mapped", url: page.url };
    }
    outcome = "written";
  } catch (err) {
    if (run.halted()) return;
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof SnapshotMissing && (await recaptureMissing(run, page, message))) return;
    if (err instanceof PipelineError && err.kind === "review") {
      await settle(run, page, "review", { level: "warn", message, url: page.url }, true);
      return;
    }
    const retryable = err instanceof PipelineError ? err.retryable : true;
    if (retryable && page.writeAttempts < RUN_LIMITS.maxPageAttempts) {
      const delay = retryDelayMs(page.writeAttempts);
      run.store.setWriteState(page.idx, "pending", { reason: message, notBefore: Date.now() + delay });
      await run.log([{ level: "warn", message: `Mapping or writing attempt ${page.writeAttempts} failed: ${message}. Retrying`, url: page.url }]);
      return;
    }
    entry = { level: "error", message: `Mapping or writing failed: ${message}`, url: page.url };
    outcome = "failed";
  }
  await settle(run, page, outcome, entry, mappedOk, checked);
}

/**
 * Reconciles a checkpoint that says captured with a snapshot that is not there: the page goes back to
 * capture (the run returns to its capture phase if it had left it; the status stays), and is mapped
 * and written once captured again. False when the page is out of capture attempts: it then fails.
 */
async function recaptureMissing(run: RunHost, page: PageRow, message: string): Promise<boolean> {
  let queued = false;
  await run.commit(async () => {
    queued = run.store.transaction(() => {
      if (!run.store.recapture(page.idx, message, RUN_LIMITS.maxPageAttempts)) return false;
      run.state.captured = Math.max(0, run.state.captured - 1);
      run.state.processingTotal = Math.max(0, run.state.processingTotal - 1);
      if (run.state.phase === "processing") run.state.phase = "capturing";
      run.save();
      return true;
    });
    if (!queued) return;
    await run.db.batch([
      logStatement(run.db, run.config, { level: "warn", message: `${message}: capturing the page again`, url: page.url }),
      runUpdateStatement(run.db, run.config, runRowPatch(run)),
    ]);
    run.emitProgress();
  });
  return queued;
}

/** Records how the pipeline ended with a page: its state, the run's counters and its log line, together. */
async function settle(run: RunHost, page: PageRow, outcome: PageOutcome, entry: LogEntry, mapped: boolean, checked: LogEntry | null = null): Promise<void> {
  await run.commit(async () => {
    run.store.transaction(() => {
      run.store.setWriteState(page.idx, outcome, { reason: outcome === "written" ? null : entry.message });
      if (mapped) run.state.mapped = (run.state.mapped ?? 0) + 1;
      if (outcome === "written") run.state.written++;
      else if (outcome === "review") run.state.awaitingReview++;
      else run.state.writeFailed++;
      run.save();
    });
    await run.db.batch([
      logStatement(run.db, run.config, entry),
      ...(checked ? [logStatement(run.db, run.config, checked)] : []),
      runUpdateStatement(run.db, run.config, runRowPatch(run)),
    ]);
    run.emitProgress();
  });
}

/** Waiters woken together, each also by its own timer: how idle processing workers wait for a page. */
export class Wakeable {
  private readonly waiting = new Set<() => void>();

  /** Resolves at the next `wakeAll`, or after `ms`. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiting.add(wake);
    });
  }

  wakeAll(): void {
    for (const wake of [...this.waiting]) wake();
  }
}

/**
 * The longest an idle processing worker waits before it looks again: it is woken as soon as a page is
 * queued or capture ends, and a retry that becomes due wakes it by its time; this bounds a missed wake.
 */
const IDLE_WAIT_MS = 1_000;

/**
 * Mapping and writing workers for one alarm, with the run's concurrency, until `deadline` or, later,
 * the end of capture. While `capturing()` says capture goes on, an idle worker waits for the next
 * captured page instead of returning.
 */
export async function processPages(run: RunHost, pipeline: MigrationPipeline<unknown>, deadline: number, capturing: () => boolean = () => false): Promise<void> {
  const worker = async () => {
    // Past the deadline, pages still being captured in this alarm are mapped and written as they come.
    while (!run.halted() && (Date.now() < deadline || capturing())) {
      const page = run.store.claimNextWrite(Date.now());
      if (page) {
        await processPage(run, pipeline, page);
        continue;
      }
      if (!capturing()) return;
      const due = run.store.nextDueAt("write_state");
      await run.waitForQueued(due === null ? IDLE_WAIT_MS : Math.min(IDLE_WAIT_MS, Math.max(10, due - Date.now())));
    }
  };
  await Promise.all(Array.from({ length: run.config.options.concurrency }, worker));
}

/** One alarm's worth of mapping and writing after capture ended. */
export async function processingSlice(run: RunHost): Promise<void> {
  const pipeline = await run.pipeline();
  if (!pipeline) {
    // The pipeline was registered when capture ended but is gone now (a deploy removed it).
    await run.log([{ level: "warn", message: MIGRATION_MESSAGES.stoppedAfterSnapshots }]);
    await run.finish({ status: "completed" });
    return;
  }
  for (const p of run.store.recoverInterruptedWrites(RUN_LIMITS.maxPageAttempts)) {
    run.state.writeFailed++;
    await run.log([{ level: "error", message: "Mapping or writing failed: interrupted every time", url: p.url }]);
  }
  run.save();
  await processPages(run, pipeline, Date.now() + RUN_LIMITS.sliceBudgetMs);
}
