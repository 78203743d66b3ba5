#!/usr/bin/env node
// Crawl benchmark: serves a generated fixture site on loopback, starts `wrangler dev` on a fresh local
// state, seeds a user, organization and site through the API, runs real migrations (Browser Rendering
// with Debian Chromium) with screenshots on and off, and prints pages per minute, median and p95
// seconds per page, and the peak memory (RSS) of the workerd process.
// Usage: node bench/crawl/run.mjs [--pages 240] [--concurrency 4]
//
// Real-page mode: node bench/crawl/run.mjs --real DIR [--pages 130] [--stuck 3] [--concurrency 4]
// serves the pages of a real-page corpus (see bench/quality/corpus.ts) plus `--stuck` pages that never
// reach DOMContentLoaded, runs the product end to end (capture, extraction, screenshots, mapping) over
// them, then a bare loop of the same Chromium (DOMContentLoaded and a screenshot, same tabs), and
// prints both rates, their ratio, and the slowest page against its deadline.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { serveFixtureSite } from "../../test/fixtures/site/site.mjs";
import { CHROMIUM, CHROMIUM_FLAGS, ROOT, applyMigrations, checkNode, ensureBrowserWrapper, pkgFile } from "../../scripts/setup.mjs";
import { bareLoop, serveRealSite } from "./real-site.mjs";
import { isPortFree, spawnWrangler, stopProcess, waitForHttp } from "../../scripts/start.mjs";

const log = (msg) => console.log(`[bench:crawl] ${msg}`);

function parseArgs(argv) {
  const opts = { pages: null, concurrency: 4, real: null, stuck: 3 };
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i].split("=");
    const value = inline ?? argv[++i];
    if (key === "--pages") opts.pages = Number(value);
    else if (key === "--concurrency") opts.concurrency = Number(value);
    else if (key === "--real") opts.real = value;
    else if (key === "--stuck") opts.stuck = Number(value);
    else throw new Error(`unknown argument ${argv[i]} (usage: run.mjs [--pages N] [--concurrency N] [--real DIR [--stuck N]])`);
  }
  opts.pages ??= opts.real ? 130 : 240;
  if (!opts.real && !(opts.pages >= 200)) throw new Error("--pages must be at least 200");
  if (opts.real && !(opts.pages >= 10)) throw new Error("--pages must be at least 10");
  if (!(opts.concurrency >= 1 && opts.concurrency <= 16)) throw new Error("--concurrency must be 1..16");
  return opts;
}

/** Benchmarks use ports 8790-8799. */
async function benchPort() {
  for (let port = 8790; port <= 8799; port++) if (await isPortFree(port)) return port;
  throw new Error("no free port in 8790-8799");
}

/** Processes below `rootPid`, with their command names, from /proc. */
function descendants(rootPid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push({ pid: Number(entry), comm });
    } catch {
      // The process ended while we looked.
    }
  }
  const out = [];
  const queue = [rootPid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}

