#!/usr/bin/env node
// Requests per second and p50/p99 latency of the landing page `/` under load (autocannon), side by side in
// the same run with a static file of the same size served by the same Worker's assets, printed as ratios.
// `/` is measured as anonymous visitors get it (from the Workers Cache API after the first visit) and as
// rendered on every request (a session cookie that matches no session skips the cache). The product runs
// under `wrangler dev` (a frozen bundle on a fresh local state), as the other benchmarks run it.
// Usage: npm run bench:marketing [-- --seconds 10 --connections 10]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { checkNode } from "../../scripts/setup.mjs";
import { benchPort, ensureBuild, startProduct, stopWrangler } from "../lib/product.mjs";

const log = (m) => console.log(`[bench:marketing] ${m}`);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg("seconds", 10);
const CONNECTIONS = arg("connections", 10);
const STATIC_NAME = "bench-same-size.html";

function load(url, headers = {}, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  checkNode();
  ensureBuild(log);
  const port = await benchPort();
  const base = `http://127.0.0.1:${port}`;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-marketing-"));
  const output = [];
  let wrangler;
  const rows = [];
  try {
    log(`starting the product on ${base}`);
    wrangler = await startProduct({ port, stateDir, output });
    // The static twin: the landing page's own HTML, byte for byte the same size, as a file of the assets.
    const html = Buffer.from(await (await fetch(`${base}/`)).arrayBuffer());
    fs.writeFileSync(path.join(stateDir, "assets", STATIC_NAME), html);
    await stopWrangler(wrangler);
    wrangler = await startProduct({ port, stateDir, output, fresh: false });

    const cases = [
      // The assets server answers /name.html with a redirect to /name (its HTML handling): ask for /name.
      { name: "static file", url: `${base}/${STATIC_NAME.replace(/\.html$/, "")}`, headers: {} },
      { name: "/ (edge cache)", url: `${base}/`, headers: {} },
      { name: "/ (rendered)", url: `${base}/`, headers: { Cookie: "cm_session=no-such-session" } },
    ];
    for (const c of cases) {
      const first = await fetch(c.url, { headers: c.headers, redirect: "manual" });
      const body = Buffer.from(await first.arrayBuffer());
      if (first.status !== 200) throw new Error(`${c.url} answered ${first.status}`);
      if (body.length !== rows[0]?.bytes && rows.length) throw new Error(`${c.url}: ${body.length} bytes, the static file has ${rows[0].bytes}`);
      // A short warm-up, then the measured run.
      await load(c.url, c.headers, 2);
      const check = await fetch(c.url, { headers: c.headers });
      const cache = check.headers.get("x-page-cache") ?? "-";
      await check.arrayBuffer();
      log(`${c.name}: ${SECONDS} s, ${CONNECTIONS} connections`);
      const r = await load(c.url, c.headers);
      rows.push({ ...c, bytes: body.length, cache, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, total: r.requests.total });
    }
  } finally {
    if (wrangler) await stopWrangler(wrangler);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }

  const [stat] = rows;
  console.log("");
  console.log(`autocannon, ${CONNECTIONS} connections, ${SECONDS} s per case, wrangler dev on loopback (${os.cpus().length} CPUs)`);
  console.log(["case", "bytes", "cache", "req/s", "p50 ms", "p99 ms", "requests", "errors"].map((h, i) => h.padEnd(i === 0 ? 18 : 10)).join(""));
  for (const r of rows) console.log([r.name, r.bytes, r.cache, r.rps.toFixed(0), r.p50, r.p99, r.total, r.errors].map((v, i) => String(v).padEnd(i === 0 ? 18 : 10)).join(""));
  console.log("");
  for (const r of rows.slice(1)) {
    console.log(`${r.name} vs static file: req/s ratio ${(r.rps / stat.rps).toFixed(2)}, p50 ratio ${(r.p50 / Math.max(stat.p50, 0.001)).toFixed(2)}, p99 ratio ${(r.p99 / Math.max(stat.p99, 0.001)).toFixed(2)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
