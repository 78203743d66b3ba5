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
    config: { options: { concurrency: 1 }, site: { settings: {} } },
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
    const loaded: LoadedPage = { status: 200, finalUrl: "https://example.com/hours", html, imageSizes: {}, ended: "loaded", refused: 0, height: 800, screenshot: null, readEarly: true, steps: { navigation: 0, settle: 0, read: 0, screenshot: 0 } };
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

  it("past the deadline, the other tabs go on starting pages while a slow page is still rendering, and stop once it is done", async () => {
    const urls = ["slow", ...Array.from({ length: 60 }, (_, i) => `p${i}`)];
    const run = { ...runOf(urls), config: { options: { concurrency: 2 }, site: { settings: {} } } } as unknown as RunHost;
    let releaseSlow = () => {};
    const rendered: string[] = [];
    const deadline = Date.now() + 30;
    const work = tabWork(
      run,
      deadline,
      async (_run, page) => {
        rendered.push(page.url);
        if (page.url === "slow") await new Promise<void>((resolve) => (releaseSlow = resolve));
        else await new Promise((resolve) => setTimeout(resolve, 15));
        return { finishing: Promise.resolve() };
      },
      { holdUntil: deadline + 60_000, slowMs: 20 },
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Long past the deadline, the slow page still renders and the other tab has gone on: more pages
    // than it could start within the 30 ms before the deadline.
    const whileHeld = rendered.length;
    expect(whileHeld).toBeGreaterThan(5);
    expect(work.capturing()).toBe(true);
    releaseSlow();
    await work.done;
    // Once the slow page is done, no page is started but the one the other tab may have been rendering.
    expect(rendered.length - whileHeld).toBeLessThanOrEqual(1);
  });

  it("a page held past the deadline keeps the other tabs going only until `holdUntil`", async () => {
    const urls = ["slow", ...Array.from({ length: 200 }, (_, i) => `p${i}`)];
    const run = { ...runOf(urls), config: { options: { concurrency: 2 }, site: { settings: {} } } } as unknown as RunHost;
    let releaseSlow = () => {};
    let started = 0;
    const deadline = Date.now() + 20;
    const work = tabWork(
      run,
      deadline,
      async (_run, page) => {
        started++;
        if (page.url === "slow") await new Promise<void>((resolve) => (releaseSlow = resolve));
        else await new Promise((resolve) => setTimeout(resolve, 10));
        return { finishing: Promise.resolve() };
      },
      { holdUntil: deadline + 60, slowMs: 5 },
    );
    await new Promise((resolve) => setTimeout(resolve, 250));
    const atCap = started;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nothing started since the cap, though the slow page still renders.
    expect(started).toBe(atCap);
    expect(started).toBeLessThan(40);
    releaseSlow();
    await work.done;
  });

  it("a page started past the deadline that turns slow holds only its own tab too", async () => {
    const urls = ["a", "b", "slow", ...Array.from({ length: 60 }, (_, i) => `p${i}`)];
    const run = { ...runOf(urls), config: { options: { concurrency: 2 }, site: { settings: {} } } } as unknown as RunHost;
    let releaseSlow = () => {};
    const rendered: string[] = [];
    const deadline = Date.now() + 10;
    const work = tabWork(
      run,
      deadline,
      async (_run, page) => {
        rendered.push(page.url);
        if (page.url === "slow") await new Promise<void>((resolve) => (releaseSlow = resolve));
        else await new Promise((resolve) => setTimeout(resolve, page.url === "a" || page.url === "b" ? 40 : 15));
        return { finishing: Promise.resolve() };
      },
      { holdUntil: deadline + 60_000, slowMs: 20 },
    );
    await new Promise((resolve) => setTimeout(resolve, 250));
    // "slow" was started after the deadline (a and b took 40 ms); once it is slow the other tab goes on.
    expect(rendered.slice(0, 3).sort()).toEqual(["a", "b", "slow"]);
    expect(rendered.length).toBeGreaterThan(6);
    releaseSlow();
    await work.done;
  });

  it("past the deadline, a free tab waits while the pages still rendering are not slow, and ends with them", async () => {
    const urls = Array.from({ length: 60 }, (_, i) => `p${i}`);
    const run = { ...runOf(urls), config: { options: { concurrency: 2 }, site: { settings: {} } } } as unknown as RunHost;
    const rendered: string[] = [];
    const deadline = Date.now() + 10;
    const work = tabWork(
      run,
      deadline,
      async (_run, page) => {
        rendered.push(page.url);
        // p0 takes 20 ms, p1 60 ms: neither is slow at 1 s.
        await new Promise((resolve) => setTimeout(resolve, page.url === "p0" ? 20 : 60));
        return { finishing: Promise.resolve() };
      },
      { holdUntil: deadline + 60_000, slowMs: 1_000 },
    );
    await work.done;
    expect(rendered).toEqual(["p0", "p1"]);
  });

  it("past the deadline, a processing worker still takes the pages captured in the same alarm", async () => {
    let capturing = true;
    let claims = 0;
    const idle = new Set<() => void>();
    const run = {
      config: { options: { concurrency: 1 } },
      halted: () => false,
      store: { claimNextWrite: () => (claims++, null), nextDueAt: () => null },
      waitForQueued: () => new Promise<void>((resolve) => idle.add(resolve)),
    } as unknown as RunHost;
    const work = processPages(run, {} as MigrationPipeline<unknown>, Date.now() - 1, () => capturing);
    await tick();
    expect(claims).toBe(1);
    capturing = false;
    for (const wake of idle) wake();
    await work;
    // Capture over and the deadline past: it returns without looking again.
    expect(claims).toBe(1);
  });
});
