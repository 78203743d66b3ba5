import type { BrowserWorker } from "@cloudflare/puppeteer";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_MAX_HEIGHT, SCREENSHOT_SCALE, VIEWPORT } from "../../workers/crawl/browser";
import { BrowserRenderer } from "../../workers/crawl/renderer";
import { PageFailure, PageSkipped } from "../../workers/crawl/page-errors";
import { host, origin } from "./helpers";

const binding = env.BROWSER as unknown as BrowserWorker;

/** Width and height from a JPEG's start-of-frame marker. */
/** The pixel size of the screenshot of a page `height` CSS pixels tall: 960 wide, three quarters of the shot's CSS height. */
function shotSize(height: number): { width: number; height: number } {
  return { width: 960, height: Math.round(Math.min(Math.max(height, VIEWPORT.height), SCREENSHOT_MAX_HEIGHT) * SCREENSHOT_SCALE) };
}

function jpegSize(jpeg: Uint8Array): { width: number; height: number } {
  for (let i = 2; i < jpeg.length - 8; ) {
    if (jpeg[i] !== 0xff) throw new Error("not a JPEG segment");
    const marker = jpeg[i + 1];
    const length = (jpeg[i + 2] << 8) | jpeg[i + 3];
    if (marker >= 0xc0 && marker <= 0xc3) return { height: (jpeg[i + 5] << 8) | jpeg[i + 6], width: (jpeg[i + 7] << 8) | jpeg[i + 8] };
    i += 2 + length;
  }
  throw new Error("no frame in the JPEG");
}

