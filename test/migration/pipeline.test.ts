import { describe, expect, it } from "vitest";
import type { PageExtraction } from "../../workers/contracts/extraction";
import { MIGRATION_MESSAGES, type RunEvent } from "../../workers/contracts/run-events";
import { PipelineError, registerPipeline, type MapInput } from "../../workers/runs/pipeline";
import { call } from "../helpers";
import { fixtureSite, origin, startRun, tag } from "./helpers";

interface Mapped {
  url: string;
  components: string[];
}

describe("mapping and target writing plug into a run", () => {
  it("hands every captured page to the mapper and the writer, then completes", async () => {
    const t = tag();
    const urls = [`${origin}/pages/page-11?t=${t}`, `${origin}/pages/page-12?t=${t}`, `${origin}/pages/page-13?t=${t}`];
    const site = await fixtureSite({ urlList: urls, concurrency: 2 });
    const mappedInputs: MapInput[] = [];
    const written: { mapped: Mapped; extraction: PageExtraction }[] = [];
    const unregister = registerPipeline(({ site: defs, options }) => {
      if (defs.siteId !== site.siteId) return null;
      expect(options.preferRagRuns).toBe(true);
      return {
        mapper: {
          async map(input): Promise<Mapped> {
            mappedInputs.push(input);
            return { url: input.snapshot.url, components: input.extraction.components.map((c) => c.definition ?? "") };
          },
        },
        writer: {
          async write({ mapped, extraction, reportAssets }) {
            const page = mapped as Mapped;
            if (page.url.includes("page-13")) throw new PipelineError("The target refused the page: 422", false);
            reportAssets({ processed: extraction.images.length, total: extraction.images.length });
            written.push({ mapped: page, extraction });
            return { targetId: `item-${written.length}`, url: `https://target.example/${written.length}` };
          },
        },
      };
    });
    try {
      const { stream, migrationId } = await startRun(site, { preferRagRuns: true });
      const events = (await stream.rest(90_000)).map((m) => m.event);
      const processing = events.filter((e): e is Extract<RunEvent, { type: "progress" }> => e.type === "progress" && e.status === "processing");
      expect(processing.length).toBeGreaterThanOrEqual(3);
      expect(processing.at(-1)!.progress).toMatchObject({ phase: "processing", processedCount: 3, totalCount: 3, damProgress: { processed: expect.any(Number) } });
      expect(events.at(-1)).toMatchObject({ type: "complete", result: { summary: { pages: 3, succeeded: 2, failed: 1, skipped: 0 } } });

      expect(mappedInputs.map((i) => i.snapshot.url).sort()).toEqual([...urls].sort());
      expect(mappedInputs[0].site).toMatchObject({ siteId: site.siteId, platform: "magnolia", components: { hero: { selector: ".hero" } } });
      expect(mappedInputs[0].extraction.url).toBe(mappedInputs[0].snapshot.url);
      expect(mappedInputs[0].snapshot.migrationId).toBe(migrationId);
      expect(written).toHaveLength(2);
      expect(written[0].mapped.components[0]).toBe("hero");

      const logs = (await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as { level: string; message: string; url: string | null }[];
      expect(logs.filter((l) => l.message.startsWith("Written to the target as item-"))).toHaveLength(2);
      expect(logs).toContainEqual(expect.objectContaining({ level: "error", message: "Mapping or writing failed: The target refused the page: 422", url: urls[2] }));
      expect(logs.map((l) => l.message)).not.toContain(MIGRATION_MESSAGES.stoppedAfterSnapshots);
    } finally {
      unregister();
    }
  }, 120_000);

  it("stops after mapping when there is no writer, and says so", async () => {
    const site = await fixtureSite({ urlList: [`${origin}/pages/page-14?t=${tag()}`] });
    const unregister = registerPipeline(({ site: defs }) => (defs.siteId === site.siteId ? { mapper: { map: async () => ({}) } } : null));
    try {
      const { stream } = await startRun(site);
      expect((await stream.rest(60_000)).at(-1)!.event).toMatchObject({ type: "complete", result: { summary: { succeeded: 1 } } });
      const logs = (await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as { message: string }[];
      expect(logs.map((l) => l.message)).toContain(MIGRATION_MESSAGES.stoppedAfterMapping);
    } finally {
      unregister();
    }
  }, 60_000);
});
