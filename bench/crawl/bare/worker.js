// The baseline of bench:crawl --real: the least a Worker can do with the Browser Rendering binding to
// render a list of pages. One browser, `concurrency` tabs (the product's 1280x800) pulling from a shared index,
// requests to other hosts aborted, goto until DOMContentLoaded within `navigationMs`, then a JPEG
// screenshot of the viewport (the product's JPEG quality). No extraction, no storage, no settle time.
//
// With `tall`, the screenshot is the product's instead (workers/crawl/browser.ts): from the top, as tall
// as the document up to 3,200 px, through the tab's own DevTools session; with `focus`, every tab is
// rendered as the focused, visible page (Emulation.setFocusEmulationEnabled), as the product's tabs
// are; with `settle`, each page is given the product's settle time (network quiet for QUIET_MS, within
// SETTLE_MS) before its screenshot, so its images load as the product's do. `bench:crawl --real
// --profile` runs these variants to price the product's rendering choices.
//
// The loop runs in a Durable Object so it does not depend on one long HTTP request: POST /run starts
// it, GET /result answers { done: false } until it ends, then { done: true, seconds, loaded, durations }.
import puppeteer from "@cloudflare/puppeteer";
import { DurableObject } from "cloudflare:workers";
// The product's page size and screenshot settings, so the loop renders and shoots as it does.
import { QUIET_MS, SCREENSHOT_MAX_HEIGHT, SCREENSHOT_QUALITY, SETTLE_MS, VIEWPORT } from "../../../workers/crawl/browser";

export class BareLoop extends DurableObject {
  job = null;

  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === "/run" && request.method === "POST") {
      if (this.job && !this.job.done) return Response.json({ error: "a loop is running" }, { status: 409 });
      const { urls, concurrency, navigationMs, tall = false, focus = false, settle = false } = await request.json();
      const job = { done: false, result: null, error: null };
      this.job = job;
      // Not awaited: the caller polls /result, which also keeps this object alive.
      this.ctx.waitUntil(
        renderAll(this.env.BROWSER, urls, concurrency, navigationMs, { tall, focus, settle }).then(
          (result) => Object.assign(job, { done: true, result }),
          (err) => Object.assign(job, { done: true, error: String(err?.stack ?? err) }),
        ),
      );
      return Response.json({ started: urls.length }, { status: 202 });
    }
    if (pathname === "/result") {
      const job = this.job;
      if (!job) return Response.json({ error: "no loop started" }, { status: 404 });
      if (!job.done) return Response.json({ done: false });
      if (job.error) return Response.json({ done: true, error: job.error }, { status: 500 });
      return Response.json({ done: true, ...job.result });
    }
    return new Response("Not found", { status: 404 });
  }
}

async function renderAll(binding, urls, concurrency, navigationMs, { tall, focus, settle }) {
  const started = Date.now();
  const browser = await puppeteer.launch(binding);
  const host = new URL(urls[0]).host;
  let next = 0;
  let loaded = 0;
  const durations = [];
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const page = await browser.newPage();
        await page.setViewport(VIEWPORT);
        const cdp = tall || focus ? await page.createCDPSession() : null;
        if (focus) await cdp.send("Emulation.setFocusEmulationEnabled", { enabled: true });
        await page.setRequestInterception(true);
        page.on("request", (req) => {
          let same = false;
          try {
            same = new URL(req.url()).host === host;
          } catch {}
          (same || req.url().startsWith("data:") ? req.continue() : req.abort("blockedbyclient")).catch(() => {});
        });
        while (next < urls.length) {
          const url = urls[next++];
          const t = Date.now();
          try {
            await page.goto(url, { waitUntil: "domcontentloaded", timeout: navigationMs });
            loaded++;
            // The product's settle: until the network is quiet for QUIET_MS, within SETTLE_MS.
            if (settle) await page.waitForNetworkIdle({ idleTime: QUIET_MS, timeout: SETTLE_MS }).catch(() => {});
          } catch {
            // Never reached DOMContentLoaded: screenshot what is there, as the product does.
          }
          if (tall) await tallShot(page, cdp).catch(() => {});
          else await page.screenshot({ type: "jpeg", quality: SCREENSHOT_QUALITY }).catch(() => {});
          durations.push((Date.now() - t) / 1000);
        }
        await page.close().catch(() => {});
      }),
    );
  } finally {
    await browser.close().catch(() => {});
  }
  return { seconds: (Date.now() - started) / 1000, loaded, durations: durations.sort((a, b) => a - b) };
}

/** The product's screenshot (RenderTab.screenshot): the document from the top, up to SCREENSHOT_MAX_HEIGHT. */
async function tallShot(page, cdp) {
  const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0));
  const clip = { x: 0, y: 0, width: VIEWPORT.width, height: Math.min(Math.max(Math.round(Number(height) || 0), VIEWPORT.height), SCREENSHOT_MAX_HEIGHT), scale: 1 };
  await cdp.send("Page.captureScreenshot", { format: "jpeg", quality: SCREENSHOT_QUALITY, clip, captureBeyondViewport: true, optimizeForSpeed: true });
}

export default {
  async fetch(request, env) {
    // One loop at a time: every request goes to the same object.
    return env.BARE_LOOP.get(env.BARE_LOOP.idFromName("bare")).fetch(request);
  },
};
