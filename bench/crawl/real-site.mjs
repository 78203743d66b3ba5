// A local website built from a real-page corpus (bench/quality/corpus.ts layouts: manifest.json or
// evaldata.json), for the crawl benchmark's real-page mode. Pages are served as saved, under
// /real/<n>; `stuck` more pages stop parsing at a script that never loads (DOMContentLoaded never
// fires), as pages with hung third-party scripts do. Everything on loopback. Also the bare Browser
// Rendering loop the benchmark compares the product with (bare/worker.js).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, pkgFile } from "../../scripts/setup.mjs";
import { waitForHttp } from "../../scripts/start.mjs";
import { memorySampler, startWrangler, stopWrangler } from "../lib/product.mjs";

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
  // When each page was asked for (ms since the epoch): the gaps between them show when no tab started a page.
  const requested = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const real = /^\/real\/(\d+)$/.exec(url.pathname);
    const hung = /^\/stuck\/(\d+)$/.exec(url.pathname);
    if (real || hung) requested.push(Date.now());
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
    requested,
    close: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * Bundles the bare Browser Rendering Worker (bench/crawl/bare) once into `stateDir` and writes a config
 * that runs that bundle, as the product's frozen bundle runs (bench/lib/product.mjs bundleWorker).
 */
function bundleBare(stateDir) {
  const outdir = path.join(stateDir, "bare-bundle");
  const source = path.join(ROOT, "bench/crawl/bare/wrangler.toml");
  const r = spawnSync(process.execPath, [pkgFile("wrangler", "bin/wrangler.js"), "deploy", "--dry-run", "--outdir", outdir, "--config", source], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (r.status !== 0) throw new Error(`bundling the bare Worker failed:\n${r.stdout}\n${r.stderr}`);
  const config = fs.readFileSync(source, "utf8").replace(/^main\s*=.*$/m, `main = ${JSON.stringify(path.join(outdir, "worker.js"))}`);
  const file = path.join(stateDir, "bare-wrangler.toml");
  fs.writeFileSync(file, config);
  return file;
}

/**
 * The bare loop to compare with: a minimal Worker (bench/crawl/bare) under its own `wrangler dev` on
 * `port`, with the same Browser Rendering binding and local Chromium as the product; one browser,
 * `concurrency` tabs, requests to other hosts blocked (as the product blocks them), DOMContentLoaded
 * within `navigationMs`, then a JPEG screenshot (with `tall` and `focus`, the product's screenshot and
 * focused tabs: see bare/worker.js). Its wrangler is stopped (and its browser closed)
 * before this returns. Returns the wall time, the pages that loaded, each page's seconds (sorted)
 * and the peak memory of its processes.
 */
export async function bareLoop({ urls, concurrency, navigationMs, port, stateDir, output, tall = false, focus = false, settle = false }) {
  const tmpDir = path.join(stateDir, "tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  const config = bundleBare(stateDir);
  const base = `http://127.0.0.1:${port}`;
  const child = startWrangler({ port, config, persistTo: path.join(stateDir, "bare-state"), tmpDir, output });
  let sampler = null;
  try {
    await waitForHttp(`${base}/result`, { child, timeoutMs: 120_000 });
    // Sampled from here: the Worker's start-up is not part of the loop.
    sampler = memorySampler(() => child.pid);
    const start = await fetch(`${base}/run`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ urls, concurrency, navigationMs, tall, focus, settle }) });
    if (start.status !== 202) throw new Error(`bare loop: HTTP ${start.status} ${await start.text()}`);
    // Generous: every page at its full navigation budget, one tab at a time.
    const deadline = Date.now() + 60_000 + urls.length * (navigationMs + 10_000);
    for (;;) {
      if (child.exitCode !== null || child.signalCode) throw new Error("the bare loop's wrangler exited");
      if (Date.now() > deadline) throw new Error("the bare loop did not finish in time");
      await new Promise((r) => setTimeout(r, 250));
      const res = await fetch(`${base}/result`, { signal: AbortSignal.timeout(30_000) });
      const body = await res.json();
      if (body.error) throw new Error(`bare loop: ${body.error}`);
      if (body.done) {
        sampler.stop();
        return { seconds: body.seconds, loaded: body.loaded, durations: body.durations, workerdMb: sampler.peak.workerdMb, chromiumMb: sampler.peak.chromiumMb, cpu: sampler.cpuSeconds() };
      }
    }
  } finally {
    sampler?.stop();
    if (!(await stopWrangler(child))) output.push("[bench:crawl] the bare loop's wrangler did not stop within 20 s and was killed");
  }
}
