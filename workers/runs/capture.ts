import type { ScreenshotRef } from "../contracts/run-events";
import { screenshotPath } from "../contracts/run-events";
import type { CrawlSettings } from "../contracts/sites";
import { DEFAULT_PAGE_BUDGET, type LoadedPage, type PageBudget, type RenderTab } from "../crawl/browser";
import type { BrowserRenderer } from "../crawl/renderer";
import { extractPageWithNotes } from "../crawl/extract";
import { sharedTitleAffix } from "../crawl/metadata";
import { classifyError, PAGE_WORK_MS, PageFailure, PageSkipped, withDeadline } from "../crawl/page-errors";
import { sha256Sync } from "../crawl/sha256";
import { isSiteUrl } from "../crawl/url";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { pipelineDoneWith, type MigrationPipeline } from "./pipeline";
import { logStatement, previousSnapshot, runRowPatch, runUpdateStatement, snapshotStatement, type LogEntry } from "./run-records";
import type { RunHost } from "./run-host";
import { retryDelayMs, RUN_LIMITS } from "./run-state";
import type { PageRow, RunConfig } from "./run-store";

/** How many recent page titles a run keeps to find the site name they share. */
const SITE_TITLE_SAMPLE = 40;

/** Adds a captured page's title to the run's bounded sample of recent titles. */
export function noteTitle(titles: string[], title: string): void {
  if (!title) return;
  titles.push(title);
  if (titles.length > SITE_TITLE_SAMPLE) titles.shift();
}

/** The id of a page's snapshot: the same for every attempt at the page within a run. */
export function snapshotIdFor(migrationId: string, url: string): string {
  return sha256Sync(`${migrationId}\n${url}`).slice(0, 32);
}

/**
 * Where a run's files live in R2. A queue consumer adds its delivery's id, so a duplicate delivery
 * never overwrites (or, when its report is refused, deletes) the files of the accepted one.
 */
export function runObjectKey(config: RunConfig, snapshotId: string, ext: "jpg" | "json", delivery?: string): string {
  return `runs/${config.organizationId}/${config.siteId}/${config.migrationId}/${snapshotId}${delivery ? `-${delivery}` : ""}.${ext}`;
}

/**
 * What capturing a page needs: the run's config, the Worker's bindings and a browser. The run object
 * provides it for its own tabs, and a queue consumer for the pages of its lease.
 */
export interface CaptureContext {
  readonly config: RunConfig;
  readonly bindings: Env;
  readonly db: Db;
  /** Recent page titles of the run (see RunHost.siteTitles); a captured page's title is added. */
  readonly siteTitles: string[];
  renderer(): BrowserRenderer;
  /** The run's pipeline (workers/compose.ts), or null when nothing maps this site. */
  pipeline(): Promise<MigrationPipeline<unknown> | null>;
}

/** Why a page was not captured, as a report can carry it (from the run object's own tab or a queue consumer). */
export interface PageProblem {
  message: string;
  retryable: boolean;
  /** Deliberately not captured (not HTML, unchanged): skipped, not failed. */
  skipped: boolean;
}

