import type { BrowserWorker } from "@cloudflare/puppeteer";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BrowserRenderer } from "../../workers/crawl/browser";
import { PageFailure, PageSkipped } from "../../workers/crawl/page-errors";
import { host, origin } from "./helpers";

const binding = env.BROWSER as unknown as BrowserWorker;

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

  it("reads the rendered DOM and image sizes, and reports failures by kind", async () => {
    const renderer = new BrowserRenderer(binding, { host });
    try {
      const tab = await renderer.acquire(null);
      const page = await tab.load(`${origin}/pages/page-9`);
      expect(page.finalUrl).toBe(`${origin}/pages/page-9`);
      expect(page.html).toMatch(/^<!DOCTYPE html>/);
      expect(page.imageSizes[`${origin}/images/logo.svg`]).toEqual({ width: 160, height: 40 });
      const shot = await tab.screenshot();
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
