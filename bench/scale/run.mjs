#!/usr/bin/env node
// Scale benchmark: a generated site of `--pages` pages (default 10,000) through `wrangler dev`, run
// twice on the same machine: captured by a single run object in its own tabs, then fanned out on the
// page queue (Cloudflare Queues, local in wrangler dev). In the fan-out run, once `--kill-at` of the
// pages are captured, the Worker process is killed (SIGKILL: every consumer dies mid-batch, the queue's
// in-flight messages are lost, the run object stops) and started again on the same state. It prints
// pages per minute of both, the peak memory of workerd and the browsers, and pages lost or doubled.
// Usage: node bench/scale/run.mjs [--pages 10000] [--concurrency 8] [--kill-at 0.3] [--screenshots on|off] [--only fanout|object]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serveFixtureSite } from "../../test/fixtures/site/site.mjs";
import { checkNode, ensureBrowserWrapper } from "../../scripts/setup.mjs";
import { isPortFree } from "../../scripts/start.mjs";
import { Api, benchPort, ensureBuild, leftoverBrowsers, memorySampler, startProduct, stopWrangler } from "../lib/product.mjs";

const log = (msg) => console.log(`[bench:scale] ${new Date().toISOString().slice(11, 19)} ${msg}`);

function parseArgs(argv) {
  const opts = { pages: 10_000, concurrency: 8, killAt: 0.3, screenshots: true, only: null };
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i].split("=");
    const value = inline ?? argv[++i];
    if (key === "--pages") opts.pages = Number(value);
    else if (key === "--concurrency") opts.concurrency = Number(value);
    else if (key === "--kill-at") opts.killAt = Number(value);
    else if (key === "--screenshots") opts.screenshots = value !== "off";
    else if (key === "--only") opts.only = value;
    else throw new Error(`unknown argument ${argv[i]} (usage: run.mjs [--pages N] [--concurrency N] [--kill-at F] [--screenshots on|off] [--only fanout|object])`);
  }
  if (!(opts.pages >= 50)) throw new Error("--pages must be at least 50");
  if (!(opts.concurrency >= 1 && opts.concurrency <= 16)) throw new Error("--concurrency must be 1..16");
  if (!(opts.killAt >= 0 && opts.killAt < 1)) throw new Error("--kill-at must be in [0, 1); 0 kills nothing");
  if (opts.only && !["fanout", "object"].includes(opts.only)) throw new Error("--only takes fanout or object");
  return opts;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Kills wrangler's whole process group at once (wrangler, workerd, the browsers), then waits for the port to be free. */
async function killGroup(child, port) {
  const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", resolve)));
  process.kill(-child.pid, "SIGKILL");
  await exited;
  const deadline = Date.now() + 30_000;
  while (!(await isPortFree(port))) {
    if (Date.now() > deadline) throw new Error(`port ${port} still taken 30 s after the kill`);
    await sleep(200);
  }
}

/**
 * One run over the site: a fresh product whose fan-out thresholds make this run fan out or not, the
 * run started through the API and followed by polling its result; in the fan-out run, the kill.
 */
