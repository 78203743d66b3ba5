import type { ScreenshotRef } from "../contracts/run-events";
import { screenshotPath } from "../contracts/run-events";
import type { RenderTab } from "../crawl/browser";
import { extractPageWithNotes } from "../crawl/extract";
import { sharedTitleAffix } from "../crawl/metadata";
import type { CrawlSettings } from "../contracts/sites";
import { DEFAULT_PAGE_BUDGET, type LoadedPage, type PageBudget } from "../crawl/browser";
import { classifyError, PAGE_WORK_MS, PageFailure, PageSkipped, withDeadline } from "../crawl/page-errors";
import { sha256Sync } from "../crawl/sha256";
import { isSiteUrl } from "../crawl/url";
import { pipelineDoneWith, resolvePipeline } from "./pipeline";
import { decidePipeline, processPages } from "./processing";
import { logStatement, previousSnapshot, runRowPatch, runUpdateStatement, snapshotStatement, type LogEntry } from "./run-records";
import type { RunHost } from "./run-host";
import { retryDelayMs, RUN_LIMITS } from "./run-state";
import type { PageRow } from "./run-store";

/** How many recent page titles a run keeps to find the site name they share. */
const SITE_TITLE_SAMPLE = 40;

/** The id of a page's snapshot: the same for every attempt at the page within a run. */
export function snapshotIdFor(migrationId: string, url: string): string {
  return sha256Sync(`${migrationId}\n${url}`).slice(0, 32);
}

/** Where a run's files live in R2. */
export function runObjectKey(run: RunHost, snapshotId: string, ext: "jpg" | "json"): string {
  const c = run.config;
  return `runs/${c.organizationId}/${c.siteId}/${c.migrationId}/${snapshotId}.${ext}`;
}

/** Marks a page as done with `state`, writes its log line and the run's counters in one D1 batch. */
async function settlePage(run: RunHost, page: PageRow, outcome: "failed" | "skipped", entry: LogEntry): Promise<void> {
  await run.commit(async () => {
    run.store.transaction(() => {
      run.store.setPageState(page.idx, outcome, { reason: entry.message });
      if (outcome === "failed") run.state.captureFailed++;
      else run.state.skipped++;
      run.save();
    });
    await run.db.batch([logStatement(run.db, run.config, entry), runUpdateStatement(run.db, run.config, runRowPatch(run))]);
    run.emitProgress();
  });
}

async function handleFailure(run: RunHost, page: PageRow, err: unknown): Promise<void> {
  const problem = classifyError(err);
  if (problem instanceof PageSkipped) {
    await settlePage(run, page, "skipped", { level: "info", message: `Skipped: ${problem.message}`, url: page.url });
    return;
  }
  const max = RUN_LIMITS.maxPageAttempts;
  if (problem.retryable && page.attempts < max) {
    const delay = retryDelayMs(page.attempts);
    run.store.setPageState(page.idx, "pending", { reason: problem.message, notBefore: Date.now() + delay });
    await run.log([{ level: "warn", message: `Attempt ${page.attempts} of ${max} failed: ${problem.message}. Retrying in ${Math.round(delay / 1000)} s`, url: page.url }]);
    return;
  }
  const tries = page.attempts === 1 ? "" : ` after ${page.attempts} attempts`;
  await settlePage(run, page, "failed", { level: "error", message: `Failed${tries}: ${problem.message}`, url: page.url });
}

/**
 * Whether the page's content is the same as in the site's last snapshot of it and the pipeline is done
 * with that snapshot: a page whose mapping waited for review, or that was not written, is run again.
 */
async function unchangedAndDone(run: RunHost, url: string, contentHash: string): Promise<boolean> {
  const { config } = run;
  const previous = await previousSnapshot(run.db, config, url);
  if (!previous || previous.contentHash !== contentHash) return false;
  const pipeline = await resolvePipeline({ env: run.bindings, site: config.site, options: config.options });
  return pipeline ? pipelineDoneWith(pipeline, previous, config.site) : true;
}

/** Renders and extracts a page in a tab, with its screenshot when the run takes them. */
async function renderPage(run: RunHost, page: PageRow, tab: RenderTab) {
  const { config } = run;
  const loaded = await tab.load(page.url, pageBudget(config.site.settings.crawl));
  if (!isSiteUrl(loaded.finalUrl, config.host)) throw new PageFailure(`Redirected outside the site's origin to ${loaded.finalUrl}`, false, "refused");
  const affix = sharedTitleAffix(run.siteTitles);
  const { extraction, invalidSelectors } = extractPageWithNotes(loaded.html, page.url, config.site.components, {
    finalUrl: loaded.finalUrl,
    status: loaded.status,
    imageSizes: loaded.imageSizes,
    host: config.host,
    siteTitleSuffixes: affix ? [affix] : undefined,
  });
  if (extraction.title) {
    run.siteTitles.push(extraction.title);
    if (run.siteTitles.length > SITE_TITLE_SAMPLE) run.siteTitles.shift();
  }
  if (config.options.skipUnchanged && (await unchangedAndDone(run, page.url, extraction.contentHash))) {
    throw new PageSkipped("Unchanged since the last snapshot");
  }
  const screenshot = config.options.screenshots ? await tab.screenshot() : null;
  return { extraction, invalidSelectors, screenshot, loaded };
}

/** The site's per-page budget (site settings `crawl`), with the defaults. */
export function pageBudget(crawl: CrawlSettings | undefined): PageBudget {
  return { navigationMs: crawl?.navigationTimeoutMs ?? DEFAULT_PAGE_BUDGET.navigationMs, settleMs: crawl?.settleMs ?? DEFAULT_PAGE_BUDGET.settleMs };
}

