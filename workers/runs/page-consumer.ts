import type { BrowserRenderer } from "../crawl/renderer";
import { getDb } from "../db/client";
import type { Env } from "../env";
import { discardCapture, problemOf, renderAndStore, type CaptureContext } from "./capture";
import type { LeaseContext, LeaseMessage, PageReport } from "./leases";
import type { MigrationRun } from "./migration-run";
import type { PipelineFactory } from "./pipeline";
import { siteBrowser } from "./site-browser";
import { runStub } from "./stub";

/**
 * A consumer asks for another lease only while it has run for less than this: an invocation ends well
 * within the platform's limit, and its slot goes back to the run object, which sends a new message.
 */
const CONSUMER_BUDGET_MS = 4 * 60_000;

/**
 * The page queue's consumer (its pipeline composed in workers/compose.ts): renders, extracts and stores
 * the pages of each lease, and reports every page to the run object, which decides what is kept. The messages of a batch are worked at once, each
 * in its own tab of one browser session per run (a Worker invocation cannot use another invocation's
 * connection). A message is acknowledged once its lease (and the leases handed on to it) is worked or
 * no longer wanted; an error retries it, and whatever was already reported is refused the second time.
 */
export async function consumeLeases(batch: MessageBatch<LeaseMessage>, env: Env, composePipeline: PipelineFactory): Promise<void> {
  const browsers = new Map<string, BrowserRenderer>();
  const started = Date.now();
  try {
    await Promise.all(
      batch.messages.map(async (message) => {
        try {
          await workLeases(env, message.body, browsers, started, composePipeline);
          message.ack();
        } catch (err) {
          console.error("A page lease failed; it is delivered again", message.body.leaseId, err);
          message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
        }
      }),
    );
  } finally {
    await Promise.all([...browsers.values()].map((b) => b.close()));
  }
}

function browserFor(env: Env, context: LeaseContext, browsers: Map<string, BrowserRenderer>): BrowserRenderer {
  const { migrationId } = context.config;
  let renderer = browsers.get(migrationId);
  if (!renderer) {
    renderer = siteBrowser(env, context.config);
    browsers.set(migrationId, renderer);
  }
  return renderer;
}

/** Works a lease, then the leases the run object hands on, until it has none or the budget is spent. */
async function workLeases(env: Env, first: LeaseMessage, browsers: Map<string, BrowserRenderer>, started: number, composePipeline: PipelineFactory): Promise<void> {
  const run = runStub(env, first.migrationId);
  // RPC types cannot express the site's free-form definitions; the object returns a LeaseContext.
  const context = (await run.leaseContext(first.leaseId)) as LeaseContext | null;
  // The lease expired, or the run is over: its pages are someone else's now, or nobody's.
  if (!context) return;
  const renderer = browserFor(env, context, browsers);
  const { config } = context;
  const ctx: CaptureContext = {
    config,
    bindings: env,
    db: getDb(env.DB),
    siteTitles: context.siteTitles,
    renderer: () => renderer,
    pipeline: async () => composePipeline({ env, site: config.site, options: config.options }),
  };
  for (let lease: LeaseMessage | null = first; lease; ) {
    lease = await workLease(env, run, ctx, lease, Date.now() - started < CONSUMER_BUDGET_MS);
  }
}

/** Captures and reports the pages of one lease; returns the next lease when one was asked for and given. */
async function workLease(env: Env, run: DurableObjectStub<MigrationRun>, ctx: CaptureContext, lease: LeaseMessage, wantNext: boolean): Promise<LeaseMessage | null> {
  // This delivery's own file names: a duplicate delivery of the same lease never touches them.
  const delivery = crypto.randomUUID().slice(0, 8);
  for (const [i, page] of lease.pages.entries()) {
    let report: PageReport;
    try {
      report = { ok: true, captured: await renderAndStore(ctx, page, null, delivery) };
    } catch (err) {
      report = { ok: false, problem: problemOf(err) };
    }
    const last = i === lease.pages.length - 1;
    const answer = await run.reportPage(lease.leaseId, page.idx, report, wantNext && last);
    if (report.ok && !answer.accepted) await discardCapture(env, report.captured);
    if (!answer.active) return null;
    if (last) return (answer.next as LeaseMessage | null | undefined) ?? null;
  }
  return null;
}
