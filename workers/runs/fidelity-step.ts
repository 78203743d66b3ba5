/**
 * After a page is written to a platform that serves it at a URL, the run renders it from the target in
 * its browser and compares it with the source snapshot (workers/targets/fidelity): main-content token F1,
 * images loading, links resolving, the heading outline and the look per region. The result is stored
 * per snapshot (page_fidelity), with the target's screenshot in R2; below the project's fidelity
 * threshold the page waits for a person's look. A check that fails never fails the page: it is logged.
 */
import type { PageExtraction } from "../contracts/extraction";
import { extractPageWithNotes } from "../crawl/extract";
import { pageFidelity } from "../db/schema-runs";
import { assertEgressAllowed, egressFetch, egressPolicy, type EgressPolicy } from "../lib/egress";
import { newId } from "../lib/ids";
import { pageFindings } from "../enrich/findings";
import { compareFidelity, linksToCheck, percent, splitPendingLinks } from "../targets/fidelity/compare";
import { compareScreenshots, renderTarget } from "../targets/fidelity/render";
import type { SnapshotRecord } from "./pipeline";
import type { LogEntry } from "./run-records";
import type { RunHost } from "./run-host";

/** How long one link of the written page may take to answer. */
const LINK_TIMEOUT_MS = 5_000;
/** Links checked at once. */
const LINK_CONCURRENCY = 4;

async function linkStatus(url: string, policy: EgressPolicy): Promise<number | null> {
  try {
    let { response } = await egressFetch(url, { method: "HEAD", signal: AbortSignal.timeout(LINK_TIMEOUT_MS) }, { policy });
    // Some servers refuse HEAD: ask again with GET and read nothing of the body.
    if (response.status === 405 || response.status === 501) {
      ({ response } = await egressFetch(url, { method: "GET", signal: AbortSignal.timeout(LINK_TIMEOUT_MS) }, { policy }));
      await response.body?.cancel().catch(() => {});
    }
    return response.status;
  } catch {
    return null;
  }
}

async function checkLinks(urls: readonly string[], policy: EgressPolicy): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      out.set(url, await linkStatus(url, policy));
    }
  };
  await Promise.all(Array.from({ length: Math.min(LINK_CONCURRENCY, urls.length) }, worker));
  // In the page's order, whatever order the answers came in.
  return new Map(urls.map((u) => [u, out.get(u) ?? null]));
}

/** The R2 key of the screenshot of a written page as the target serves it. */
export function targetScreenshotKey(run: Pick<RunHost, "config">, snapshotId: string): string {
  const { organizationId, siteId, migrationId } = run.config;
  return `runs/${organizationId}/${siteId}/${migrationId}/${snapshotId}-target.jpg`;
}

/**
 * Checks a written page in the target and stores the result. Returns the run's log line about it: its
 * score, or a warning when the page is below the project's threshold or could not be checked.
 */
export async function checkInTarget(run: RunHost, page: { record: SnapshotRecord; extraction: PageExtraction; targetUrl: string; pendingLinks?: readonly string[] }): Promise<LogEntry> {
  const { record, extraction, targetUrl } = page;
  try {
    const policy = egressPolicy(run.bindings);
    await assertEgressAllowed(targetUrl, policy);
    const browser = await run.renderer().ensure(run.state.browserSessionId);
    const rendered = await renderTarget(browser, targetUrl);
    const target = extractPageWithNotes(rendered.loaded.html, targetUrl, {}, { finalUrl: rendered.loaded.finalUrl, imageSizes: rendered.loaded.imageSizes }).extraction;
    // Links to pages the run writes later answer 404 until then: they are counted apart, not checked.
    const { check, pending } = splitPendingLinks(linksToCheck(target.mainHtml, rendered.loaded.finalUrl), page.pendingLinks ?? []);
    const linkStatuses = await checkLinks(check, policy);
    let regions = null;
    const sourceShot = record.screenshotKey ? await run.bindings.BUCKET.get(record.screenshotKey) : null;
    if (sourceShot) regions = await compareScreenshots(browser, new Uint8Array(await sourceShot.arrayBuffer()), rendered.screenshot);
    const { score, ...compared } = compareFidelity({ source: extraction, target, targetImages: rendered.images, linkStatus: linkStatuses, pendingLinks: pending, regions });
    // The page as written is audited like its source (Enrich), so the project sees what the target holds.
    const detail = { ...compared, targetFindings: pageFindings(target) };

    const screenshotKey = targetScreenshotKey(run, record.id);
    await run.bindings.BUCKET.put(screenshotKey, rendered.screenshot, { httpMetadata: { contentType: "image/jpeg" } });
    const threshold = run.config.site.settings.fidelityThreshold ?? null;
    const needsReview = threshold !== null && score < threshold;
    const row = {
      organizationId: run.config.organizationId,
      siteId: run.config.siteId,
      migrationId: run.config.migrationId,
      snapshotId: record.id,
      sourceUrl: record.url,
      targetUrl: rendered.loaded.finalUrl,
      score,
      needsReview,
      detail,
      screenshotKey,
      createdAt: new Date(),
    };
    await run.db
      .insert(pageFidelity)
      .values({ id: newId(), ...row })
      .onConflictDoUpdate({ target: pageFidelity.snapshotId, set: row });

    const parts = `main content ${percent(detail.content.f1)}${detail.images.score !== null ? `, images ${percent(detail.images.score)}` : ""}${detail.links.score !== null ? `, links ${percent(detail.links.score)}` : ""}${detail.headings.score !== null ? `, headings ${percent(detail.headings.score)}` : ""}${detail.visual ? `, look ${percent(detail.visual.score)}` : ""}`;
    if (needsReview) {
      return { level: "warn", message: `Fidelity in the target ${percent(score)} is below the project's threshold of ${percent(threshold)}: the page waits for review (${parts})`, url: record.url };
    }
    return { level: "info", message: `Fidelity in the target ${percent(score)} (${parts})`, url: record.url };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { level: "warn", message: `The written page could not be checked in the target: ${message}`, url: record.url };
  }
}