describe("browser rendering", () => {
  it("reconnects to a kept-alive session instead of launching another", async () => {
    const sessions: [string, string][] = [];
    const first = new BrowserRenderer(binding, { host, onSession: (id, how) => sessions.push([id, how]) });
    const tab = await first.acquire(null);
    const loaded = await tab.load(`${origin}/pages/page-7`);
    expect(loaded.status).toBe(200);
    first.release(tab, true);
    first.disconnect();

    const second = new BrowserRenderer(binding, { host, onSession: (id, how) => sessions.push([id, how]) });
    const again = await second.acquire(sessions[0][0]);
    expect((await again.load(`${origin}/pages/page-8`)).html).toContain("Rendered in the browser");
    expect(sessions).toEqual([
      [sessions[0][0], "launched"],
      [sessions[0][0], "reconnected"],
    ]);
    await second.close();
  }, 60_000);

  it("marks content blocks drawn with a CSS background image, not tiled patterns or icons", async () => {
    const renderer = new BrowserRenderer(binding, { host });
    try {
      const tab = await renderer.acquire(null);
      const page = await tab.load(`${origin}/special/backgrounds`);
      const marked = [...page.html.matchAll(/class="([^"]+)"[^>]*data-bg="([^"]+)"|data-bg="([^"]+)"[^>]*class="([^"]+)"/g)].map((m) => [m[1] ?? m[4], m[2] ?? m[3]]);
      expect(Object.fromEntries(marked)).toEqual({ hero: `${origin}/images/hero-2.svg`, teaser: `${origin}/images/card-3.svg` });
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it("screenshots the page below the fold, up to the height limit, and records where elements were drawn", async () => {
    const renderer = new BrowserRenderer(binding, { host });
    try {
      const tab = await renderer.acquire(null);
      const page = await tab.load(`${origin}/special/tall`);
      // The end heading sits below 12 paragraphs of 400 px: its box is in document coordinates.
      const box = /<h2 id="end" data-box="(\d+),(\d+),(\d+),(\d+)"/.exec(page.html);
      expect(box).not.toBeNull();
      expect(Number(box![2])).toBeGreaterThan(4_800);
      expect(page.height).toBeGreaterThan(4_800);
      expect(jpegSize(await tab.screenshot(page.height))).toEqual({ width: 960, height: 2_400 });
      // A screenshot that does not come in time fails the attempt as retryable, rather than holding the tab.
      await expect(tab.screenshot(page.height, 1)).rejects.toMatchObject({ name: "PageFailure", kind: "timeout", retryable: true, message: "The screenshot did not come within 0.001 s" });
      const short = await tab.load(`${origin}/pages/page-3`);
      expect(jpegSize(await tab.screenshot(short.height)).height).toBeCloseTo(shotSize(short.height).height, -0.5);
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it("screenshots tabs that are not in front, several at once", async () => {
    const renderer = new BrowserRenderer(binding, { host });
    try {
      const first = await renderer.acquire(null);
      const second = await renderer.acquire(null); // opened last: in front
      const [a, b] = await Promise.all([first.load(`${origin}/special/tall`), second.load(`${origin}/pages/page-4`)]);
      const [shotA, shotB] = await Promise.all([first.screenshot(a.height), second.screenshot(b.height)]);
      expect(jpegSize(shotA)).toEqual({ width: 960, height: 2_400 });
      expect(jpegSize(shotB).height).toBeCloseTo(shotSize(b.height).height, -0.5);
      // Each shows its own page: a tab behind another still paints.
      expect(Buffer.from(shotA).equals(Buffer.from(shotB))).toBe(false);
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it("renders every tab as a visible page: content drawn in an animation frame is there in each of several tabs", async () => {
    const renderer = new BrowserRenderer(binding, { host });
    try {
      const tabs = [await renderer.acquire(null), await renderer.acquire(null), await renderer.acquire(null)];
      const pages = await Promise.all(tabs.map((tab) => tab.load(`${origin}/special/animation-frame`)));
      for (const page of pages) expect(page.html).toContain("Drawn when the page was visible.");
      // And still on the next page each tab loads.
      const again = await Promise.all(tabs.map((tab) => tab.load(`${origin}/special/animation-frame?again`)));
      for (const page of again) expect(page.html).toContain("Drawn when the page was visible.");
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it("reads a page whose DOMContentLoaded never comes, and one whose network never goes quiet, within the budget", async () => {
    const renderer = new BrowserRenderer(binding, { host });
    const t = Date.now();
    try {
      const tab = await renderer.acquire(null);
      const stuck = await tab.load(`${origin}/special/never-loads?t=${t}`, { navigationMs: 3_000, settleMs: 500 });
      expect(stuck).toMatchObject({ status: 200, ended: "navigation-cap" });
      expect(stuck.html).toContain("The content above the hung script is here.");
      expect(stuck.html).not.toContain("Never parsed");
      const busy = await tab.load(`${origin}/special/never-quiet?t=${t}`, { navigationMs: 3_000, settleMs: 1_000 });
      expect(busy).toMatchObject({ status: 200, ended: "settle-cap" });
      expect(busy.html).toContain("Readable at once.");
      // Refused requests end at once and lead nowhere: a script that keeps sending them does not hold the page.
      const beacons = await tab.load(`${origin}/special/beacons`, { navigationMs: 3_000, settleMs: 2_000 });
      expect(beacons).toMatchObject({ status: 200, ended: "loaded" });
      expect(beacons.refused).toBeGreaterThan(0);
      // The tab is still usable afterwards: nothing of the stopped pages holds it.
      expect(await tab.load(`${origin}/pages/page-2`)).toMatchObject({ status: 200, ended: "loaded" });
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it("reads and shoots a page while its network settles, and reads it again when it changed before the quiet window ended", async () => {
    const renderer = new BrowserRenderer(binding, { host });
    try {
      const tab = await renderer.acquire(null);
      // Nothing loads or changes after the first idle moment: the early read and screenshot are the page.
      const still = await tab.load(`${origin}/pages/page-3`, undefined, { screenshot: true });
      expect(still).toMatchObject({ ended: "loaded", readEarly: true });
      expect(jpegSize(still.screenshot!)).toEqual({ width: 960, height: expect.closeTo(shotSize(still.height).height, -0.5) });
      // Where the load's time went: each step timed apart.
      expect(still.steps.navigation).toBeGreaterThan(0);
      expect(still.steps.read).toBeGreaterThan(0);
      expect(still.steps.screenshot).toBeGreaterThan(0);
      expect(tab.step).toBe("checking for changes");
      // Requests refused in the browser neither hold the page nor make the early read stale.
      expect(await tab.load(`${origin}/special/beacons`, { navigationMs: 3_000, settleMs: 2_000 })).toMatchObject({ ended: "loaded", readEarly: true });
      // A timer changes the document 150 ms after it went idle, with no request: read again.
      const changed = await tab.load(`${origin}/special/late-change`, undefined, { screenshot: true });
      expect(changed).toMatchObject({ ended: "loaded", readEarly: false });
      expect(changed.html).toContain("Added after the page went idle.");
      expect(changed.screenshot).not.toBeNull();
      // A timer fetches content after the idle moment: the request makes the early read stale.
      const fetched = await tab.load(`${origin}/special/late-fetch`);
      expect(fetched).toMatchObject({ ended: "loaded", readEarly: false, screenshot: null });
      expect(fetched.steps.screenshot).toBe(0);
      expect(fetched.html).toContain("Fetched after the page went idle.");
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it("resolves the other hosts a page reaches and refuses a name that points at a private address, as the egress guard does", async () => {
    const asked: string[] = [];
    const addresses: Record<string, string[]> = { "cdn.example.test": ["10.0.0.7"], "assets.example.test": ["93.184.216.34"] };
    const resolver = async (name: string) => {
      asked.push(name);
      return addresses[name] ?? [];
    };
    const policy = { blockHosts: [], allowHosts: ["cdn.example.test", "assets.example.test"] };
    const guarded = new BrowserRenderer(binding, { host, policy, egress: { allowPrivate: false, resolver } });
    // Local development's setting lets private addresses through, and nothing is looked up.
    const local = new BrowserRenderer(binding, { host, policy, egress: { allowPrivate: true, resolver } });
    try {
      const loaded = await (await guarded.acquire(null)).load(`${origin}/special/other-hosts`);
      expect(loaded.refused).toBe(1);
      // The site's own host was checked before the page opened: only the other names are resolved.
      expect(asked.sort()).toEqual(["assets.example.test", "cdn.example.test"]);
      asked.length = 0;
      expect((await (await local.acquire(null)).load(`${origin}/special/other-hosts`)).refused).toBe(0);
      expect(asked).toEqual([]);
    } finally {
      await Promise.all([guarded.close(), local.close()]);
    }
  }, 60_000);

  it("refuses trackers and advertisers unless the site allows them", async () => {
    const blocking = new BrowserRenderer(binding, { host });
    const allowing = new BrowserRenderer(binding, { host, policy: { blockHosts: [], allowHosts: ["www.googletagmanager.com"] } });
    try {
      expect((await (await blocking.acquire(null)).load(`${origin}/special/trackers`)).refused).toBe(2);
      expect((await (await allowing.acquire(null)).load(`${origin}/special/trackers`)).refused).toBe(1);
    } finally {
      await Promise.all([blocking.close(), allowing.close()]);
    }
  }, 60_000);

  it("reads the rendered DOM and image sizes, and reports failures by kind", async () => {
    const renderer = new BrowserRenderer(binding, { host });
    try {
      const tab = await renderer.acquire(null);
      const page = await tab.load(`${origin}/pages/page-9`);
      expect(page.finalUrl).toBe(`${origin}/pages/page-9`);
      expect(page.html).toMatch(/^<!DOCTYPE html>/);
      expect(page.imageSizes[`${origin}/images/logo.svg`]).toEqual({ width: 160, height: 40 });
      const shot = await tab.screenshot(page.height);
      expect([shot[0], shot[1]]).toEqual([0xff, 0xd8]);

      const missing = await tab.load(`${origin}/special/missing`).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(PageFailure);
      expect(missing).toMatchObject({ message: "HTTP 404", retryable: false, kind: "http", httpStatus: 404 });
      const error = await tab.load(`${origin}/special/error`).catch((e: unknown) => e);
      expect(error).toMatchObject({ retryable: true, kind: "http" });
      const pdf = await tab.load(`${origin}/special/file.pdf`).catch((e: unknown) => e);
      expect(pdf).toBeInstanceOf(PageSkipped);
      const out = await tab.load(`${origin}/special/redirect-out`).catch((e: unknown) => e);
      expect(out).toMatchObject({ retryable: false, kind: "refused" });
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
