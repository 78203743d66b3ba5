// The product under probe: `wrangler dev` on a free port over a fresh local state, seeded before it
// starts, with the egress guard as production runs it (EGRESS_ALLOW_PRIVATE off).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleWorker, ensureBuild, leftoverBrowsers, startWrangler, stopWrangler } from "../../bench/lib/product.mjs";
import { applyMigrations, runWrangler } from "../../scripts/setup.mjs";
import { freePort, waitForHttp } from "../../scripts/start.mjs";

/**
 * The variables the probe's server runs with. The local wrangler.toml lets development reach loopback
 * (EGRESS_ALLOW_PRIVATE = "true"); the probe turns that off, so workers/lib/egress.ts guards as in
 * production. ENVIRONMENT stays "development": production would also need a SECRETS_KEY and an e-mail
 * provider, and would ignore RATE_LIMIT_MULTIPLIER, which keeps the probe's many sign-ins from one
 * address under the limits (the strict limits are tested in test/api/rate-limits.test.ts).
 */
export const SERVER_VARS = { EGRESS_ALLOW_PRIVATE: "false", RATE_LIMIT_MULTIPLIER: "1000" };

/**
 * Starts the server: migrations and `seedSql` applied to a fresh state, the Worker bundled once (so an
 * edit in the repository does not reload it mid-probe), then `wrangler dev`. Its output is kept in
 * `output` (the secrets check reads it).
 */
export async function startServer({ seedSql, log }) {
  ensureBuild(log);
  const stateDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-migrate-security-")));
  const persistTo = path.join(stateDir, "state");
  const tmpDir = path.join(stateDir, "tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  const output = [];
  let child = null;
  /** Stops wrangler (gracefully: it closes its browsers) and kills any browser of this state left behind. */
  const stop = async () => {
    if (child) {
      const graceful = await stopWrangler(child);
      if (!graceful) log("WARNING: wrangler did not stop in time and was killed");
      child = null;
    }
    const left = leftoverBrowsers(stateDir);
    if (left.length) log(`WARNING: ${left.length} browser process(es) outlived wrangler; killing them`);
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  };
  /** Stops everything and removes the state. */
  const dispose = async () => {
    await stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await applyMigrations({ persistTo });
    const seedFile = path.join(stateDir, "seed.sql");
    fs.writeFileSync(seedFile, seedSql);
    runWrangler(["d1", "execute", "DB", "--local", "--yes", "--file", seedFile, "--persist-to", persistTo], "Seeding the probe's users");
    const config = bundleWorker(stateDir);
    const port = await freePort();
    child = startWrangler({ port, config, persistTo, tmpDir, output, vars: SERVER_VARS });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${baseUrl}/api/v1/system-notification`, { child, timeoutMs: 180_000 });
    return { baseUrl, output, stateDir, persistTo, stop, dispose };
  } catch (err) {
    if (output.length) log(`wrangler output:\n${output.slice(-40).join("\n")}`);
    await dispose();
    throw err;
  }
}
