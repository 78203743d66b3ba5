#!/usr/bin/env node
// Live-events benchmark: N followers (default 1,000) of one real migration run, beside a bare Durable
// Object broadcast to as many followers at the same moments. Starts `wrangler dev` twice on loopback
// (the product over a fresh local state, and bench/sse/bare), serves a generated site, seeds an owner,
// organization and site through the API, starts a run and opens the followers on its event stream
// while the run waits for its sitemap (bench/sse/gated-site.mjs).
// The run's own start stream drives the baseline: every event it receives is broadcast by the bare
// object with the same size (as many times as the event's id advanced, since the start stream is a
// follower too and may receive coalesced progress), so both fan out as many messages at the same rate
// under the same load.
// Prints events per follower, whether each got every event or the coalesced latest state (its last
// progress equals the run's final progress), and the lag (receive time − the event's `at`) p50/p99.
// Usage: node bench/sse/run.mjs [--followers 1000] [--pages 300] [--concurrency 4] [--timeline]
// (--timeline also prints the lag per 10 s of the run, for the product and the bare broadcast)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkNode, ensureBrowserWrapper } from "../../scripts/setup.mjs";
import { openFollower, openFollowers, summarise, timeline } from "./followers.mjs";
import { serveGatedSite } from "./gated-site.mjs";
import { Api, benchPort, ensureBuild, leftoverBrowsers, startBare, startProduct, stopWrangler } from "./servers.mjs";

const log = (msg) => console.log(`[bench:sse] ${msg}`);
/** No request of the benchmark outlives this. */
const RUN_LIMIT_MS = 20 * 60_000;
/** Followers open while the run works on the same two cores: each may take a while to be answered. */
const OPEN_TIMEOUT_MS = 90_000;

function parseArgs(argv) {
  const opts = { followers: 1000, pages: 300, concurrency: 4, timeline: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--timeline") {
      opts.timeline = true;
      continue;
    }
    const [key, inline] = argv[i].split("=");
    const value = Number(inline ?? argv[++i]);
    if (key === "--followers") opts.followers = value;
    else if (key === "--pages") opts.pages = value;
    else if (key === "--concurrency") opts.concurrency = value;
    else throw new Error(`unknown argument ${argv[i]} (usage: run.mjs [--followers N] [--pages N] [--concurrency N] [--timeline])`);
  }
  if (!(opts.followers >= 1 && opts.followers <= 5000)) throw new Error("--followers must be 1..5000");
  if (!(opts.pages >= 24 && opts.pages <= 2000)) throw new Error("--pages must be 24..2000");
  if (!(opts.concurrency >= 1 && opts.concurrency <= 16)) throw new Error("--concurrency must be 1..16");
  return opts;
}

/**
 * Starts the run and reads its start stream: resolves `migrationId` with the first event, mirrors every
 * event to the bare object (in order, one request at a time) and keeps the final progress and event.
 */
function startRun(api, siteId, bareBase) {
  const control = { migrationId: null, firstId: null, lastId: null, lastProgress: null, final: null, mirrored: Promise.resolve() };
  let first;
  const started = new Promise((resolve) => (first = resolve));
  const done = (async () => {
    const res = await fetch(`${api.base}/api/v1/migration/start`, {
      method: "POST",
      headers: api.headers,
      body: JSON.stringify({ siteId, screenshots: true, skipUnchanged: false }),
      signal: AbortSignal.timeout(RUN_LIMIT_MS),
    });
    if (!res.ok) throw new Error(`start: HTTP ${res.status} ${await res.text()}`);
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (!data) continue;
        const event = JSON.parse(data.slice(6));
        const id = Number(/^id: (\d+)/.exec(block)?.[1] ?? NaN);
        if (event.type === "progress") control.lastProgress = { id, event };
        else control.final = { id, event };
        if (!control.migrationId) first((control.migrationId = event.migrationId));
        const count = control.lastId === null ? 1 : Math.max(1, id - control.lastId);
        control.firstId ??= id;
        control.lastId = id;
        const body = JSON.stringify({ bytes: Buffer.byteLength(block), count });
        control.mirrored = control.mirrored.then(() => fetch(`${bareBase}/broadcast`, { method: "POST", body, signal: AbortSignal.timeout(30_000) }).then((r) => r.arrayBuffer()));
      }
    }
    return control;
  })();
  done.catch(() => first(null));
  return { started, done };
}

/** Progress without its screenshots (a coalesced event carries those of the events it replaced). */
function stateOf(json) {
  const { screenshots, ...rest } = JSON.parse(json).progress;
  return JSON.stringify(rest);
}