function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Samples the RSS of workerd and of the browser every 200 ms until stopped; keeps the peaks. */
function memorySampler(rootPid) {
  const peak = { workerdMb: 0, chromiumMb: 0 };
  const seenChromium = new Set();
  const timer = setInterval(() => {
    let workerd = 0;
    let chromium = 0;
    for (const p of descendants(rootPid)) {
      if (p.comm === "workerd") workerd += rssKb(p.pid);
      else if (/chrom/i.test(p.comm)) {
        chromium += rssKb(p.pid);
        seenChromium.add(p.pid);
      }
    }
    peak.workerdMb = Math.max(peak.workerdMb, workerd / 1024);
    peak.chromiumMb = Math.max(peak.chromiumMb, chromium / 1024);
  }, 200);
  return { peak, seenChromium, stop: () => clearInterval(timer) };
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

class Api {
  constructor(base) {
    this.base = base;
    this.headers = { "Content-Type": "application/json" };
  }
  async call(method, p, body) {
    const res = await fetch(`${this.base}/api/v1${p}`, { method, headers: this.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
}

/** Reads a run's event stream to its end; returns the final event. */
async function followRun(res, onEvent) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let last = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("");
      if (!data) continue;
      last = JSON.parse(data);
      onEvent(last);
    }
  }
  return last;
}

async function runScenario(api, wranglerPid, siteId, { screenshots }) {
  const sampler = memorySampler(wranglerPid);
  const started = performance.now();
  let migrationId = null;
  let final;
  try {
    const res = await fetch(`${api.base}/api/v1/migration/start`, {
      method: "POST",
      headers: api.headers,
      body: JSON.stringify({ siteId, screenshots, skipUnchanged: false }),
    });
    if (!res.ok) throw new Error(`start: HTTP ${res.status} ${await res.text()}`);
    let lastShown = 0;
    final = await followRun(res, (e) => {
      migrationId ??= e.migrationId;
      if (e.type === "progress" && e.progress.processedCount - lastShown >= 40) {
        lastShown = e.progress.processedCount;
        log(`  ${e.progress.processedCount}/${e.progress.totalCount} pages`);
      }
    });
  } finally {
    sampler.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  if (final?.type !== "complete") throw new Error(`run ended with ${JSON.stringify(final)}`);
  const durations = [];
  for (let offset = 0; ; offset += 200) {
    const page = await api.call("GET", `/snapshots?siteId=${siteId}&migrationId=${migrationId}&limit=200&offset=${offset}`);
    durations.push(...page.snapshots.map((s) => s.durationMs / 1000));
    if (offset + 200 >= page.total) break;
  }
  durations.sort((a, b) => a - b);
  const summary = final.result.summary;
  return {
    screenshots,
    pages: summary.pages,
    succeeded: summary.succeeded,
    failed: summary.failed,
    seconds,
    pagesPerMinute: summary.succeeded / (seconds / 60),
    median: percentile(durations, 50),
    p95: percentile(durations, 95),
    max: durations.at(-1) ?? NaN,
    workerdMb: sampler.peak.workerdMb,
    chromiumMb: sampler.peak.chromiumMb,
    chromiumPids: sampler.seenChromium,
  };
}

/**
 * Bundles the Worker once into the state dir and writes a config that runs that bundle. `wrangler dev`
 * watches its sources and restarts the Worker (and the run's Durable Object) on every change in the
 * repository; a frozen bundle keeps the measurement to one build.
 */
function bundleWorker(stateDir) {
  const outdir = path.join(stateDir, "bundle");
  const r = spawnSync(process.execPath, [pkgFile("wrangler", "bin/wrangler.js"), "deploy", "--dry-run", "--outdir", outdir, "--env", ""], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (r.status !== 0) throw new Error(`bundling failed:\n${r.stdout}\n${r.stderr}`);
  const source = fs.readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  // The local (top-level) configuration only; paths made absolute for the config's new home.
  const local = source.split(/^\[env\./m)[0];
  const config = local
    .replace(/^main\s*=.*$/m, `main = ${JSON.stringify(path.join(outdir, "index.js"))}`)
    .replace(/^(directory\s*=\s*)"\.?\/?([^"]+)"/m, (_, key, dir) => `${key}${JSON.stringify(path.join(ROOT, dir))}`)
    .replace(/^(migrations_dir\s*=\s*)"([^"]+)"/m, (_, key, dir) => `${key}${JSON.stringify(path.join(ROOT, dir))}`);
  const file = path.join(stateDir, "wrangler.toml");
  fs.writeFileSync(file, config);
  return file;
}

/** Chromium processes of this run still alive (their profiles live under our TMPDIR). */
function leftoverBrowsers(pids, stateDir) {
  return [...pids].filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(stateDir);
    } catch {
      return false;
    }
  });
}

