#!/usr/bin/env node
// Crawl benchmark: serves a generated fixture site on loopback, starts `wrangler dev` on a fresh local
// state, seeds a user, organization and site through the API, runs real migrations (Browser Rendering
// with Debian Chromium) with screenshots on and off, and prints pages per minute, median and p95
// seconds per page, and the peak memory (RSS) of the workerd process.
// Usage: node bench/crawl/run.mjs [--pages 240] [--concurrency 4]
//
// Real-page mode: node bench/crawl/run.mjs --real DIR [--pages 130] [--stuck 3] [--concurrency 4] [--profile]
// serves the pages of a real-page corpus (see bench/quality/corpus.ts) plus `--stuck` pages that never
// reach DOMContentLoaded, runs the product end to end (capture, extraction, screenshots, mapping) over
// them, then a bare Browser Rendering loop (bench/crawl/bare: a minimal Worker under its own
// `wrangler dev`, the same binding and local Chromium, DOMContentLoaded and a screenshot, same tabs),
// and prints both rates, their ratio, and the slowest page against its deadline. With `--profile` it
// also runs the bare loop with the product's tall screenshot, then with that and focused tabs, then
// with those and the product's settle time (all of the product's rendering, none of its processing), and
// times the product's extraction of the same pages in Node (extract-cost.ts). With `--cpu-profile FILE`
// it writes the V8 CPU profile of the product's Worker during its end-to-end run (open it in Chrome
// DevTools or speedscope): where the Worker's own JavaScript spends a run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serveFixtureSite } from "../../test/fixtures/site/site.mjs";
import { checkNode, ensureBrowserWrapper } from "../../scripts/setup.mjs";
import { Api, benchPort, ensureBuild, followRun, leftoverBrowsers, memorySampler, percentile, profileSummary, startProduct, startWorkerProfile, stopWrangler } from "../lib/product.mjs";
import { bundleAndRun } from "../bundle.mjs";
import { bareLoop, corpusFiles, serveRealSite } from "./real-site.mjs";

const log = (msg) => console.log(`[bench:crawl] ${msg}`);

function parseArgs(argv) {
  const opts = { pages: null, concurrency: 4, real: null, stuck: 3, profile: false, cpuProfile: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--profile") {
      opts.profile = true;
      continue;
    }
    const [key, inline] = argv[i].split("=");
    const value = inline ?? argv[++i];
    if (key === "--pages") opts.pages = Number(value);
    else if (key === "--concurrency") opts.concurrency = Number(value);
    else if (key === "--real") opts.real = value;
    else if (key === "--stuck") opts.stuck = Number(value);
    else if (key === "--cpu-profile") opts.cpuProfile = path.resolve(value);
    else throw new Error(`unknown argument ${argv[i]} (usage: run.mjs [--pages N] [--concurrency N] [--real DIR [--stuck N] [--profile] [--cpu-profile FILE]])`);
  }
  opts.pages ??= opts.real ? 130 : 240;
  if (!opts.real && !(opts.pages >= 200)) throw new Error("--pages must be at least 200");
  if (opts.real && !(opts.pages >= 10)) throw new Error("--pages must be at least 10");
  if (opts.profile && !opts.real) throw new Error("--profile needs --real DIR");
  if (opts.cpuProfile && !opts.real) throw new Error("--cpu-profile needs --real DIR");
  if (!(opts.concurrency >= 1 && opts.concurrency <= 16)) throw new Error("--concurrency must be 1..16");
  return opts;
}

