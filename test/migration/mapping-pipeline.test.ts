import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MAPPING_MESSAGES } from "../../workers/contracts/mapping";
import type { RunEvent } from "../../workers/contracts/run-events";
import { call } from "../helpers";
import { fixtureSite, origin, rawCall, startRun, tag, type TestSite } from "./helpers";

/**
 * The pipeline the Worker registers at load (workers/index.ts): the mapping of every captured page,
 * then the site's platform writer. Drupal is export-only: it needs no connection, and its writer
 * fills the run's export bundle, so the whole path runs here without a platform server.
 */

interface Log {
  level: string;
  message: string;
  url: string | null;
}

async function runToEnd(site: TestSite, body: Record<string, unknown> = {}): Promise<{ migrationId: string; last: RunEvent }> {
  const { stream, migrationId } = await startRun(site, { screenshots: false, ...body });
  const last = (await stream.rest(90_000)).at(-1)!.event;
  return { migrationId, last };
}

async function logsOf(site: TestSite, migrationId: string): Promise<Log[]> {
  const res = await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org });
  return (res.json.logs as (Log & { migrationId: string })[]).filter((l) => l.migrationId === migrationId);
}

async function setMinConfidence(site: TestSite, minConfidence: number): Promise<void> {
  const res = await call("PUT", `/site-config/${site.siteId}`, { token: site.token, org: site.org, body: { settings: { minConfidence } } });
  expect(res.status).toBe(200);
}

describe("the registered mapping pipeline", () => {
  it("maps every captured page and writes it into an export-only platform's bundle", async () => {
    const t = tag();
    const urls = [`${origin}/pages/page-21?t=${t}`, `${origin}/pages/page-22?t=${t}`];
    const site = await fixtureSite({ urlList: urls, minConfidence: 0 }, { platform: "drupal" });
    const { migrationId, last } = await runToEnd(site);
    expect(last).toMatchObject({ type: "complete", result: { summary: { pages: 2, succeeded: 2, failed: 0, awaitingReview: 0 } } });

    const logs = await logsOf(site, migrationId);
    expect(logs.filter((l) => l.message.startsWith("Written to the target as ")).map((l) => l.url).sort()).toEqual([...urls].sort());
    expect(logs.some((l) => l.message === "Each page is mapped and written to the target as soon as it is captured")).toBe(true);

    const zip = await rawCall("GET", `/migration/${migrationId}/export.zip`, site);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const manifest = JSON.parse(strFromU8(files["manifest.json"])) as { platform: string; pages: string[] };
    expect(manifest.platform).toBe("drupal");
    expect(manifest.pages).toHaveLength(2);
    const written = manifest.pages.map((p) => JSON.parse(strFromU8(files[p])) as { sourceUrl: string; components: unknown[] });
    expect(written.map((p) => p.sourceUrl).sort()).toEqual([...urls].sort());
    expect(written.every((p) => p.components.length > 0)).toBe(true);
  }, 120_000);

  it("counts pages waiting for review apart, never retries them, and runs them again next time", async () => {
    const t = tag();
    const urls = [`${origin}/pages/page-9?t=${t}`, `${origin}/pages/page-10?t=${t}`];
    // Nothing reaches a minimum confidence of 1: every page waits for review.
    const site = await fixtureSite({ urlList: urls, minConfidence: 1 }, { platform: "drupal" });
    const first = await runToEnd(site);
    expect(first.last).toMatchObject({
      type: "complete",
      status: "completed",
      result: { success: true, summary: { pages: 2, succeeded: 0, failed: 0, skipped: 0, awaitingReview: 2 } },
    });
    const result = await call("GET", `/migration/result/${first.migrationId}`, { token: site.token, org: site.org });
    expect(result.json.summary).toMatchObject({ succeeded: 0, failed: 0, awaitingReview: 2 });
    const logs = await logsOf(site, first.migrationId);
    for (const url of urls) {
      const about = logs.filter((l) => l.url === url);
      const waits = about.filter((l) => l.message.startsWith(MAPPING_MESSAGES.waitingForReview));
      // One line per page, at warn level: not a failure, not retried.
      expect(waits).toEqual([expect.objectContaining({ level: "warn", message: expect.stringContaining("minimum 1.00") })]);
      expect(about.filter((l) => l.level === "error" || /attempt/i.test(l.message))).toEqual([]);
    }
    expect(logs.some((l) => l.message.startsWith("Written to the target"))).toBe(false);
    expect(logs.some((l) => l.message.includes("2 waiting for review"))).toBe(true);

    // The unchanged pages are not skipped: their mapping waited for review. Now they are auto-applied and written.
    await setMinConfidence(site, 0);
    const second = await runToEnd(site);
    expect(second.last).toMatchObject({ type: "complete", result: { summary: { succeeded: 2, skipped: 0, awaitingReview: 0 } } });
    // Mapped and written now, the unchanged pages are skipped by the next run.
    const third = await runToEnd(site);
    expect(third.last).toMatchObject({ type: "complete", result: { summary: { succeeded: 0, skipped: 2, awaitingReview: 0 } } });
  }, 240_000);
});
