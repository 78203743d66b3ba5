import puppeteer, { type BrowserWorker } from "@cloudflare/puppeteer";
import { and, eq } from "drizzle-orm";
import { MAPPING_MESSAGES, type AutoPopulateState, type SuggestedComponent } from "../contracts/mapping";
import type { ComponentDefinition } from "../contracts/definitions";
import type { DefinitionsResponse } from "../contracts/mapping";
import { RenderTab } from "../crawl/browser";
import { assertCrawlable, CrawlRefusedError } from "../crawl/ssrf";
import type { Db } from "../db/client";
import { autoPopulateJobs, type AutoPopulateJobRow } from "../db/schema-mapping";
import type { Env } from "../env";
import { egressPolicy } from "../lib/egress";
import { conflict, notFound, unprocessable } from "../lib/errors";
import { detectStructures } from "../mapping/auto-populate/detect";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import { listDefinitions, putDefinitionStatements } from "./definitions";
import { requireSite } from "./sites";

/** A job that has not moved for this long is treated as failed (the Worker that ran it is gone). */
export const AUTO_POPULATE_STALE_MS = 3 * 60_000;
export const AUTO_POPULATE_MESSAGES = {
  stale: "Auto-populate stopped before it finished. Please try again.",
  renderFailed: "The page could not be rendered",
} as const;

const RUNNING = ["rendering", "detecting"] as const;