async function runScenario(api, wranglerPid, siteId, { screenshots, requested = null }) {
  const sampler = memorySampler(() => wranglerPid);
  const started = performance.now();
  if (requested) requested.length = 0;
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
  const snapshots = (await api.snapshots(siteId, migrationId)).sort((a, b) => b.durationMs - a.durationMs);
  const durations = snapshots.map((s) => s.durationMs / 1000).sort((a, b) => a - b);
  const summary = final.result.summary;
  // The run's log lines that say where a slow page's time went (SLOW_PAGE_MS in workers/runs/capture.ts).
  const { logs } = await api.call("GET", `/migration/logs/${siteId}?migrationId=${migrationId}&limit=5000`);
  const slowNotes = new Map(logs.filter((l) => l.message.startsWith("Slow page: ")).map((l) => [l.url, l.message.slice("Slow page: ".length)]));
  return {
    screenshots,
    pages: summary.pages,
    succeeded: summary.succeeded,
    // Every page the run finished with: written (or mapped), failed, skipped, or waiting for a reviewer.
    finished: summary.succeeded + summary.failed + (summary.skipped ?? 0) + (summary.awaitingReview ?? 0),
    failed: summary.failed,
    skipped: summary.skipped ?? 0,
    awaitingReview: summary.awaitingReview ?? 0,
    seconds,
    pagesPerMinute: summary.succeeded / (seconds / 60),
    median: percentile(durations, 50),
    p95: percentile(durations, 95),
    max: durations.at(-1) ?? NaN,
    pageSeconds: durations.reduce((a, b) => a + b, 0),
    slowest: snapshots.slice(0, 5).map((s) => `${(s.durationMs / 1000).toFixed(2)} s ${s.url}${slowNotes.has(s.url) ? ` (${slowNotes.get(s.url).replace(/^[\d.]+ s \(|\)$/g, "")})` : ""}`),
    workerdMb: sampler.peak.workerdMb,
    chromiumMb: sampler.peak.chromiumMb,
    cpu: sampler.cpuSeconds(),
    gaps: requested ? requestGaps(requested) : null,
    // Failed attempts (retried or not) and other warnings: a page held until its hard deadline shows here.
    problems: logs.filter((l) => l.level !== "info").map((l) => `${l.url ?? "run"}: ${l.message}`),
  };
}

/**
 * The pauses between one page request and the next in a run (at least 2 s): times when no tab started a
 * page while pages were left. Where they fall (seconds after the first request) shows whether idle tabs
 * come in bursts, as at the handover between two alarms, or are spread over the run.
 */
function requestGaps(requested) {
  const times = [...requested].sort((a, b) => a - b);
  const gaps = [];
  for (let i = 1; i < times.length; i++) if (times[i] - times[i - 1] >= 2_000) gaps.push({ at: (times[i - 1] - times[0]) / 1000, seconds: (times[i] - times[i - 1]) / 1000 });
  return { total: gaps.reduce((a, g) => a + g.seconds, 0), gaps };
}

