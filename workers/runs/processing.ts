import { and, eq } from "drizzle-orm";
import type { PageExtraction } from "../contracts/extraction";
import { MIGRATION_MESSAGES } from "../contracts/run-events";
import { snapshots } from "../db/schema-runs";
import { PipelineError, resolvePipeline, type MigrationPipeline, type SnapshotRecord } from "./pipeline";
import { logStatement, runRowPatch, runUpdateStatement, type LogEntry } from "./run-records";
import type { RunHost } from "./run-host";
import { retryDelayMs, RUN_LIMITS } from "./run-state";
import type { PageRow } from "./run-store";

/**
 * After capture: finds the pipeline for the site. With none the run completes and logs that it stopped
 * after snapshots; otherwise every captured page is queued for mapping and writing (status processing).
 */
export async function endCapture(run: RunHost): Promise<void> {
  const pipeline = await resolvePipeline({ env: run.bindings, site: run.config.site, options: run.config.options });
  if (run.halted()) return;
  if (!pipeline) {
    run.state.pipeline = "none";
    run.save();
    await run.log([{ level: "info", message: MIGRATION_MESSAGES.stoppedAfterSnapshots }]);
    await run.finish({ status: "completed" });
    return;
  }
  run.state.pipeline = pipeline.writer ? "full" : "mapper";
  run.state.stopReason = pipeline.writer ? null : (pipeline.stopReason ?? null);
  run.state.processingTotal = run.store.queueForProcessing();
  run.state.phase = "processing";
  run.state.status = "processing";
  run.state.currentPage = null;
  run.save();
  const what = pipeline.writer ? " and writing them to the target" : run.state.stopReason ? ` (they will not be written: ${run.state.stopReason})` : "";
  await run.log([{ level: "info", message: `Mapping ${run.state.processingTotal} snapshots${what}` }]);
  run.emitProgress();
}

/** The log line of a run that mapped its pages but had nothing to write them with. */
export function stoppedAfterMappingEntry(run: RunHost): LogEntry {
  const reason = run.state.stopReason;
  if (!reason) return { level: "info", message: MIGRATION_MESSAGES.stoppedAfterMapping };
  const message = reason === MIGRATION_MESSAGES.platformNotConfigured ? MIGRATION_MESSAGES.stoppedNotConfigured : `${reason}: the run stopped after mapping.`;
  return { level: "warn", message };
}

async function loadSnapshot(run: RunHost, page: PageRow): Promise<{ record: SnapshotRecord; extraction: PageExtraction }> {
  const row = await run.db.query.snapshots.findFirst({
    where: and(eq(snapshots.id, page.snapshotId ?? ""), eq(snapshots.organizationId, run.config.organizationId)),
  });
  if (!row) throw new PipelineError(`The snapshot of ${page.url} is missing`);
  const object = await run.bindings.BUCKET.get(row.extractionKey);
  if (!object) throw new PipelineError(`The extraction of ${page.url} is missing from storage`);
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
  run.state.currentPage = page.url;
  let entry: LogEntry;
  let outcome: PageOutcome;
  try {
    const { record, extraction } = await loadSnapshot(run, page);
    const site = run.config.site;
    const mapped = await pipeline.mapper.map({ snapshot: record, extraction, site, options: run.config.options });
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
    } else {
      entry = { level: "info", message: "Mapped", url: page.url };
    }
    outcome = "written";
  } catch (err) {
    if (run.halted()) return;
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PipelineError && err.kind === "review") {
      await settle(run, page, "review", { level: "warn", message, url: page.url });
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
  await settle(run, page, outcome, entry);
}

/** Records how the pipeline ended with a page: its state, the run's counters and its log line, together. */
async function settle(run: RunHost, page: PageRow, outcome: PageOutcome, entry: LogEntry): Promise<void> {
  await run.commit(async () => {
    run.store.transaction(() => {
      run.store.setWriteState(page.idx, outcome, { reason: outcome === "written" ? null : entry.message });
      if (outcome === "written") run.state.written++;
      else if (outcome === "review") run.state.awaitingReview++;
      else run.state.writeFailed++;
      run.save();
    });
    await run.db.batch([logStatement(run.db, run.config, entry), runUpdateStatement(run.db, run.config, runRowPatch(run))]);
    run.emitProgress();
  });
}

/** One alarm's worth of mapping and writing, with the run's concurrency. */
export async function processingSlice(run: RunHost): Promise<void> {
  const pipeline = await resolvePipeline({ env: run.bindings, site: run.config.site, options: run.config.options });
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
  const deadline = Date.now() + RUN_LIMITS.sliceBudgetMs;
  const worker = async () => {
    while (!run.halted() && Date.now() < deadline) {
      const page = run.store.claimNextWrite(Date.now());
      if (!page) return;
      await processPage(run, pipeline, page);
    }
  };
  await Promise.all(Array.from({ length: run.config.options.concurrency }, worker));
}