async function scenario(opts, site, { fanOut }) {
  const stateDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-bench-scale-")));
  const port = await benchPort();
  const output = [];
  // Fan-out from the first page, or never: the deployment's thresholds, set for this process.
  const vars = fanOut ? { FANOUT_MIN_PAGES: "1", FANOUT_MIN_CONCURRENCY: "1" } : { FANOUT_MIN_PAGES: "1000000000", FANOUT_MIN_CONCURRENCY: "1000" };
  let child = await startProduct({ port, stateDir, output, vars });
  const sampler = memorySampler(() => child.pid);
  const api = new Api(`http://127.0.0.1:${port}`);
  const result = { fanOut, killed: null, seconds: 0 };
  try {
    const siteId = await api.seedSite(site.origin, { sitemapUrl: `${site.origin}/sitemap.xml`, concurrency: opts.concurrency });
    const started = performance.now();
    const res = await fetch(`${api.base}/api/v1/migration/start`, {
      method: "POST",
      headers: api.headers,
      body: JSON.stringify({ siteId, screenshots: opts.screenshots, skipUnchanged: false }),
    });
    if (!res.ok) throw new Error(`start: HTTP ${res.status} ${await res.text()}`);
    // The first event names the run; the stream is then left (the run goes on without followers).
    const reader = res.body.getReader();
    let text = "";
    while (!/"migrationId":"([^"]+)"/.test(text)) {
      const { done, value } = await reader.read();
      if (done) throw new Error("the start stream ended without an event");
      text += new TextDecoder().decode(value);
    }
    const migrationId = /"migrationId":"([^"]+)"/.exec(text)[1];
    await reader.cancel();
    let shown = 0;
    let final;
    for (;;) {
      let r;
      try {
        r = await api.call("GET", `/migration/result/${migrationId}`);
      } catch (err) {
        log(`  result not readable (${err.message.slice(0, 80)}); trying again`);
        await sleep(2_000);
        continue;
      }
      const done = r.summary.succeeded + r.summary.failed + r.summary.skipped;
      if (done - shown >= Math.max(50, opts.pages / 20)) {
        shown = done;
        log(`  ${done}/${opts.pages} pages (${r.status})`);
      }
      if (!["running", "processing"].includes(r.status)) {
        final = r;
        break;
      }
      if (fanOut && opts.killAt > 0 && !result.killed && done >= opts.killAt * opts.pages) {
        log(`  killing the Worker process at ${done} pages (SIGKILL to wrangler, workerd and its browsers)`);
        const at = performance.now();
        await killGroup(child, port);
        // The consumers' browsers die with them (Chromium runs in a process group of its own).
        for (const pid of leftoverBrowsers(stateDir)) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {}
        }
        child = await startProduct({ port, stateDir, output, vars, fresh: false });
        result.killed = { atPages: done, restartSeconds: (performance.now() - at) / 1000 };
        log(`  started again on the same state in ${result.killed.restartSeconds.toFixed(1)} s`);
      }
      await sleep(2_000);
    }
    result.seconds = (performance.now() - started) / 1000;
    result.final = final;
    const snapshots = await api.snapshots(siteId, migrationId);
    const urls = new Set(snapshots.map((s) => s.url));
    result.snapshots = snapshots.length;
    result.distinct = urls.size;
    result.lost = opts.pages - urls.size;
    // The run's own count of pages it kept, beside the distinct pages stored: more would be a page kept twice.
    result.doubled = Math.max(0, final.summary.succeeded - urls.size) + (snapshots.length - urls.size);
    const logs = await api.call("GET", `/migration/logs/${siteId}?limit=1000`).catch(() => ({ logs: [] }));
    result.expiredLeases = (logs.logs ?? []).filter((l) => l.message.startsWith("No report before its lease expired")).length;
    const missing = (await api.call("GET", "/migration/logs/" + siteId + "?limit=1000")).logs.filter((l) => l.level === "error" || l.level === "warn");
    if (final.summary.failed || final.summary.skipped) log(`  ${final.summary.failed} failed, ${final.summary.skipped} skipped; their log lines:\n${missing.map((l) => `    ${l.level} ${l.url ?? ""} ${l.message}`).join("\n")}`);
  } catch (err) {
    log(`ERROR: ${err.message}`);
    console.log(output.slice(-60).join("\n"));
    process.exitCode = 1;
  } finally {
    sampler.stop();
    result.workerdMb = sampler.peak.workerdMb;
    result.chromiumMb = sampler.peak.chromiumMb;
    if (!(await stopWrangler(child))) log("WARNING: wrangler did not stop within 20 s and was killed");
    const left = leftoverBrowsers(stateDir);
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    if (left.length) log(`WARNING: ${left.length} browser process(es) outlived wrangler; killed`);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  return result;
}

async function main() {
  checkNode();
  const opts = parseArgs(process.argv.slice(2));
  ensureBrowserWrapper();
  ensureBuild(log);
  const site = await serveFixtureSite({ pages: opts.pages });
  log(`generated site of ${opts.pages} pages at ${site.origin}; ${opts.concurrency} tabs or leases; screenshots ${opts.screenshots ? "on" : "off"}`);
  const results = [];
  try {
    if (opts.only !== "fanout") {
      log("single run object, its own tabs");
      results.push(await scenario(opts, site, { fanOut: false }));
    }
    if (opts.only !== "object") {
      log(`fan-out on the page queue${opts.killAt > 0 ? `, killed at ${Math.round(opts.killAt * 100)}% of the pages` : ""}`);
      results.push(await scenario(opts, site, { fanOut: true }));
    }
  } finally {
    await site.close();
  }
  console.log(`\nScale benchmark: ${opts.pages} pages, ${opts.concurrency} tabs/leases, screenshots ${opts.screenshots ? "on" : "off"}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"})`);
  console.table(
    results.map((r) => ({
      run: r.fanOut ? "fan-out (page queue)" : "single object",
      status: r.final?.status ?? "error",
      "pages kept": r.distinct ?? "-",
      "wall s": r.seconds.toFixed(1),
      "pages/min": r.distinct ? (r.distinct / (r.seconds / 60)).toFixed(1) : "-",
      lost: r.lost ?? "-",
      doubled: r.doubled ?? "-",
      "killed at": r.killed ? `${r.killed.atPages} pages (restart ${r.killed.restartSeconds.toFixed(0)} s)` : "-",
      "lease expiries in last 1000 log lines": r.fanOut ? (r.expiredLeases ?? "-") : "-",
      "workerd peak MB": r.workerdMb.toFixed(0),
      "chromium peak MB": r.chromiumMb.toFixed(0),
    })),
  );
  const single = results.find((r) => !r.fanOut);
  const fan = results.find((r) => r.fanOut);
  if (single?.distinct && fan?.distinct) {
    console.log(`fan-out / single object: ${(fan.distinct / fan.seconds / (single.distinct / single.seconds)).toFixed(2)}x pages per minute (the fan-out figure includes the kill and the restart)`);
  }
  console.log("lost: pages of the site with no snapshot; doubled: pages the run kept more than once (its own count, or snapshot rows, beyond the distinct pages).");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
