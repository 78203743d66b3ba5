#!/usr/bin/env node
// End-to-end tests: a fresh, seeded local database in a temp dir, `wrangler dev` on a free port, then
// `playwright test` against it (extra arguments are passed to Playwright). Usage: node scripts/e2e.mjs [args]
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { ROOT, applyMigrations, checkNode, ensureBrowserWrapper, pkgFile, seed } from "./setup.mjs";
import { exitCodeOf, exited, freePort, spawnWrangler, stopProcess, waitForHttp } from "./start.mjs";

const log = (msg) => console.log(`[e2e] ${msg}`);
const STOP_GRACE_MS = 15_000;

/**
 * Browsers that wrangler launched for this run. Its TMPDIR points into the run's state dir and every
 * Chromium it starts gets a profile under it, so this matches exactly this run's browsers (the
 * launcher wrapper execs Chromium, so its own path is not on the command line).
 */
function leftoverBrowsers(stateDir) {
  const pattern = stateDir.replace(/[.[\]()*+?^$|\\{}]/g, "\\$&");
  const r = spawnSync("pgrep", ["-f", pattern], { encoding: "utf8" });
  return (r.stdout ?? "")
    .split("\n")
    .map(Number)
    .filter((pid) => pid && pid !== process.pid);
}

async function killLeftovers(stateDir) {
  const pids = leftoverBrowsers(stateDir);
  if (!pids.length) {
    log("no browser processes left behind");
    return;
  }
  log(`WARNING: ${pids.length} process(es) of this run outlived wrangler (pids ${pids.join(", ")}); killing them`);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  for (let i = 0; i < 30 && leftoverBrowsers(stateDir).length; i++) await new Promise((r) => setTimeout(r, 100));
  const still = leftoverBrowsers(stateDir);
  if (still.length) log(`WARNING: still running after SIGKILL: ${still.join(", ")}`);
}

async function main() {
  checkNode();
  ensureBrowserWrapper();
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) {
    log("build/index.js is missing: running remix build");
    const b = spawnSync(process.execPath, [pkgFile("@remix-run/dev", "dist/cli.js"), "build"], { cwd: ROOT, stdio: "inherit" });
    if (b.status !== 0) return b.status ?? 1;
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stateDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-migrate-e2e-")));
  const persistTo = path.join(stateDir, "state");
  const tmpDir = path.join(stateDir, "tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  log(`state in ${stateDir}, server on ${baseUrl}`);

  const output = [];
  let wrangler;
  let playwright;
  let interrupted = false;
  const onSignal = (sig) => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig} received, stopping`);
    if (playwright) playwright.kill(sig);
    if (wrangler) void stopProcess(wrangler, { graceMs: STOP_GRACE_MS, group: true });
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  let code = 1;
  try {
    await applyMigrations({ persistTo });
    await seed({ persistTo });

    wrangler = spawnWrangler(
      { port, persistTo, extra: ["--show-interactive-dev-session=false"] },
      { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { CI: "true", TMPDIR: tmpDir } },
    );
    for (const stream of [wrangler.stdout, wrangler.stderr]) {
      readline.createInterface({ input: stream }).on("line", (line) => output.push(line));
    }
    try {
      await waitForHttp(`${baseUrl}/`, { child: wrangler, timeoutMs: 120_000 });
    } catch (err) {
      if (interrupted) throw new Error("interrupted");
      log(`server did not start: ${err.message}. wrangler output:`);
      console.log(output.join("\n"));
      throw err;
    }
    if (interrupted) throw new Error("interrupted");
    log(`server ready; running playwright test ${process.argv.slice(2).join(" ")}`.trimEnd());

    playwright = spawn(process.execPath, [pkgFile("@playwright/test", "cli.js"), "test", ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, BASE_URL: baseUrl },
    });
    await exited(playwright);
    code = exitCodeOf(playwright);
    if (code !== 0) {
      const logFile = path.join(ROOT, "test-results", "e2e-wrangler.log");
      fs.mkdirSync(path.dirname(logFile), { recursive: true });
      fs.writeFileSync(logFile, output.join("\n") + "\n");
      log(`playwright failed (exit ${code}); server output saved to ${path.relative(ROOT, logFile)}`);
    }
  } catch (err) {
    if (err.message !== "interrupted") log(`ERROR: ${err.message}`);
    code = 1;
  } finally {
    if (wrangler) {
      log("stopping wrangler");
      const graceful = await stopProcess(wrangler, { graceMs: STOP_GRACE_MS, group: true });
      if (!graceful) log(`WARNING: wrangler did not stop within ${STOP_GRACE_MS / 1000} s and was killed`);
    }
    await killLeftovers(stateDir);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  return interrupted && code === 0 ? 130 : code;
}

main().then((code) => process.exit(code));