/**
 * The hard deadline of one page: its budget, plus time for the screenshot, extraction and storage.
 * Whatever hangs (the browser, a connection), the page's worker is free again by then.
 */
export function pageDeadline(crawl: CrawlSettings | undefined): number {
  const b = pageBudget(crawl);
  return b.navigationMs + b.settleMs + PAGE_WORK_MS;
}

/** The log line of a page read before it finished loading, or null. */
export function loadNote(loaded: Pick<LoadedPage, "ended">, budget: PageBudget): string | null {
  if (loaded.ended === "navigation-cap") return `Captured before the page finished loading: DOMContentLoaded did not come within ${budget.navigationMs / 1000} s`;
  if (loaded.ended === "settle-cap") return `Captured while requests were still loading after ${budget.settleMs / 1000} s`;
  return null;
}

/** Renders, extracts, screenshots and stores one page. Failures are logged and retried; they never stop the run. */
export async function capturePage(run: RunHost, page: PageRow): Promise<void> {
  const { config, bindings: env } = run;
  const started = Date.now();
  run.state.currentPage = page.url;
  let tab: RenderTab | null = null;
  const renderer = run.renderer();
  try {
    // Every browser step has its own timeout; the deadline also covers a browser that stops answering.
    const { extraction, invalidSelectors, screenshot, loaded } = await withDeadline(
      (async () => {
        tab = await renderer.acquire(run.state.browserSessionId);
        return renderPage(run, page, tab);
      })(),
      pageDeadline(config.site.settings.crawl),
    );
    renderer.release(tab!, true);
    tab = null;
    if (run.halted()) return;

    const snapshotId = snapshotIdFor(config.migrationId, page.url);
    const extractionKey = runObjectKey(run, snapshotId, "json");
    const screenshotKey = screenshot ? runObjectKey(run, snapshotId, "jpg") : null;
    await Promise.all([
      env.BUCKET.put(extractionKey, JSON.stringify(extraction), { httpMetadata: { contentType: "application/json" } }),
      screenshot && screenshotKey ? env.BUCKET.put(screenshotKey, screenshot, { httpMetadata: { contentType: "image/jpeg" } }) : null,
    ]);
    const logs: LogEntry[] = [{ level: "info", message: `Captured "${extraction.title || page.url}" (${extraction.components.length} components)`, url: page.url }];
    const note = loadNote(loaded, pageBudget(config.site.settings.crawl));
    if (note) logs.push({ level: "info", message: note, url: page.url });
    if (invalidSelectors.length) logs.push({ level: "warn", message: `Invalid selector in component definitions: ${invalidSelectors.join(", ")}`, url: page.url });
    const committed = await run.commit(async () => {
      run.store.transaction(() => {
        run.store.setPageState(page.idx, "captured", { snapshotId, hasScreenshot: screenshotKey !== null });
        // Streaming: the page is queued for mapping and writing in the same step that checkpoints it.
        if (run.state.pipeline === "mapper" || run.state.pipeline === "full") {
          run.store.setWriteState(page.idx, "pending");
          run.state.processingTotal++;
        }
        run.state.captured++;
        run.state.componentCount += extraction.components.length;
        run.save();
      });
      await run.db.batch([
        snapshotStatement(run.db, config, {
          id: snapshotId,
          url: page.url,
          finalUrl: extraction.finalUrl,
          httpStatus: extraction.status,
          title: extraction.title,
          contentHash: extraction.contentHash,
          screenshotKey,
          extractionKey,
          componentCount: extraction.components.length,
          imageCount: extraction.images.length,
          linkCount: extraction.links.length,
          durationMs: Date.now() - started,
        }),
        // The log id is derived from the snapshot, so a page captured again after an interruption logs once.
        ...logs.map((entry, i) => logStatement(run.db, config, entry, i === 0 ? `${snapshotId}-captured` : undefined)),
        runUpdateStatement(run.db, config, runRowPatch(run)),
      ]);
      const shots: ScreenshotRef[] = screenshotKey ? [{ url: page.url, snapshotId, screenshot: screenshotPath(snapshotId) }] : [];
      run.emitProgress(shots);
    });
    if (!committed) {
      // Cancelled between storage and commit: the page is not kept, so neither are its files.
      await env.BUCKET.delete([extractionKey, ...(screenshotKey ? [screenshotKey] : [])]).catch(() => {});
    }
  } catch (err) {
    if (tab) renderer.release(tab, false);
    if (run.halted()) return;
    await handleFailure(run, page, err);
  }
}

/**
 * One alarm's worth of capturing: `concurrency` workers take due pages one at a time (each claim is the
 * checkpoint) until the time budget is spent, no page is due, or the run is halted. Beside them, the
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
  let capturing = run.config.options.concurrency;
  const worker = async () => {
    try {
      while (!run.halted() && Date.now() < deadline) {
        const page = run.store.claimNext(Date.now());
        if (!page) return;
        await capturePage(run, page);
      }
    } finally {
      capturing--;
    }
  };
  const capture = Promise.all(Array.from({ length: run.config.options.concurrency }, worker));
  if (!pipeline) return void (await capture);
  for (const p of run.store.recoverInterruptedWrites(RUN_LIMITS.maxPageAttempts)) {
    run.state.writeFailed++;
    await run.log([{ level: "error", message: "Mapping or writing failed: interrupted every time", url: p.url }]);
  }
  await Promise.all([capture, processPages(run, pipeline, deadline, () => capturing > 0)]);
}
