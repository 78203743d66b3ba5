import { describe, expect, it } from "vitest";
import type { LoadedPage } from "../../workers/crawl/browser";
import { capturePage } from "../../workers/runs/capture";
import { tabWork } from "../../workers/runs/capture-slice";
import type { MigrationPipeline } from "../../workers/runs/pipeline";
import { processPages } from "../../workers/runs/processing";
import type { RunHost } from "../../workers/runs/run-host";
import type { PageRow } from "../../workers/runs/run-store";

/** A run of `urls` with one tab: just what the tab workers read. */
function runOf(urls: string[]): RunHost {
  const due = urls.map((url, idx) => ({ idx, url, attempts: 1 }) as PageRow);
  return {
    config: { options: { concurrency: 1 } },
    halted: () => false,
    store: { claimNext: () => due.shift() ?? null },
    wakeProcessing: () => {},
  } as unknown as RunHost;
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("the run object's tab workers", () => {
  it("render the next page while the one before is stored and committed, with at most one page behind a tab", async () => {
    const events: string[] = [];
    const release = new Map<string, () => void>();
    const work = tabWork(runOf(["a", "b", "c"]), Date.now() + 60_000, async (_run, page) => {
      events.push(`render ${page.url}`);
      const finishing = new Promise<void>((resolve) => release.set(page.url, resolve)).then(() => void events.push(`committed ${page.url}`));
      return { finishing };
    });
    let done = false;
    void work.done.then(() => (done = true));
    await tick();
    // b renders while a is still being committed; c waits until a is committed.
    expect(events).toEqual(["render a", "render b"]);
    expect(work.capturing()).toBe(true);
    release.get("a")!();
    await tick();
    expect(events).toEqual(["render a", "render b", "committed a", "render c"]);
    release.get("c")!();
    await tick();
    // The worker is not done while b is still being committed, even with c committed and no page left.
    expect(done).toBe(false);
    release.get("b")!();
    await tick();
    expect(done).toBe(true);
    expect(work.capturing()).toBe(false);
    expect(events.slice(3)).toEqual(["render c", "committed c", "committed b"]);
  });

  it("an idle processing worker waits to be woken, by a queued page or the end of capture, or until a retry is due; it does not poll", async () => {
    let capturing = true;
    let retryAt: number | null = null;
    const waits: number[] = [];
    const idle = new Set<() => void>();
    const run = {
      config: { options: { concurrency: 1 } },
      halted: () => false,
      store: { claimNextWrite: () => null, nextDueAt: () => retryAt },
      // Resolves only when woken: a worker that polled on a timer instead would never return here.
      waitForQueued: (ms: number) => new Promise<void>((resolve) => (waits.push(ms), idle.add(resolve))),
      wakeProcessing: () => {
        for (const wake of idle) wake();
        idle.clear();
      },
    } as unknown as RunHost;
    let done = false;
    const work = processPages(run, {} as MigrationPipeline<unknown>, Date.now() + 60_000, () => capturing).then(() => (done = true));
    await tick();
    // Nothing queued and no retry due: one wait, bounded by the idle cap, and nothing more.
    expect(waits).toEqual([1_000]);
    retryAt = Date.now() + 300;
    run.wakeProcessing();
    await tick();
    // Woken, it found nothing to claim; now it waits no longer than until the retry is due.
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(10);
    expect(waits[1]).toBeLessThanOrEqual(300);
    expect(done).toBe(false);
    // Capture ends: the last capture worker wakes it, and it returns.
    capturing = false;
    run.wakeProcessing();
    await work;
    expect(done).toBe(true);
    expect(waits).toHaveLength(2);
  });

  it("the last capture worker to finish wakes the processing workers", async () => {
    let woken = 0;
    const run = { ...runOf(["a"]), wakeProcessing: () => void woken++ } as unknown as RunHost;
    const work = tabWork(run, Date.now() + 60_000, async () => ({ finishing: Promise.resolve() }));
    await work.done;
    expect(work.capturing()).toBe(false);
    expect(woken).toBe(1);
  });

  it("a page is extracted after its tab is free: the worker sends the tab to its next page first", async () => {
    const html = "<!DOCTYPE html><html><head><title>Opening hours</title></head><body><main><h1>Opening hours</h1><p>Monday to Friday, 9 to 5.</p></main></body></html>";
    const loaded: LoadedPage = { status: 200, finalUrl: "https://example.com/hours", html, imageSizes: {}, ended: "loaded", refused: 0, height: 800, screenshot: null, readEarly: true };
    const events: string[] = [];
    let halted = false;
    const run = {
      config: { host: "example.com", organizationId: "o", siteId: "s", migrationId: "m", site: { settings: {}, components: [] }, options: { screenshots: false, skipUnchanged: false } },
      state: { browserSessionId: null },
      siteTitles: [] as string[],
      halted: () => halted,
      renderer: () => ({ acquire: async () => ({ load: async () => loaded }), release: () => void events.push("tab free") }),
      bindings: { BUCKET: { put: async (key: string) => void events.push(`stored ${key.split("/").pop()!.split(".").pop()}`), delete: async () => {} } },
    } as unknown as RunHost;
    const { finishing } = await capturePage(run, { idx: 0, url: "https://example.com/hours", attempts: 1 } as PageRow);
    // The tab is free and the page not yet extracted: its title is not among the run's recent titles.
    expect(events).toEqual(["tab free"]);
    expect(run.siteTitles).toEqual([]);
    // Halted before the commit, so nothing is counted: this test is about the order only.
    halted = true;
    await finishing;
    expect(run.siteTitles).toEqual(["Opening hours"]);
    expect(events).toEqual(["tab free", "stored json"]);
  });
});