async function main() {
  checkNode();
  const opts = parseArgs(process.argv.slice(2));
  ensureBrowserWrapper();
  ensureBuild(log);
  const site = await serveGatedSite({ pages: opts.pages });
  const stateDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-bench-sse-")));
  const productPort = await benchPort();
  const barePort = await benchPort([productPort]);
  const base = `http://127.0.0.1:${productPort}`;
  const bareBase = `http://127.0.0.1:${barePort}`;
  log(`${opts.followers} followers; fixture site with ${opts.pages} pages at ${site.origin}; product on ${base}, bare broadcast on ${bareBase}`);

  const output = [];
  const servers = [];
  let report = null;
  try {
    servers.push(await startProduct({ port: productPort, stateDir, output }));
    servers.push(await startBare({ port: barePort, stateDir, output }));
    const api = new Api(base);
    const siteId = await api.seedSite(site.origin, { sitemapUrl: `${site.origin}/sitemap.xml`, concurrency: opts.concurrency });
    const lifetimeMs = RUN_LIMIT_MS;

    log(`opening ${opts.followers} bare followers`);
    const bare = await openFollowers(opts.followers, () => openFollower(`${bareBase}/follow`, {}, { lifetimeMs, openTimeoutMs: OPEN_TIMEOUT_MS }));
    const run = startRun(api, siteId, bareBase);
    const migrationId = await run.started;
    if (!migrationId) await run.done;
    log(`run ${migrationId} started; opening ${opts.followers} followers of its event stream`);
    const auth = { Authorization: api.headers.Authorization, "X-Organization-Id": api.headers["X-Organization-Id"] };
    const product = await openFollowers(opts.followers, () => openFollower(`${base}/api/v1/migration/stream/${migrationId}`, auth, { lifetimeMs, openTimeoutMs: OPEN_TIMEOUT_MS }));
    site.open();
    log(`${product.followers.length} followers connected${product.failures.length ? ` (${product.failures.length} failed: ${product.failures[0]})` : ""}; waiting for the run to end`);
    const control = await run.done;
    await control.mirrored;
    await fetch(`${bareBase}/end`, { method: "POST", signal: AbortSignal.timeout(30_000) });
    const settleBy = AbortSignal.timeout(120_000);
    const settled = (f) => Promise.race([f.ended, new Promise((r) => settleBy.addEventListener("abort", r))]);
    await Promise.all([...product.followers, ...bare.followers].map(settled));
    report = { control, product, bare };
  } catch (err) {
    log(`ERROR: ${err.message}`);
    console.log(output.slice(-60).join("\n"));
    process.exitCode = 1;
  } finally {
    for (const child of servers.reverse()) if (!(await stopWrangler(child))) log("WARNING: a wrangler did not stop within 20 s and was killed");
    const left = leftoverBrowsers(stateDir);
    if (left.length) {
      log(`WARNING: ${left.length} browser process(es) outlived wrangler; killing them`);
      for (const pid of left) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
    }
    await site.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  if (report) print(opts, report);
}

function print(opts, { control, product, bare }) {
  if (control.final?.event.type !== "complete") log(`WARNING: the run ended with ${JSON.stringify(control.final?.event)}`);
  const finalState = stateOf(JSON.stringify(control.lastProgress.event));
  const followers = product.followers;
  const ended = followers.filter((f) => f.final?.json.startsWith('{"type":"complete"')).length;
  const atFinal = followers.filter((f) => f.lastProgress?.id === control.lastProgress.id && stateOf(f.lastProgress.json) === finalState).length;
  const p = summarise(followers);
  const b = summarise(bare.followers);
  console.log(`\nLive events benchmark: 1 run of ${opts.pages} pages, ${opts.concurrency} tabs, ${control.lastId - control.firstId + 1} events emitted; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"})`);
  console.table([
    { what: "this product (run → API → follower)", followers: `${p.followers}/${opts.followers}`, "events min": p.minEvents, "events median": p.medianEvents, "got every event": p.complete, "lag p50 ms": p.p50, "lag p99 ms": p.p99, "lag max ms": p.max },
    { what: "bare Durable Object broadcast", followers: `${b.followers}/${opts.followers}`, "events min": b.minEvents, "events median": b.medianEvents, "got every event": b.complete, "lag p50 ms": b.p50, "lag p99 ms": b.p99, "lag max ms": b.max },
  ]);
  console.log(`followers that received the final event: ${ended}/${p.followers}; whose last progress is the run's final state (id ${control.lastProgress.id}): ${atFinal}/${p.followers}`);
  console.log(`followers that got every event: ${p.complete}; that got the coalesced latest state instead: ${p.followers - p.complete}`);
  console.log(`p99 lag ratio product / bare: ${(p.p99 / b.p99).toFixed(2)} (target ≤ 1.2); p50 ratio ${(p.p50 / b.p50).toFixed(2)}`);
  if (opts.timeline) {
    console.log("\nthis product, by the events' server time:");
    console.table(timeline(followers));
    console.log("bare broadcast, by the events' server time:");
    console.table(timeline(bare.followers));
  }
  const errors = [...followers, ...bare.followers].filter((f) => f.error).length;
  if (errors) log(`WARNING: ${errors} follower(s) ended with an error`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(`[bench:sse] ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
