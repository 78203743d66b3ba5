import { describe, expect, it } from "vitest";
import { tabWork } from "../../workers/runs/capture-slice";
import type { RunHost } from "../../workers/runs/run-host";
import type { PageRow } from "../../workers/runs/run-store";

/** A run of `urls` with one tab: just what the tab workers read. */
function runOf(urls: string[]): RunHost {
  const due = urls.map((url, idx) => ({ idx, url, attempts: 1 }) as PageRow);
  return {
    config: { options: { concurrency: 1 } },
    halted: () => false,
    store: { claimNext: () => due.shift() ?? null },
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
});