/** The problem behind an error thrown while capturing a page. */
export function problemOf(err: unknown): PageProblem {
  const problem = classifyError(err);
  return { message: problem.message, retryable: problem instanceof PageFailure && problem.retryable, skipped: problem instanceof PageSkipped };
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

/** A failed attempt at a page: skipped, back in the queue with backoff (it holds no other page), or failed. */
export async function handleFailure(run: RunHost, page: PageRow, problem: PageProblem): Promise<void> {
  if (problem.skipped) {
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
async function unchangedAndDone(run: CaptureContext, url: string, contentHash: string): Promise<boolean> {
  const { config } = run;
  const previous = await previousSnapshot(run.db, config, url);
  if (!previous || previous.contentHash !== contentHash) return false;
  const pipeline = await run.pipeline();
  return pipeline ? pipelineDoneWith(pipeline, previous, config.site) : true;
}

/** Loads a page in a tab, with its screenshot when the run takes them. */
async function loadPage(run: CaptureContext, page: Pick<PageRow, "url">, tab: RenderTab): Promise<LoadedPage> {
  const { config } = run;
  const loaded = await tab.load(page.url, pageBudget(config.site.settings.crawl), { screenshot: config.options.screenshots });
  if (!isSiteUrl(loaded.finalUrl, config.host)) throw new PageFailure(`Redirected outside the site's origin to ${loaded.finalUrl}`, false, "refused");
  return loaded;
}

/** Extracts a loaded page. A page found unchanged since its last snapshot is skipped (PageSkipped). */
async function extractLoaded(run: CaptureContext, page: Pick<PageRow, "url">, loaded: LoadedPage) {
  const { config } = run;
  const affix = sharedTitleAffix(run.siteTitles);
  const { extraction, invalidSelectors } = extractPageWithNotes(loaded.html, page.url, config.site.components, {
    finalUrl: loaded.finalUrl,
    status: loaded.status,
    imageSizes: loaded.imageSizes,
    host: config.host,
    siteTitleSuffixes: affix ? [affix] : undefined,
  });
  noteTitle(run.siteTitles, extraction.title);
  if (config.options.skipUnchanged && (await unchangedAndDone(run, page.url, extraction.contentHash))) {
    throw new PageSkipped("Unchanged since the last snapshot");
  }
  return { extraction, invalidSelectors, loaded };
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

/** A page that took this long (ms) gets a log line of where its time went. */
export const SLOW_PAGE_MS = 10_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The log line of a page that took SLOW_PAGE_MS or longer, saying where its time went; null for a faster page. */
export function slowPageNote(rendered: Pick<RenderedPage, "tabMs"> & { loaded: Pick<LoadedPage, "steps"> }, storingMs: number, totalMs: number): string | null {
  if (totalMs < SLOW_PAGE_MS) return null;
  const { navigation, settle, read, screenshot } = rendered.loaded.steps;
  const steps: [string, number][] = [
    ["waiting for a tab", rendered.tabMs],
    ["loading", navigation],
    ["settling", settle],
    ["reading", read],
    ["screenshot", screenshot],
    ["extracting and storing", storingMs],
  ];
  return `Slow page: ${seconds(totalMs)} (${steps.map(([what, ms]) => `${what} ${seconds(ms)}`).join(", ")})`;
}

/** The log line of a page read before it finished loading, or null. */
export function loadNote(loaded: Pick<LoadedPage, "ended">, budget: PageBudget): string | null {
  if (loaded.ended === "navigation-cap") return `Captured before the page finished loading: DOMContentLoaded did not come within ${budget.navigationMs / 1000} s`;
  if (loaded.ended === "settle-cap") return `Captured while requests were still loading after ${budget.settleMs / 1000} s`;
  return null;
}

/** A page rendered, extracted and stored in R2: what its commit records. */
export interface CapturedPage {
  snapshotId: string;
  extractionKey: string;
  screenshotKey: string | null;
  finalUrl: string;
  httpStatus: number;
  title: string;
  contentHash: string;
  componentCount: number;
  imageCount: number;
  linkCount: number;
  durationMs: number;
  logs: LogEntry[];
}

/** A page rendered and screenshot, its tab free again: what `storeCapture` extracts and stores. */
export interface RenderedPage {
  loaded: LoadedPage;
  started: number;
  /** How long the page waited for its tab (ms): a new tab, or a browser to launch or reconnect. */
  tabMs: number;
}

/**
 * Renders and screenshots one page in a tab within the page's hard deadline, and frees the tab. The
 * page is extracted afterwards (`storeCapture`), so its worker's tab renders the next page meanwhile.
 * Throws when the page cannot be rendered (see `problemOf`).
 */
export async function renderCapture(ctx: CaptureContext, page: Pick<PageRow, "url">, sessionId: string | null): Promise<RenderedPage> {
  const { config } = ctx;
  const started = Date.now();
  let tab: RenderTab | null = null;
  const renderer = ctx.renderer();
  let loaded: LoadedPage;
  let tabMs = 0;
  try {
    // Every browser step has its own timeout; the deadline also covers a browser that stops answering.
    loaded = await withDeadline(
      (async () => {
        tab = await renderer.acquire(sessionId);
        tabMs = Date.now() - started;
        const loaded = await loadPage(ctx, page, tab);
        renderer.release(tab, true);
        tab = null;
        return loaded;
      })(),
      pageDeadline(config.site.settings.crawl),
      // Released (null) only once the page is loaded, so a deadline before then finds the tab or none yet.
      () => (tab as RenderTab | null)?.step ?? "waiting for a tab",
    );
  } catch (err) {
    if (tab) renderer.release(tab, false);
    throw err;
  }
  return { loaded, started, tabMs };
}

/**
 * Extracts a rendered page and stores its extraction and screenshot in R2. Throws PageSkipped when the
 * page is unchanged since its last snapshot, and a retryable PageFailure when storage fails.
 */
export async function storeCapture(ctx: CaptureContext, page: Pick<PageRow, "url">, rendered: RenderedPage, delivery?: string): Promise<CapturedPage> {
  const { config, bindings: env } = ctx;
  const { loaded, started } = rendered;
  const storing = Date.now();
  const { extraction, invalidSelectors } = await extractLoaded(ctx, page, loaded);
  const { screenshot } = loaded;
  const snapshotId = snapshotIdFor(config.migrationId, page.url);
  const extractionKey = runObjectKey(config, snapshotId, "json", delivery);
  const screenshotKey = screenshot ? runObjectKey(config, snapshotId, "jpg", delivery) : null;
  await Promise.all([
    env.BUCKET.put(extractionKey, JSON.stringify(extraction), { httpMetadata: { contentType: "application/json" } }),
    screenshot && screenshotKey ? env.BUCKET.put(screenshotKey, screenshot, { httpMetadata: { contentType: "image/jpeg" } }) : null,
  ]).catch((err) => {
    throw new PageFailure(`Could not store the page: ${err instanceof Error ? err.message : String(err)}`, true, "storage");
  });
  const logs: LogEntry[] = [{ level: "info", message: `Captured "${extraction.title || page.url}" (${extraction.components.length} components)`, url: page.url }];
  const note = loadNote(loaded, pageBudget(config.site.settings.crawl));
  if (note) logs.push({ level: "info", message: note, url: page.url });
  const slow = slowPageNote(rendered, Date.now() - storing, Date.now() - started);
  if (slow) logs.push({ level: "info", message: slow, url: page.url });
  if (invalidSelectors.length) logs.push({ level: "warn", message: `Invalid selector in component definitions: ${invalidSelectors.join(", ")}`, url: page.url });
  return {
    snapshotId,
    extractionKey,
    screenshotKey,
    finalUrl: extraction.finalUrl,
    httpStatus: extraction.status,
    title: extraction.title,
    contentHash: extraction.contentHash,
    componentCount: extraction.components.length,
    imageCount: extraction.images.length,
    linkCount: extraction.links.length,
    durationMs: Date.now() - started,
    logs,
  };
}

/** Renders, extracts, screenshots and stores one page (see `renderCapture` and `storeCapture`). */
export async function renderAndStore(ctx: CaptureContext, page: Pick<PageRow, "url">, sessionId: string | null, delivery?: string): Promise<CapturedPage> {
  return storeCapture(ctx, page, await renderCapture(ctx, page, sessionId), delivery);
}

/** Deletes the stored files of a capture that was not kept (cancelled, or a refused duplicate). */
export async function discardCapture(env: Env, captured: CapturedPage): Promise<void> {
  await env.BUCKET.delete([captured.extractionKey, ...(captured.screenshotKey ? [captured.screenshotKey] : [])]).catch(() => {});
}

/**
 * The checkpoint of a captured page. Its snapshot row and log lines go to D1 first, as upserts under ids
 * derived from the page; then, in one transaction, the page's state, the run's counters and its place
 * in the mapping queue; then the run's row and a progress event. A crash between the two steps leaves
 * the page in progress (or leased): it is captured again over the same row. So the checkpoint never
 * says captured without its snapshot. Returns false when the run was halted or the page is no longer
 * this capture's to commit (nothing is counted; the caller discards its files).
 */
export async function commitCapture(run: RunHost, page: PageRow, captured: CapturedPage): Promise<boolean> {
  const { config } = run;
  let kept = false;
  const ran = await run.commit(async () => {
    const { logs, snapshotId, screenshotKey } = captured;
    await run.db.batch([
      snapshotStatement(run.db, config, {
        id: snapshotId,
        url: page.url,
        finalUrl: captured.finalUrl,
        httpStatus: captured.httpStatus,
        title: captured.title,
        contentHash: captured.contentHash,
        screenshotKey,
        extractionKey: captured.extractionKey,
        componentCount: captured.componentCount,
        imageCount: captured.imageCount,
        linkCount: captured.linkCount,
        durationMs: captured.durationMs,
      }),
      // The log id is derived from the snapshot, so a page captured again after an interruption logs once.
      ...logs.map((entry, i) => logStatement(run.db, config, entry, i === 0 ? `${snapshotId}-captured` : undefined)),
    ]);
    kept = run.store.transaction(() => {
      if (!run.store.markCaptured(page.idx, snapshotId, screenshotKey !== null)) return false;
      // Streaming: the page is queued for mapping and writing in the same step that checkpoints it.
      if (run.state.pipeline === "mapper" || run.state.pipeline === "full") {
        run.store.setWriteState(page.idx, "pending");
        run.state.processingTotal++;
      }
      run.state.captured++;
      run.state.componentCount += captured.componentCount;
      run.save();
      return true;
    });
    if (!kept) return;
    run.wakeProcessing();
    await run.db.batch([runUpdateStatement(run.db, config, runRowPatch(run))]);
    const shots: ScreenshotRef[] = screenshotKey ? [{ url: page.url, snapshotId, screenshot: screenshotPath(snapshotId) }] : [];
    run.emitProgress(shots);
  });
  return ran && kept;
}

/**
 * Captures one page in one of the run object's own tabs. Resolves as soon as the tab is free, with the
 * page's extraction, storing and commit still under way in `finishing`: the tab renders its next page
 * meanwhile.
 * Failures are logged and retried; they never stop the run, and `finishing` never rejects.
 */
export async function capturePage(run: RunHost, page: PageRow): Promise<{ finishing: Promise<void> }> {
  run.state.currentPage = page.url;
  const failed = async (err: unknown) => {
    if (!run.halted()) await handleFailure(run, page, problemOf(err));
  };
  let rendered: RenderedPage;
  try {
    rendered = await renderCapture(run, page, run.state.browserSessionId);
  } catch (err) {
    await failed(err);
    return { finishing: Promise.resolve() };
  }
  const finishing = (async () => {
    try {
      // Extraction is synchronous work on this thread: it waits a turn, so the worker first sends its tab to the next page.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const captured = await storeCapture(run, page, rendered);
      // Cancelled between storage and commit: the page is not kept, so neither are its files.
      if (run.halted() || !(await commitCapture(run, page, captured))) await discardCapture(run.bindings, captured);
    } catch (err) {
      await failed(err);
    }
  })();
  return { finishing };
}