async function main() {
  checkNode();
  const opts = parseArgs(process.argv.slice(2));
  ensureBrowserWrapper();
  ensureBuild(log);
  const site = opts.real ? await serveRealSite({ dir: opts.real, pages: opts.pages, stuck: opts.stuck }) : await serveFixtureSite({ pages: opts.pages });
  const stateDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-bench-crawl-")));
  const port = await benchPort();
  const base = `http://127.0.0.1:${port}`;
  log(`${opts.real ? "real-page" : "fixture"} site with ${site.urls?.length ?? opts.pages} pages at ${site.origin}; wrangler dev on ${base}; state in ${stateDir}`);

  let wrangler = null;
  const output = [];
  const results = [];
  let realResults = null;
  const stopProduct = async () => {
    if (wrangler && !(await stopWrangler(wrangler))) log("WARNING: wrangler did not stop within 20 s and was killed");
    wrangler = null;
  };
  try {
    const inspectorPort = opts.cpuProfile ? await benchPort([port]) : null;
    wrangler = await startProduct({ port, stateDir, output, inspectorPort });
    const api = new Api(base);
    const siteId = await api.seedSite(
      site.origin,
      opts.real ? { urlList: site.urls, concurrency: opts.concurrency } : { sitemapUrl: `${site.origin}/sitemap.xml`, concurrency: opts.concurrency },
    );

    if (opts.real) {
      log(`product end to end over ${site.urls.length} pages (${opts.stuck} never reach DOMContentLoaded), ${opts.concurrency} tabs, screenshots on`);
      const cpuProfile = inspectorPort ? await startWorkerProfile(inspectorPort) : null;
      const product = await runScenario(api, wrangler.pid, siteId, { screenshots: true, requested: site.requested });
      if (cpuProfile) {
        const summary = profileSummary(await cpuProfile.stop(opts.cpuProfile));
        log(`the Worker's CPU profile of the end-to-end run: ${opts.cpuProfile}`);
        log(`  JavaScript ran ${summary.busySeconds.toFixed(1)} s of ${summary.wallSeconds.toFixed(1)} s; heaviest functions (with what they call, line in the bundle):`);
        for (const { fn, seconds } of summary.heaviest) log(`  ${seconds.toFixed(1).padStart(6)} s  ${fn}`);
      }
      // --profile: the product again, without its settle time (a site whose crawl.settleMs is 0: read at
      // DOMContentLoaded), then without screenshots, to price each.
      const productVariants = [];
      if (opts.profile) {
        const other = new Api(base);
        const unsettled = await other.seedSite(site.origin, { urlList: site.urls, concurrency: opts.concurrency, crawl: { settleMs: 0 } });
        log("product again with crawl.settleMs 0");
        productVariants.push({ what: "this product, settleMs 0 (read at DOMContentLoaded)", ...(await runScenario(other, wrangler.pid, unsettled, { screenshots: true })) });
        log("product again without screenshots");
        productVariants.push({ what: "this product, screenshots off", ...(await runScenario(api, wrangler.pid, siteId, { screenshots: false })) });
      }
      // The product's wrangler stops (and closes its browser) before the bare loop starts: one at a time.
      await stopProduct();
      const barePort = await benchPort([port]);
      log(`bare Browser Rendering loop over the same pages: its own wrangler dev on http://127.0.0.1:${barePort}`);
      const bare = await bareLoop({ urls: site.urls, concurrency: opts.concurrency, navigationMs: NAVIGATION_MS, port: barePort, stateDir, output });
      const variants = [];
      if (opts.profile) {
        // The bare loop again with the product's rendering choices, to price them: its tall screenshot,
        // then that and focused tabs, then those and its settle time. None extracts or stores.
        for (const v of [{ tall: true }, { tall: true, focus: true }, { tall: true, focus: true, settle: true }]) {
          log(`bare loop with ${bareVariant(v)}`);
          const result = await bareLoop({ urls: site.urls, concurrency: opts.concurrency, navigationMs: NAVIGATION_MS, port: await benchPort([port]), stateDir, output, ...v });
          variants.push({ ...v, ...result });
        }
      }
      realResults = { product, bare, variants, productVariants };
    } else {
      for (const screenshots of [true, false]) {
        log(`run with screenshots ${screenshots ? "on" : "off"} (${opts.concurrency} tabs)`);
        results.push(await runScenario(api, wrangler.pid, siteId, { screenshots }));
      }
    }
  } catch (err) {
    log(`ERROR: ${err.message}`);
    console.log(output.slice(-60).join("\n"));
    process.exitCode = 1;
  } finally {
    await stopProduct();
    const left = leftoverBrowsers(stateDir);
    if (left.length) {
      log(`WARNING: ${left.length} browser process(es) outlived wrangler: ${left.join(", ")}; killing them`);
      for (const pid of left) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
    } else {
      log("no browser processes left behind");
    }
    await site.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  if (realResults) {
    printReal(opts, realResults);
    if (opts.profile) await profileExtraction(opts, realResults);
    return;
  }
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

function printReal(opts, { product, bare, variants, productVariants }) {
  const barePerMinute = bare.durations.length / (bare.seconds / 60);
  const productPerMinute = product.finished / (product.seconds / 60);
  console.log(`\nCrawl benchmark, real pages: ${product.pages} pages (${opts.stuck} never reach DOMContentLoaded), ${opts.concurrency} tabs, screenshots on, ${os.cpus().length} CPUs`);
  console.table([
    { what: "this product, end to end", pages: `${product.finished}/${product.pages}`, "wall s": product.seconds.toFixed(1), "pages/min": productPerMinute.toFixed(1), "median s/page": product.median.toFixed(2), "p95 s/page": product.p95.toFixed(2), "max s/page": product.max.toFixed(2) },
    { what: "bare Browser Rendering loop (other hosts blocked, DOMContentLoaded + screenshot)", pages: `${bare.durations.length}/${product.pages}`, "wall s": bare.seconds.toFixed(1), "pages/min": barePerMinute.toFixed(1), "median s/page": percentile(bare.durations, 50).toFixed(2), "p95 s/page": percentile(bare.durations, 95).toFixed(2), "max s/page": bare.durations.at(-1).toFixed(2) },
  ]);
  console.log(`the product's pages: ${product.succeeded} written or mapped, ${product.failed} failed, ${product.skipped} skipped, ${product.awaitingReview} waiting for review`);
  console.log(`ratio end to end / bare: ${(productPerMinute / barePerMinute).toFixed(2)} (target ≥ 0.8)`);
  console.log(`slowest page in the product: ${product.max.toFixed(2)} s; per-page deadline ${DEADLINE_S} s: ${product.max <= DEADLINE_S ? "no page waited past it" : "EXCEEDED"}`);
  console.log(`the product's five slowest pages: ${product.slowest.join("; ")}`);
  const held = product.problems.filter((p) => p.includes("Timed out: the page took longer than")).length;
  console.log(`attempts stopped at the hard deadline (each retried, its time not in the per-page figures): ${held}`);
  console.log(`the product's warnings and errors: ${product.problems.length ? product.problems.slice(0, 10).join("; ") : "none"}`);
  if (product.gaps) {
    const { total, gaps } = product.gaps;
    console.log(`pauses of 2 s or more between the product's page requests: ${gaps.length}, ${total.toFixed(1)} s in all${gaps.length ? ` (at s: ${gaps.map((g) => `${g.at.toFixed(0)}+${g.seconds.toFixed(1)}`).join(", ")})` : ""}`);
  }
  const busy = (pageSeconds, seconds) => `${((100 * pageSeconds) / (seconds * opts.concurrency)).toFixed(0)} %`;
  console.log(
    `pages in progress per tab (sum of per-page seconds / (wall s × tabs)): product ${busy(product.pageSeconds, product.seconds)}, ` +
      `bare loop ${busy(bare.durations.reduce((a, b) => a + b, 0), bare.seconds)}; ` +
      `over 100 % when a page's extraction and storage overlap its tab's next page, as they do in the product`,
  );
  const cpu = (c, pages) => `${((c.workerd + c.chromium) / pages).toFixed(2)} (workerd ${(c.workerd / pages).toFixed(2)}, Chromium ${(c.chromium / pages).toFixed(2)})`;
  console.log(`CPU seconds per page: product ${cpu(product.cpu, product.pages)}; bare loop ${cpu(bare.cpu, product.pages)}; ${os.cpus().length} CPUs shared with anything else running`);
  console.log(`peak RSS: workerd ${product.workerdMb.toFixed(0)} MB, chromium ${product.chromiumMb.toFixed(0)} MB (bare loop: workerd ${bare.workerdMb.toFixed(0)} MB, chromium ${bare.chromiumMb.toFixed(0)} MB)`);
  if (!variants.length) return;
  // One row per run: its rate against the bare loop of this run, and its CPU per page.
  const row = (what, pages, seconds, medianS, cpu) => {
    const perMinute = pages / (seconds / 60);
    return { what, "wall s": seconds.toFixed(1), "pages/min": perMinute.toFixed(1), "× bare": (perMinute / barePerMinute).toFixed(2), "median s/page": medianS.toFixed(2), "CPU s/page": ((cpu.workerd + cpu.chromium) / pages).toFixed(2) };
  };
  const bareRow = (what, r) => row(what, r.durations.length, r.seconds, percentile(r.durations, 50), r.cpu);
  console.log("\nWhat each of the product's choices costs (--profile): the product without its settle time, then without screenshots; the bare loop with the product's screenshot, then with focused tabs too, then with its settle time too");
  console.table([
    bareRow("bare loop (viewport screenshot)", bare),
    ...productVariants.map((r) => row(r.what, r.finished, r.seconds, r.median, r.cpu)),
    ...variants.map((v) => bareRow(`bare loop + ${bareVariant(v)}`, v)),
  ]);
}

/** What a variant of the bare loop adds of the product's rendering (bench/crawl/bare/worker.js). */
function bareVariant({ tall, focus, settle }) {
  return [tall && "the product's tall screenshot (to 3,200 px)", focus && "focused tabs", settle && "the product's settle (network quiet)"].filter(Boolean).join(" + ");
}

/** `--profile`: the product's extraction timed in Node over the same corpus pages (extract-cost.ts). */
async function profileExtraction(opts, { product, bare }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-bench-crawl-profile-"));
  try {
    const list = path.join(dir, "files.json");
    fs.writeFileSync(list, JSON.stringify(corpusFiles(opts.real).slice(0, opts.pages)));
    const medians = ["--product-median", String(product.median), "--bare-median", String(percentile(bare.durations, 50))];
    await bundleAndRun("bench-crawl-extract-cost", "bench/crawl/extract-cost.ts", ["--files", list, ...medians]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(`[bench:crawl] ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
