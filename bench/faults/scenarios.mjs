// The fault benchmark's three runs. Each starts a fresh product under `wrangler dev`, a site whose
// target is a fake Magnolia on loopback, and one migration run followed by polling its result.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isPortFree } from "../../scripts/start.mjs";
import { Api, benchPort, descendants, leftoverBrowsers, startProduct, stopWrangler } from "../lib/product.mjs";
import { MAGNOLIA_PASSWORD, MAGNOLIA_USER, requestRate, startFakeMagnolia } from "./magnolia-server.mjs";

/** The Magnolia writer's own rate limit (workers/targets/adapters/magnolia.ts); Magnolia documents none. */
export const MAGNOLIA_WRITER_LIMIT = 20;
/** The writer's request timeout (workers/targets/http-client.ts, `timeoutMs` default). */
const WRITER_TIMEOUT_MS = 30_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Kills wrangler's whole process group at once (wrangler, workerd, the browsers), then waits for the port. */
async function killGroup(child, port, stateDir) {
  const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", resolve)));
  process.kill(-child.pid, "SIGKILL");
  await exited;
  // Chromium runs in a process group of its own: it dies with the machine it runs on.
  for (const pid of leftoverBrowsers(stateDir)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  const deadline = Date.now() + 30_000;
  while (!(await isPortFree(port))) {
    if (Date.now() > deadline) throw new Error(`port ${port} still taken 30 s after the kill`);
    await sleep(200);
  }
}

/** A signed-in owner's site over the fixture site, writing to the fake Magnolia at `magnoliaOrigin`. */
async function seedMagnoliaSite(api, site, magnoliaOrigin, concurrency) {
  const siteId = await api.seedSite(site.origin, { sitemapUrl: `${site.origin}/sitemap.xml`, concurrency, minConfidence: 0 });
  await api.call("PUT", `/site-config/${siteId}`, {
    platform: "magnolia",
    platformConfig: { authorUrl: magnoliaOrigin, authorUsername: MAGNOLIA_USER, authorPassword: MAGNOLIA_PASSWORD, siteRootPath: "/bench" },
  });
  return siteId;
}

/** Starts a run over the site; returns its id once the start stream names it (the run goes on without followers). */
async function startRun(api, siteId) {
  const res = await fetch(`${api.base}/api/v1/migration/start`, {
    method: "POST",
    headers: api.headers,
    body: JSON.stringify({ siteId, screenshots: false, skipUnchanged: false }),
  });
  if (!res.ok) throw new Error(`start: HTTP ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  let text = "";
  while (!/"migrationId":"([^"]+)"/.test(text)) {
    const { done, value } = await reader.read();
    if (done) throw new Error("the start stream ended without an event");
    text += new TextDecoder().decode(value);
  }
  await reader.cancel();
  return /"migrationId":"([^"]+)"/.exec(text)[1];
}

/**
 * One product, one run: `during(done, ctx)` is called after every poll (every `pollMs`) while the run
 * goes on and may kill things; `ctx.child` is the current wrangler. Returns the final result and more.
 */
async function withRun({ opts, site, magnolia, log, pollMs = 2_000, during = async () => {} }) {
  const stateDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-bench-faults-")));
  const port = await benchPort();
  const output = [];
  const ctx = { port, stateDir, output, child: await startProduct({ port, stateDir, output }) };
  const api = new Api(`http://127.0.0.1:${port}`);
  // Stopped from outside: take wrangler (a process group of its own) and its browsers along, and the state.
  const onSignal = (signal) => {
    try {
      process.kill(-ctx.child.pid, "SIGKILL");
    } catch {}
    for (const pid of leftoverBrowsers(stateDir)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    fs.rmSync(stateDir, { recursive: true, force: true });
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const siteId = await seedMagnoliaSite(api, site, magnolia.origin, opts.concurrency);
    const started = performance.now();
    const migrationId = await startRun(api, siteId);
    let shown = 0;
    let final;
    for (;;) {
      let r;
      try {
        r = await api.call("GET", `/migration/result/${migrationId}`);
      } catch (err) {
        log(`  result not readable (${err.message.slice(0, 80)}); trying again`);
        await sleep(pollMs);
        continue;
      }
      const done = r.summary.succeeded + r.summary.failed + r.summary.skipped;
      if (done - shown >= Math.max(20, opts.pages / 10)) {
        shown = done;
        log(`  ${done}/${opts.pages} pages (${r.status})`);
      }
      if (!["running", "processing"].includes(r.status)) {
        final = r;
        break;
      }
      await during(done, ctx);
      await sleep(pollMs);
    }
    const seconds = (performance.now() - started) / 1000;
    const logs = (await api.call("GET", `/migration/logs/${siteId}?migrationId=${migrationId}&limit=1000`)).logs ?? [];
    const snapshots = await api.snapshots(siteId, migrationId);
    if (final.summary.failed || final.summary.skipped || final.summary.awaitingReview) {
      log(`  ${final.summary.failed} failed, ${final.summary.skipped} skipped, ${final.summary.awaitingReview ?? 0} awaiting review; error lines:`);
      for (const l of logs.filter((x) => x.level === "error").slice(0, 10)) log(`    ${l.url ?? ""} ${l.message}`);
    }
    return { final, seconds, logs, snapshots, failureReasons: failureReasons(logs) };
  } catch (err) {
    log(`ERROR: ${err.message}`);
    console.log(output.slice(-60).join("\n"));
    process.exitCode = 1;
    throw err;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (!(await stopWrangler(ctx.child))) log("WARNING: wrangler did not stop within 20 s and was killed");
    const left = leftoverBrowsers(stateDir);
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    if (left.length) log(`WARNING: ${left.length} browser process(es) outlived wrangler; killed`);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

/** The run's error lines counted by reason (addresses and ports left out, so like failures group). */
function failureReasons(logs) {
  const reasons = new Map();
  for (const l of logs.filter((x) => x.level === "error")) {
    const reason = l.message.replace(/https?:\/\/127\.0\.0\.1:\d+/g, "").replace(/[0-9a-f]{32}/gi, "…");
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return [...reasons].map(([reason, count]) => `${count} × ${reason}`);
}

/** What the fake holds: pages present, pages created more than once or held in more than one node. */
function targetCounts(magnolia, site) {
  const nodes = magnolia.pagesBySource();
  const wanted = new Set(site.paths.map((p) => new URL(p, site.origin).href));
  let inTarget = 0;
  let doubled = 0;
  for (const [source, paths] of nodes) {
    if (wanted.has(source) || wanted.has(source.replace(/\/$/, ""))) inTarget++;
    if (paths.length > 1 || (magnolia.creates.get(source) ?? 0) > 1) doubled++;
  }
  for (const [source, count] of magnolia.creates) if (count > 1 && !nodes.has(source)) doubled++;
  return { inTarget, doubled, refused: magnolia.refusedCreates() };
}

/** 1. The Worker process killed `opts.kills` times at random points of the run. */
export async function killScenario(opts, site, log) {
  const points = Array.from({ length: opts.kills }, () => Math.floor(opts.pages * (0.1 + Math.random() * 0.8))).sort((a, b) => a - b);
  log(`1. killing the Worker process at ${points.join(", ")} pages done`);
  const magnolia = await startFakeMagnolia();
  const kills = [];
  try {
    const run = await withRun({
      opts,
      site,
      magnolia,
      log,
      during: async (done, ctx) => {
        if (kills.length >= points.length || done < points[kills.length]) return;
        log(`  killing the Worker process at ${done} pages (SIGKILL to wrangler, workerd and its browsers)`);
        const at = performance.now();
        await killGroup(ctx.child, ctx.port, ctx.stateDir);
        ctx.child = await startProduct({ port: ctx.port, stateDir: ctx.stateDir, output: ctx.output, fresh: false });
        kills.push({ atPages: done, restartSeconds: (performance.now() - at) / 1000 });
        log(`  started again on the same state in ${kills.at(-1).restartSeconds.toFixed(1)} s`);
      },
    });
    return { status: run.final.status, failed: run.final.summary.failed, failureReasons: run.failureReasons, seconds: run.seconds, kills, ...targetCounts(magnolia, site) };
  } finally {
    await magnolia.close();
  }
}

/** 2. The platform answers `opts.faultShare` of the writes with 429, 5xx or a timeout. */
export async function faultyPlatformScenario(opts, site, log) {
  const holdMs = WRITER_TIMEOUT_MS + 5_000;
  log(`2. the platform fails ${Math.round(opts.faultShare * 100)}% of writes (429, 5xx, timeouts held ${holdMs / 1000} s)`);
  const magnolia = await startFakeMagnolia({ faults: { share: opts.faultShare, holdMs } });
  try {
    const run = await withRun({ opts, site, magnolia, log });
    const faults = { total: 0, 429: 0, "5xx": 0, timeout: 0 };
    for (const r of magnolia.requests) {
      if (!r.fault) continue;
      faults.total++;
      faults[r.fault]++;
    }
    const writes = magnolia.requests.filter((r) => r.write);
    return {
      status: run.final.status,
      failed: run.final.summary.failed,
      failureReasons: run.failureReasons,
      seconds: run.seconds,
      holdSeconds: holdMs / 1000,
      writes: writes.length,
      faults,
      rate: { all: requestRate(magnolia.requests.map((r) => r.at)), writes: requestRate(writes.map((r) => r.at)) },
      ...targetCounts(magnolia, site),
    };
  } finally {
    await magnolia.close();
  }
}

/** Chromium processes under the Worker process, and any of this product's left behind by a reparenting. */
function browserPids(ctx) {
  const under = descendants(ctx.child.pid).filter((p) => /chrom/i.test(p.comm)).map((p) => p.pid);
  return [...new Set([...under, ...leftoverBrowsers(ctx.stateDir)])];
}

/** 3. Chromium killed while pages load, once a third of the pages are done. */
export async function browserScenario(opts, site, log) {
  log("3. killing the browser while pages load");
  const magnolia = await startFakeMagnolia();
  let killed = null;
  // Pages answer slowly while the kill is due, so that it lands mid-load.
  site.state.delayMs = 1_500;
  try {
    const run = await withRun({
      opts,
      site,
      magnolia,
      log,
      pollMs: 500,
      during: async (done, ctx) => {
        if (killed || done < Math.floor(opts.pages / 3)) return;
        const deadline = Date.now() + 30_000;
        while (!site.state.inFlight.size && Date.now() < deadline) await sleep(50);
        const loading = [...site.state.inFlight];
        const pids = browserPids(ctx);
        for (const pid of pids) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {}
        }
        killed = { loading, pids: pids.length };
        site.state.delayMs = 0;
        log(`  killed ${pids.length} Chromium process(es) at ${done} pages done, while ${loading.length} page(s) loaded: ${loading.slice(0, 4).join(", ")}`);
      },
    });
    const captured = new Set(run.snapshots.map((s) => new URL(s.url).pathname));
    const retryLines = run.logs
      .filter((l) => l.level === "warn" && /Retrying|capturing it again|offering the page again/.test(l.message))
      .map((l) => `${l.url ? new URL(l.url).pathname : ""} ${l.message}`.trim());
    return {
      status: run.final.status,
      failed: run.final.summary.failed,
      failureReasons: run.failureReasons,
      seconds: run.seconds,
      killedProcesses: killed?.pids ?? 0,
      loadingAtKill: killed?.loading ?? [],
      loadingCaptured: (killed?.loading ?? []).filter((p) => captured.has(p)).length,
      captured: site.paths.filter((p) => captured.has(p)).length,
      retryLines,
    };
  } finally {
    site.state.delayMs = 0;
    await magnolia.close();
  }
}
