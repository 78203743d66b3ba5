#!/usr/bin/env node
// Fault benchmark: a generated site migrated through `wrangler dev` into a fake Magnolia author
// instance on loopback (./magnolia-server.mjs), under three kinds of fault:
//   1. the Worker process (wrangler, workerd, its browsers) killed with SIGKILL `--kills` times at
//      random points and started again on the same state: every page must be in the target exactly once;
//   2. the platform answering `--fault-share` of the writes with 429 (Retry-After), 5xx or a timeout:
//      every page must be written, at no more than the writer's rate limit;
//   3. the browser (Chromium under the Worker process) killed while pages load: the pages are retried
//      and the run completes.
// Usage: npm run bench:faults [-- --pages 200] [--kills 3] [--fault-share 0.2] [--concurrency 4] [--only 1|2|3]
import os from "node:os";
import { checkNode, ensureBrowserWrapper } from "../../scripts/setup.mjs";
import { ensureBuild } from "../lib/product.mjs";
import { browserScenario, faultyPlatformScenario, killScenario, MAGNOLIA_WRITER_LIMIT } from "./scenarios.mjs";
import { serveSlowSite } from "./site.mjs";

export const log = (msg) => console.log(`[bench:faults] ${new Date().toISOString().slice(11, 19)} ${msg}`);

function parseArgs(argv) {
  const opts = { pages: 200, kills: 3, faultShare: 0.2, concurrency: 4, only: null };
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i].split("=");
    const value = inline ?? argv[++i];
    if (key === "--pages") opts.pages = Number(value);
    else if (key === "--kills") opts.kills = Number(value);
    else if (key === "--fault-share") opts.faultShare = Number(value);
    else if (key === "--concurrency") opts.concurrency = Number(value);
    else if (key === "--only") opts.only = value.split(",");
    else throw new Error(`unknown argument ${argv[i]} (usage: run.mjs [--pages N] [--kills N] [--fault-share F] [--concurrency N] [--only 1,2,3])`);
  }
  if (!(opts.pages >= 10)) throw new Error("--pages must be at least 10");
  if (!(opts.kills >= 0 && opts.kills <= 10)) throw new Error("--kills must be 0..10");
  if (!(opts.faultShare >= 0 && opts.faultShare < 1)) throw new Error("--fault-share must be in [0, 1)");
  if (!(opts.concurrency >= 1 && opts.concurrency <= 16)) throw new Error("--concurrency must be 1..16");
  return opts;
}

const yesNo = (ok) => (ok ? "yes" : "NO");
const printFailures = (r) => {
  for (const line of r.failureReasons ?? []) console.log(`  failed: ${line}`);
};

async function main() {
  checkNode();
  const opts = parseArgs(process.argv.slice(2));
  const runs = (n) => !opts.only || opts.only.includes(String(n));
  ensureBrowserWrapper();
  ensureBuild(log);
  const site = await serveSlowSite({ pages: opts.pages });
  log(`generated site of ${opts.pages} pages at ${site.origin}; ${opts.concurrency} tabs`);
  const out = {};
  try {
    if (runs(1)) out.kills = await killScenario(opts, site, log);
    if (runs(2)) out.platform = await faultyPlatformScenario(opts, site, log);
    if (runs(3)) out.browser = await browserScenario(opts, site, log);
  } finally {
    await site.close();
  }

  console.log(`\nFault benchmark: ${opts.pages} pages into a fake Magnolia author instance, ${opts.concurrency} tabs, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"})`);
  if (out.kills) {
    const r = out.kills;
    console.log(`\n1. Worker process killed (SIGKILL) ${r.kills.length} times at random points, started again on the same state`);
    console.table([
      {
        status: r.status,
        "in target": `${r.inTarget}/${opts.pages}`,
        doubled: r.doubled,
        "refused second creates": r.refused,
        failed: r.failed,
        "killed at (pages done)": r.kills.map((k) => k.atPages).join(", ") || "-",
        "restart s": r.kills.map((k) => k.restartSeconds.toFixed(0)).join(", ") || "-",
        "wall s": r.seconds.toFixed(0),
        "exactly once": yesNo(r.inTarget === opts.pages && r.doubled === 0 && r.failed === 0),
      },
    ]);
    printFailures(r);
  }
  if (out.platform) {
    const r = out.platform;
    console.log(`\n2. The platform answers ${Math.round(opts.faultShare * 100)}% of writes with 429 (Retry-After: 1), 5xx or a timeout (answer held ${r.holdSeconds} s, past the writer's 30 s)`);
    console.table([
      {
        status: r.status,
        written: `${r.inTarget}/${opts.pages} (${((r.inTarget / opts.pages) * 100).toFixed(0)}%)`,
        doubled: r.doubled,
        failed: r.failed,
        "writes / faulted": `${r.writes} / ${r.faults.total} (429: ${r.faults["429"]}, 5xx: ${r.faults["5xx"]}, timeout: ${r.faults.timeout})`,
        "wall s": r.seconds.toFixed(0),
      },
    ]);
    printFailures(r);
    console.table(
      [
        ["all requests", r.rate.all],
        ["writes", r.rate.writes],
      ].map(([kind, rate]) => ({
        "received by the fake": kind,
        "peak / s (1 s window)": rate.peak,
        "mean / s": rate.mean.toFixed(1),
        "writer's limit / s": MAGNOLIA_WRITER_LIMIT,
        "peak / limit": (rate.peak / MAGNOLIA_WRITER_LIMIT).toFixed(2),
        "within limit": yesNo(rate.peak / MAGNOLIA_WRITER_LIMIT <= 1),
      })),
    );
    console.log(`Magnolia documents no rate limit; the limit is the writer's own (workers/targets/adapters/magnolia.ts: ${MAGNOLIA_WRITER_LIMIT} requests/s, burst 5, covering reads and writes).`);
  }
  if (out.browser) {
    const r = out.browser;
    console.log("\n3. Chromium under the Worker process killed (SIGKILL) while pages load");
    console.table([
      {
        status: r.status,
        "browser processes killed": r.killedProcesses,
        "pages loading at the kill": r.loadingAtKill.length,
        "captured": `${r.captured}/${opts.pages}`,
        failed: r.failed,
        "retry log lines": r.retryLines.length,
        "killed pages captured": `${r.loadingCaptured}/${r.loadingAtKill.length}`,
        "wall s": r.seconds.toFixed(0),
      },
    ]);
    printFailures(r);
    for (const line of r.retryLines.slice(0, 5)) console.log(`  log: ${line}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