function toState(row: AutoPopulateJobRow | undefined): AutoPopulateState {
  if (!row) return { status: "idle", progress: 0, suggestedComponents: [], isAutoPopulating: false, url: "", selector: "", error: null, updatedAt: null };
  const stale = (RUNNING as readonly string[]).includes(row.status) && Date.now() - row.updatedAt.getTime() > AUTO_POPULATE_STALE_MS;
  const status = stale ? "failed" : row.status;
  return {
    status,
    progress: row.progress,
    suggestedComponents: (row.suggestedComponents ?? []) as SuggestedComponent[],
    isAutoPopulating: (RUNNING as readonly string[]).includes(status),
    url: row.url,
    selector: row.selector,
    error: stale ? AUTO_POPULATE_MESSAGES.stale : row.error,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function jobRow(db: Db, siteId: string) {
  return db.query.autoPopulateJobs.findFirst({ where: eq(autoPopulateJobs.siteId, siteId) });
}

export async function getAutoPopulateState(db: Db, organizationId: string, siteId: string): Promise<AutoPopulateState> {
  await requireSite(db, organizationId, siteId);
  return toState(await jobRow(db, siteId));
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/**
 * The page must be on the site's domain (its www. twin included); where the local development setting
 * allows private addresses (EGRESS_ALLOW_PRIVATE) a loopback page is allowed too, so fixture sites can
 * be used. The egress guard's address checks apply (no private, loopback or link-local targets, also through DNS).
 */
export async function assertAutoPopulateUrl(env: Env, siteDomain: string, rawUrl: string): Promise<URL> {
  const url = new URL(rawUrl);
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, "");
  const onSite = bare(url.host) === bare(siteDomain);
  const egress = egressPolicy(env);
  const devLoopback = egress.allowPrivate && LOOPBACK.test(url.hostname);
  if (!onSite && !devLoopback) throw unprocessable(MAPPING_MESSAGES.autoPopulateOrigin, { host: url.host, domain: siteDomain });
  try {
    return await assertCrawlable(url.toString(), { host: url.host, egress });
  } catch (err) {
    if (err instanceof CrawlRefusedError) throw unprocessable(MAPPING_MESSAGES.autoPopulateOrigin, { reason: err.message });
    throw err;
  }
}

async function setJob(db: Db, siteId: string, patch: Partial<AutoPopulateJobRow>) {
  await db.update(autoPopulateJobs).set({ ...patch, updatedAt: new Date() }).where(eq(autoPopulateJobs.siteId, siteId));
}

/** Renders one page in the real browser (Browser Rendering) and returns its HTML. */
export async function renderPage(binding: BrowserWorker, url: URL): Promise<string> {
  const browser = await puppeteer.launch(binding);
  try {
    // Closing the browser closes its tab too.
    const tab = await RenderTab.open(browser, url.host);
    return (await tab.load(url.toString())).html;
  } finally {
    await browser.close().catch(() => {});
  }
}

/**
 * Starts auto-populate for a site: renders the page in the browser, then detects its recurring
 * structures. The work continues after the response (`waitUntil`); its state is read with
 * getAutoPopulateState (spec §3: status, progress, suggestedComponents, isAutoPopulating, url, selector).
 */
export async function startAutoPopulate(
  db: Db,
  env: Env,
  auth: SessionUser,
  organizationId: string,
  siteId: string,
  input: { url: string; selector: string },
  waitUntil: (p: Promise<unknown>) => void,
  render: (url: URL) => Promise<string> = (url) => renderPage(env.BROWSER as unknown as BrowserWorker, url),
): Promise<AutoPopulateState> {
  const site = await requireSite(db, organizationId, siteId);
  const url = await assertAutoPopulateUrl(env, site.domain, input.url);
  const current = toState(await jobRow(db, siteId));
  if (current.isAutoPopulating) throw conflict(MAPPING_MESSAGES.autoPopulateRunning);
  const now = new Date();
  const values = { status: "rendering" as const, progress: 10, url: url.toString(), selector: input.selector, suggestedComponents: [], error: null, startedByUserId: auth.user.id, startedAt: now, updatedAt: now };
  await db.batch([
    db.insert(autoPopulateJobs).values({ siteId, organizationId, ...values }).onConflictDoUpdate({ target: autoPopulateJobs.siteId, set: values }),
    auditStatement(db, auth.actor, { organizationId, action: "auto-populate.start", entityType: "auto-populate", entityId: siteId, after: { url: values.url, selector: input.selector } }),
  ]);
  const work = (async () => {
    try {
      const html = await render(url);
      await setJob(db, siteId, { status: "detecting", progress: 70 });
      const suggestions = detectStructures(html, url.toString(), { selector: input.selector || undefined });
      await setJob(db, siteId, { status: "completed", progress: 100, suggestedComponents: suggestions });
    } catch (err) {
      const message = err instanceof Error && err.message ? `${AUTO_POPULATE_MESSAGES.renderFailed}: ${err.message}` : AUTO_POPULATE_MESSAGES.renderFailed;
      await setJob(db, siteId, { status: "failed", progress: 100, error: message.slice(0, 500) });
    }
  })();
  waitUntil(work);
  return toState(await jobRow(db, siteId));
}

/** Clears the state (back to idle). A job still running finishes into nothing visible. */
export async function resetAutoPopulate(db: Db, auth: SessionUser, organizationId: string, siteId: string): Promise<AutoPopulateState> {
  await requireSite(db, organizationId, siteId);
  await db.batch([
    db.delete(autoPopulateJobs).where(and(eq(autoPopulateJobs.siteId, siteId), eq(autoPopulateJobs.organizationId, organizationId))),
    auditStatement(db, auth.actor, { organizationId, action: "auto-populate.reset", entityType: "auto-populate", entityId: siteId }),
  ]);
  return toState(undefined);
}

/**
 * Writes the chosen suggestions into the site's component definitions, as suggested or as the user
 * edited them, under the suggested key or the one given.
 */
export async function acceptSuggestions(
  db: Db,
  auth: SessionUser,
  organizationId: string,
  siteId: string,
  chosen: { id: string; key?: string; definition?: ComponentDefinition }[],
): Promise<DefinitionsResponse<ComponentDefinition>> {
  const state = await getAutoPopulateState(db, organizationId, siteId);
  const entries: Record<string, ComponentDefinition> = {};
  for (const c of chosen) {
    const suggestion = state.suggestedComponents.find((s) => s.id === c.id);
    if (!suggestion) throw notFound(MAPPING_MESSAGES.suggestionNotFound);
    entries[c.key ?? suggestion.key] = c.definition ?? suggestion.definition;
  }
  const statements = await putDefinitionStatements(db, auth, organizationId, siteId, "components", entries, "auto-populate.accept");
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return listDefinitions(db, organizationId, siteId, "components");
}
