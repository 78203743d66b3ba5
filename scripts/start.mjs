#!/usr/bin/env node
// Serves the built product with `wrangler dev` on http://localhost:8787 against the local state in .wrangler/.
// `npm start` runs setup and `remix build` first. Also exports the process utilities that dev.mjs and e2e.mjs share.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { serveFixtureSite } from "../test/fixtures/site/site.mjs";
import { DEMO_SOURCE, ROOT, checkNode, demoAccountLines, pkgFile } from "./setup.mjs";

export const PORT = 8787;

export function wranglerDevArgs({ port = PORT, persistTo, extra = [] } = {}) {
  return [
    pkgFile("wrangler", "bin/wrangler.js"),
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    ...(persistTo ? ["--persist-to", persistTo] : []),
    ...extra,
  ];
}

/**
 * Starts `wrangler dev` on this Node binary. `detached` gives it its own process group so a hard stop
 * can reach its whole tree (wrangler's bin runs the CLI as a child); leave it off when attached to a
 * terminal, where a background group could not read the keyboard.
 */
export function spawnWrangler(opts = {}, { stdio = "inherit", env = {}, detached = false } = {}) {
  return spawn(process.execPath, wranglerDevArgs(opts), {
    cwd: ROOT,
    stdio,
    detached,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env },
  });
}

export function isPortFree(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers any HTTP status; rejects on timeout or when `child` exits first. */
export async function waitForHttp(url, { timeoutMs = 120_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`wrangler exited early (code ${child.exitCode})`);
    if (child && child.signalCode) throw new Error(`wrangler was killed (${child.signalCode})`);
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer().catch(() => {});
      return res.status;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Stops a child gracefully (wrangler must close the Chromium it launched), then hard after `graceMs`.
 * Returns true when it stopped within the grace period.
 */
export async function stopProcess(child, { signal = "SIGTERM", graceMs = 15_000, group = false } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  child.kill(signal);
  let timer;
  const timedOut = new Promise((resolve) => (timer = setTimeout(() => resolve(true), graceMs)));
  const late = await Promise.race([exited(child).then(() => false), timedOut]);
  clearTimeout(timer);
  if (late) {
    try {
      process.kill(group ? -child.pid : child.pid, "SIGKILL");
    } catch {}
    await exited(child);
  }
  return !late;
}

/** Forwards the first SIGINT/SIGTERM/SIGHUP to `children`; later ones are ignored so shutdown is not cut short. */
export function forwardSignals(children, prefix, graceMs = 30_000) {
  let stopping = false;
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${prefix} ${sig} received, stopping (waiting for the browser to close)...`);
      for (const child of children) void stopProcess(child, { signal: sig === "SIGHUP" ? "SIGTERM" : sig, graceMs });
    });
  }
}

export function exitCodeOf(child) {
  if (child.exitCode !== null) return child.exitCode;
  const n = { SIGINT: 2, SIGTERM: 15, SIGKILL: 9, SIGHUP: 1 }[child.signalCode] ?? 1;
  return 128 + n;
}

export function banner(prefix, url) {
  console.log(`${prefix} ────────────────────────────────────────────────`);
  console.log(`${prefix} cms-migrate is running at ${url}`);
  console.log(`${prefix} Demo accounts:`);
  for (const line of demoAccountLines()) console.log(`${prefix} ${line}`);
  console.log(`${prefix} The owner's project "Demo Source Website" migrates a local generated site: open Migration and start.`);
  console.log(`${prefix} Stop with Ctrl+C.`);
  console.log(`${prefix} ────────────────────────────────────────────────`);
}

async function main() {
  checkNode();
  const url = `http://localhost:${PORT}`;
  if (!fs.existsSync(`${ROOT}/build/index.js`)) {
    console.error("[start] build/index.js is missing: run `npm run build` (or use `npm start`, which builds first).");
    process.exit(1);
  }
  if (!(await isPortFree(PORT))) {
    console.error(`[start] port ${PORT} is already in use (is another server running?). Stop it and try again.`);
    process.exit(1);
  }
  // The demo project "Demo Source Website" migrates this local generated website (development only).
  let source = null;
  if (await isPortFree(DEMO_SOURCE.port)) {
    source = await serveFixtureSite({ pages: DEMO_SOURCE.pages, port: DEMO_SOURCE.port, host: DEMO_SOURCE.host });
    console.log(`[start] demo source website (${DEMO_SOURCE.pages} pages) on ${source.origin}`);
  } else {
    console.log(`[start] port ${DEMO_SOURCE.port} is in use: the demo source website is not served`);
  }
  console.log(`[start] starting wrangler dev on ${url} ...`);
  const child = spawnWrangler();
  forwardSignals([child], "[start]");
  child.on("exit", () => {
    void source?.close();
    process.exit(exitCodeOf(child));
  });
  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/`, { child, timeoutMs: 180_000 });
    banner("[start]", url);
  } catch (err) {
    console.error(`[start] ${err.message}`);
  }
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
