import { describe, expect, it } from "vitest";
import type { PageExtraction } from "../../workers/contracts/extraction";
import { MIGRATION_MESSAGES, type RunEvent } from "../../workers/contracts/run-events";
import { awaitingReview, PipelineError, type MapInput, type PreviousSnapshot } from "../../workers/runs/pipeline";
import { call } from "../helpers";
import { fixtureSite, origin, startRun, tag, usePipeline } from "./helpers";

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
    const unregister = usePipeline(site.siteId, ({ site: defs, options }) => {
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
      const progress = events.filter((e): e is Extract<RunEvent, { type: "progress" }> => e.type === "progress");
      expect(progress.at(-1)!.progress).toMatchObject({ processedCount: 3, totalCount: 3, damProgress: { processed: expect.any(Number) }, stages: { captured: 3, mapped: 3, written: 2, failed: 1 } });
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
    const unregister = usePipeline(site.siteId, ({ site: defs }) => (defs.siteId === site.siteId ? { mapper: { map: async () => ({}) } } : null));
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

describe("pages waiting for review and unchanged pages", () => {
  it("counts a page waiting for review apart: not failed, not retried, and the run completes", async () => {
    const t = tag();
    const urls = [`${origin}/pages/page-15?t=${t}`, `${origin}/pages/page-16?t=${t}`];
    const site = await fixtureSite({ urlList: urls });
    const calls: string[] = [];
    const unregister = usePipeline(site.siteId, ({ site: defs }) =>
      defs.siteId !== site.siteId
        ? null
        : {
            mapper: {
              async map({ snapshot }) {
                calls.push(snapshot.url);
                if (snapshot.url === urls[1]) throw awaitingReview("Waiting for a reviewer");
                return {};
              },
            },
            writer: { write: async () => ({ targetId: "item" }) },
          },
    );
    try {
      const { stream, migrationId } = await startRun(site, { screenshots: false });
      const events = (await stream.rest(60_000)).map((m) => m.event);
      const last = events.filter((e): e is Extract<RunEvent, { type: "progress" }> => e.type === "progress").at(-1)!;
      expect(last.progress).toMatchObject({ processedCount: 2, totalCount: 2, succeeded: 1, failed: 0, awaitingReview: 1 });
      expect(events.at(-1)).toMatchObject({ type: "complete", status: "completed", result: { summary: { succeeded: 1, failed: 0, awaitingReview: 1 } } });
      expect(calls.filter((u) => u === urls[1])).toHaveLength(1);
      const logs = (await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as { level: string; message: string; url: string | null }[];
      expect(logs.filter((l) => l.url === urls[1] && !l.message.startsWith("Captured"))).toEqual([
        expect.objectContaining({ level: "warn", message: "Waiting for a reviewer" }),
      ]);
      const result = await call("GET", `/migration/result/${migrationId}`, { token: site.token, org: site.org });
      expect(result.json).toMatchObject({ success: true, status: "completed", summary: { succeeded: 1, failed: 0, awaitingReview: 1 } });
    } finally {
      unregister();
    }
  }, 60_000);

  it("a run where every page waits for review still completes", async () => {
    const site = await fixtureSite({ urlList: [`${origin}/pages/page-17?t=${tag()}`] });
    const unregister = usePipeline(site.siteId, ({ site: defs }) =>
      defs.siteId === site.siteId ? {
            mapper: {
              map: async () => {
                throw awaitingReview("Needs a reviewer");
              },
            },
          } : null,
    );
    try {
      const { stream } = await startRun(site, { screenshots: false });
      expect((await stream.rest(60_000)).at(-1)!.event).toMatchObject({ type: "complete", result: { success: true, summary: { succeeded: 0, failed: 0, awaitingReview: 1 } } });
    } finally {
      unregister();
    }
  }, 60_000);

  it("skips an unchanged page only when the pipeline is done with its last snapshot", async () => {
    const t = tag();
    const urls = [`${origin}/pages/page-18?t=${t}`, `${origin}/pages/page-19?t=${t}`, `${origin}/pages/page-20?t=${t}`];
    const site = await fixtureSite({ urlList: urls });
    const asked: { applied: PreviousSnapshot[]; written: PreviousSnapshot[] } = { applied: [], written: [] };
    const unregister = usePipeline(site.siteId, ({ site: defs }) =>
      defs.siteId !== site.siteId
        ? null
        : {
            mapper: {
              map: async () => ({}),
              // The first page's mapping is still waiting; the others were applied.
              applied: async (previous) => (asked.applied.push(previous), previous.url !== urls[0]),
            },
            writer: {
              write: async () => ({ targetId: "item" }),
              // The second page's earlier write did not happen.
              written: async (previous) => (asked.written.push(previous), previous.url !== urls[1]),
            },
          },
    );
    try {
      const first = await startRun(site, { screenshots: false });
      expect((await first.stream.rest(60_000)).at(-1)!.event).toMatchObject({ type: "complete", result: { summary: { succeeded: 3, skipped: 0 } } });
      expect(asked.applied).toEqual([]);
      const second = await startRun(site, { screenshots: false });
      expect((await second.stream.rest(60_000)).at(-1)!.event).toMatchObject({ type: "complete", result: { summary: { succeeded: 2, skipped: 1 } } });
      expect(asked.applied.map((p) => p.url).sort()).toEqual([...urls].sort());
      expect(asked.applied.every((p) => p.migrationId === first.migrationId)).toBe(true);
      const logs = (await call("GET", `/migration/logs/${site.siteId}`, { token: site.token, org: site.org })).json.logs as { message: string; url: string | null; migrationId: string }[];
      const skipped = logs.filter((l) => l.migrationId === second.migrationId && l.message.startsWith("Skipped: Unchanged")).map((l) => l.url);
      expect(skipped).toEqual([urls[2]]);
    } finally {
      unregister();
    }
  }, 90_000);
});
