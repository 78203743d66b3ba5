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
import { OIDC_PROVIDER_ID, OIDC_PROVIDER_NAME, startOidcProvider } from "../test/fixtures/oidc/provider.mjs";

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

/** Whether the run includes the WordPress spec: every spec when no file is named, else a named one. */
function includesWordPress(args) {
  const files = args.filter((a) => !a.startsWith("-"));
  return files.length === 0 || files.some((a) => /wordpress/i.test(a));
}

/**
 * Starts (or reuses) the local WordPress with scripts/wordpress-setup.mjs (idempotent; on CI .ci/run
 * ran it already). Returns the environment for Playwright: the connection file, or why there is none,
 * which the WordPress spec turns into a failure on CI and a skip elsewhere.
 */
function setUpWordPress() {
  const stateDir = path.resolve(process.env.WP_STATE_DIR || path.join(ROOT, ".cache", "wordpress"));
  log("setting up WordPress (node scripts/wordpress-setup.mjs)");
  const r = spawnSync(process.execPath, [path.join(ROOT, "scripts/wordpress-setup.mjs")], { cwd: ROOT, encoding: "utf8", timeout: 600_000 });
  const stderr = r.stderr ?? "";
  if (stderr.trim()) console.error(stderr.trimEnd());
  const startedHere = /starting (mariadbd|php -S)/.test(stderr);
  if (r.status === 0) return { env: { WORDPRESS_CONNECTION_FILE: path.join(stateDir, "connection.json") }, startedHere };
  const reason = (stderr || r.stdout || r.error?.message || "unknown error").trim().split("\n").slice(-3).join(" ");
  log(`WordPress set-up failed: ${reason}`);
  return { env: { WORDPRESS_SETUP_ERROR: `WordPress set-up failed (node scripts/wordpress-setup.mjs): ${reason}` }, startedHere };
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
  let wordpress = null;
  let oidc = null;
  try {
    if (includesWordPress(process.argv.slice(2))) wordpress = setUpWordPress();
    await applyMigrations({ persistTo });
    await seed({ persistTo });
    // A real OpenID provider on loopback, offered on /login as "Local OpenID" (the sign-in spec uses it).
    oidc = await startOidcProvider({ redirectUris: [`${baseUrl}/oauth/callback`] });
    const oidcProviders = JSON.stringify([{ id: OIDC_PROVIDER_ID, name: OIDC_PROVIDER_NAME, issuer: oidc.issuer, clientId: oidc.clientId }]);

    wrangler = spawnWrangler(
      // The specs sign in and up far more often than a person would, all from one address: the rate
      // limits are raised for this server (never in production; test/api/rate-limits.test.ts shows the strict ones).
      { port, persistTo, extra: [
          "--show-interactive-dev-session=false",
          "--var",
          "RATE_LIMIT_MULTIPLIER:1000",
          "--var",
          `OIDC_PROVIDERS:${oidcProviders}`,
          "--var",
          `OIDC_${OIDC_PROVIDER_ID.toUpperCase()}_CLIENT_SECRET:${oidc.clientSecret}`,
        ],
      },
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
      env: { ...process.env, BASE_URL: baseUrl, ...(wordpress?.env ?? {}) },
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
    await oidc?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
    // A WordPress this run started is stopped again; one that was already running is left as it was.
    if (wordpress?.startedHere) spawnSync(process.execPath, [path.join(ROOT, "scripts/wordpress-stop.mjs")], { cwd: ROOT, stdio: "inherit" });
  }
  return interrupted && code === 0 ? 130 : code;
}

main().then((code) => process.exit(code));
