// A local website built from a real-page corpus (bench/quality/corpus.ts layouts: manifest.json or
// evaldata.json), for the crawl benchmark's real-page mode. Pages are served as saved, under
// /real/<n>; `stuck` more pages stop parsing at a script that never loads (DOMContentLoaded never
// fires), as pages with hung third-party scripts do. Everything on loopback.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

/** The HTML files of a corpus directory, in a stable order. */
export function corpusFiles(dir) {
  if (fs.existsSync(path.join(dir, "manifest.json"))) {
    return JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")).pages.map((p) => path.join(dir, String(p.file)));
  }
  const data = JSON.parse(fs.readFileSync(path.join(dir, "evaldata.json"), "utf8"));
  return Object.values(data)
    .map((item) => [path.join(dir, "eval", String(item.file)), path.join(dir, "cache", String(item.file))].find((f) => fs.existsSync(f)))
    .filter(Boolean);
}

const STUCK = (n) => `<!DOCTYPE html><html><head><title>Stuck page ${n}</title></head><body><main><h1>Stuck page ${n}</h1>
<p>This page stops parsing at a script that never loads, so DOMContentLoaded never fires.</p></main>
<script src="/hang.js?n=${n}"></script><p>Never parsed</p></body></html>`;

/** Serves `pages` pages of the corpus plus `stuck` never-loading ones; resolves to { origin, urls, close }. */
export async function serveRealSite({ dir, pages = 130, stuck = 3 }) {
  const files = corpusFiles(dir).slice(0, pages);
  const open = new Set();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const real = /^\/real\/(\d+)$/.exec(url.pathname);
    const hung = /^\/stuck\/(\d+)$/.exec(url.pathname);
    if (real && files[Number(real[1])]) {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(fs.readFileSync(files[Number(real[1])]));
    }
    if (hung) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(STUCK(hung[1]));
    }
    if (url.pathname === "/hang.js") {
      // Never answers; ends when the browser gives up on it.
      open.add(res);
      req.on("close", () => open.delete(res));
      return;
    }
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<h1>Not found</h1>");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const urls = [...files.map((_, i) => `${origin}/real/${i}`), ...Array.from({ length: stuck }, (_, i) => `${origin}/stuck/${i}`)];
  return {
    origin,
    urls,
    close: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * The bare loop to compare with: the same Chromium driven directly (no Worker, no extraction, no
 * storage), `concurrency` tabs, requests to other hosts blocked (as the product blocks them),
 * DOMContentLoaded within `navigationMs`, then a JPEG screenshot.
 * Returns the wall time and the pages that loaded.
 */
export async function bareLoop({ urls, concurrency, navigationMs, chromium, flags }) {
  const { chromium: pw } = await import("playwright-core");
  const browser = await pw.launch({ executablePath: chromium, args: flags.split(" ") });
  const started = performance.now();
  let next = 0;
  let loaded = 0;
  const durations = [];
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        const host = new URL(urls[0]).host;
        await page.route("**/*", (route) => (new URL(route.request().url()).host === host ? route.continue() : route.abort("blockedbyclient")));
        while (next < urls.length) {
          const url = urls[next++];
          const t = performance.now();
          try {
            await page.goto(url, { waitUntil: "domcontentloaded", timeout: navigationMs });
            loaded++;
          } catch {
            // A page that never reaches DOMContentLoaded: screenshot what is there, as the product does.
          }
          await page.screenshot({ type: "jpeg", quality: 70 }).catch(() => {});
          durations.push((performance.now() - t) / 1000);
        }
        await page.close();
      }),
    );
  } finally {
    await browser.close();
  }
  return { seconds: (performance.now() - started) / 1000, loaded, durations: durations.sort((a, b) => a - b) };
}