async function main() {
  checkNode();
  const opts = parseArgs(process.argv.slice(2));
  ensureBrowserWrapper();
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) {
    log("build/index.js is missing: running remix build");
    const b = spawnSync(process.execPath, [pkgFile("@remix-run/dev", "dist/cli.js"), "build"], { cwd: ROOT, stdio: "inherit" });
    if (b.status !== 0) throw new Error("remix build failed");
  }
  const site = opts.real ? await serveRealSite({ dir: opts.real, pages: opts.pages, stuck: opts.stuck }) : await serveFixtureSite({ pages: opts.pages });
  const stateDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-bench-crawl-")));
  const persistTo = path.join(stateDir, "state");
  const tmpDir = path.join(stateDir, "tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  const port = await benchPort();
  const base = `http://127.0.0.1:${port}`;
  log(`fixture site with ${opts.pages} pages at ${site.origin}; wrangler dev on ${base}; state in ${stateDir}`);

  let wrangler = null;
  const output = [];
  const results = [];
  let realResults = null;
  const chromiumPids = new Set();
  try {
    await applyMigrations({ persistTo });
    const config = bundleWorker(stateDir);
    wrangler = spawnWrangler(
      { port, persistTo, extra: ["--show-interactive-dev-session=false", "--config", config, "--no-bundle"] },
      { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { CI: "true", TMPDIR: tmpDir } },
    );
    for (const stream of [wrangler.stdout, wrangler.stderr]) readline.createInterface({ input: stream }).on("line", (l) => output.push(l));
    await waitForHttp(`${base}/api/v1/auth/me`, { child: wrangler, timeoutMs: 180_000 });

    const api = new Api(base);
    const email = `bench-${Date.now()}@example.com`;
    const signup = await api.call("POST", "/auth/signup", { email, password: "benchmark-password", firstName: "Bench", lastName: "Runner" });
    api.headers.Authorization = `Bearer ${signup.token}`;
    const org = await api.call("POST", "/organization", { name: "Benchmark" });
    api.headers["X-Organization-Id"] = org.organization.id;
    const created = await api.call("POST", "/sites", { name: "Fixture site", domain: new URL(site.origin).host });
    const siteId = created.site.id;
    await api.call("PUT", `/site-config/${siteId}`, {
      platform: "magnolia",
      templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"], fields: [] } },
      components: {
        hero: { name: "Hero", selector: ".hero", fields: [] },
        card: { name: "Card", selector: ".cards .card", fields: [] },
        richText: { name: "Rich text", selector: ".rich-text", fields: [] },
      },
      settings: opts.real ? { urlList: site.urls, concurrency: opts.concurrency } : { sitemapUrl: `${site.origin}/sitemap.xml`, concurrency: opts.concurrency },
    });

    if (opts.real) {
      log(`product end to end over ${site.urls.length} pages (${opts.stuck} never reach DOMContentLoaded), ${opts.concurrency} tabs, screenshots on`);
      const product = await runScenario(api, wrangler.pid, siteId, { screenshots: true });
      for (const pid of product.chromiumPids) chromiumPids.add(pid);
      log("bare Chromium loop over the same pages");
      const bare = await bareLoop({ urls: site.urls, concurrency: opts.concurrency, navigationMs: NAVIGATION_MS, chromium: CHROMIUM, flags: CHROMIUM_FLAGS });
      realResults = { product, bare };
    } else {
      for (const screenshots of [true, false]) {
        log(`run with screenshots ${screenshots ? "on" : "off"} (${opts.concurrency} tabs)`);
        const r = await runScenario(api, wrangler.pid, siteId, { screenshots });
        for (const pid of r.chromiumPids) chromiumPids.add(pid);
        results.push(r);
      }
    }
  } catch (err) {
    log(`ERROR: ${err.message}`);
    console.log(output.slice(-60).join("\n"));
    process.exitCode = 1;
  } finally {
    if (wrangler) {
      const graceful = await stopProcess(wrangler, { signal: "SIGINT", graceMs: 20_000, group: true });
      if (!graceful) log("WARNING: wrangler did not stop within 20 s and was killed");
    }
    const left = leftoverBrowsers(chromiumPids, stateDir);
    if (left.length) {
      log(`WARNING: ${left.length} browser process(es) outlived wrangler: ${left.join(", ")}; killing them`);
      for (const pid of left) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
    } else if (chromiumPids.size) {
      log(`no browser processes left behind (${chromiumPids.size} seen)`);
    }
    await site.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  if (realResults) return printReal(opts, realResults);
  if (!results.length) return;

  const rows = results.map((r) => ({
    screenshots: r.screenshots ? "on" : "off",
    pages: `${r.succeeded}/${r.pages}`,
    "wall s": r.seconds.toFixed(1),
    "pages/min": r.pagesPerMinute.toFixed(1),
    "median s/page": r.median.toFixed(2),
    "p95 s/page": r.p95.toFixed(2),
    "workerd peak RSS MB": r.workerdMb.toFixed(0),
    "chromium peak RSS MB": r.chromiumMb.toFixed(0),
  }));
  console.log(`\nCrawl benchmark: ${opts.pages} pages, ${opts.concurrency} tabs, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"})`);
  console.table(rows);
  console.log("s/page: time one page spends in the run (load, extraction, screenshot, storage), from the snapshots' durationMs.");
}

/** The product's per-page budget with the defaults (workers/crawl/browser.ts, workers/runs/capture.ts). */
const NAVIGATION_MS = 15_000;
const DEADLINE_S = (15_000 + 3_000 + 20_000) / 1000;

function printReal(opts, { product, bare }) {
  const barePerMinute = bare.durations.length / (bare.seconds / 60);
  const productPerMinute = (product.succeeded + product.failed) / (product.seconds / 60);
  console.log(`\nCrawl benchmark, real pages: ${product.pages} pages (${opts.stuck} never reach DOMContentLoaded), ${opts.concurrency} tabs, screenshots on, ${os.cpus().length} CPUs`);
  console.table([
    { what: "this product, end to end", pages: `${product.succeeded + product.failed}/${product.pages}`, "wall s": product.seconds.toFixed(1), "pages/min": productPerMinute.toFixed(1), "median s/page": product.median.toFixed(2), "p95 s/page": product.p95.toFixed(2), "max s/page": product.max.toFixed(2) },
    { what: "bare Chromium loop (other hosts blocked, DOMContentLoaded + screenshot)", pages: `${bare.durations.length}/${product.pages}`, "wall s": bare.seconds.toFixed(1), "pages/min": barePerMinute.toFixed(1), "median s/page": percentile(bare.durations, 50).toFixed(2), "p95 s/page": percentile(bare.durations, 95).toFixed(2), "max s/page": bare.durations.at(-1).toFixed(2) },
  ]);
  console.log(`ratio end to end / bare: ${(productPerMinute / barePerMinute).toFixed(2)} (target ≥ 0.8)`);
  console.log(`slowest page in the product: ${product.max.toFixed(2)} s; per-page deadline ${DEADLINE_S} s: ${product.max <= DEADLINE_S ? "no page waited past it" : "EXCEEDED"}`);
  console.log(`peak RSS: workerd ${product.workerdMb.toFixed(0)} MB, chromium ${product.chromiumMb.toFixed(0)} MB`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(`[bench:crawl] ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
