// The two `wrangler dev` servers of the live-events benchmark: the product (a frozen bundle of the
// Worker on a fresh local state, seeded through its API) and the bare broadcast Worker in bench/sse/bare.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { ROOT, applyMigrations, pkgFile } from "../../scripts/setup.mjs";
import { isPortFree, spawnWrangler, stopProcess, waitForHttp } from "../../scripts/start.mjs";

/** Benchmarks use ports 8790-8799; `taken` are ports this benchmark already chose. */
export async function benchPort(taken = []) {
  for (let port = 8790; port <= 8799; port++) if (!taken.includes(port) && (await isPortFree(port))) return port;
  throw new Error("no free port in 8790-8799");
}

/**
 * Bundles the Worker once into the state dir and writes a config that runs that bundle: `wrangler dev`
 * would otherwise restart the Worker (and the run's Durable Object) on every change in the repository.
 */
function bundleWorker(stateDir) {
  const outdir = path.join(stateDir, "bundle");
  const r = spawnSync(process.execPath, [pkgFile("wrangler", "bin/wrangler.js"), "deploy", "--dry-run", "--outdir", outdir, "--env", ""], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (r.status !== 0) throw new Error(`bundling failed:\n${r.stdout}\n${r.stderr}`);
  const local = fs.readFileSync(path.join(ROOT, "wrangler.toml"), "utf8").split(/^\[env\./m)[0];
  const config = local
    .replace(/^main\s*=.*$/m, `main = ${JSON.stringify(path.join(outdir, "index.js"))}`)
    .replace(/^(directory\s*=\s*)"\.?\/?([^"]+)"/m, (_, key, dir) => `${key}${JSON.stringify(path.join(ROOT, dir))}`)
    .replace(/^(migrations_dir\s*=\s*)"([^"]+)"/m, (_, key, dir) => `${key}${JSON.stringify(path.join(ROOT, dir))}`);
  const file = path.join(stateDir, "wrangler.toml");
  fs.writeFileSync(file, config);
  return file;
}

/** Starts `wrangler dev` with `config` on `port`; its output is kept for error reports. */
function startWrangler({ port, config, persistTo, tmpDir, output }) {
  const child = spawnWrangler(
    { port, persistTo, extra: ["--show-interactive-dev-session=false", "--config", config, "--no-bundle"] },
    { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { CI: "true", TMPDIR: tmpDir } },
  );
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on("line", (l) => output.push(l));
  return child;
}

/** The product on `port` over a fresh state in `stateDir`. */
export async function startProduct({ port, stateDir, output }) {
  const persistTo = path.join(stateDir, "state");
  const tmpDir = path.join(stateDir, "tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  await applyMigrations({ persistTo });
  const config = bundleWorker(stateDir);
  const child = startWrangler({ port, config, persistTo, tmpDir, output });
  await waitForHttp(`http://127.0.0.1:${port}/api/v1/auth/me`, { child, timeoutMs: 180_000 });
  return child;
}

/** The bare broadcast Worker on `port`. */
export async function startBare({ port, stateDir, output }) {
  const persistTo = path.join(stateDir, "bare-state");
  const tmpDir = path.join(stateDir, "tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  const config = path.join(ROOT, "bench/sse/bare/wrangler.toml");
  const child = startWrangler({ port, config, persistTo, tmpDir, output });
  await waitForHttp(`http://127.0.0.1:${port}/clients`, { child, timeoutMs: 120_000 });
  return child;
}

/** Stops a `wrangler dev` gracefully (the product's must close its browsers); false when it had to be killed. */
export function stopWrangler(child) {
  return stopProcess(child, { signal: "SIGINT", graceMs: 20_000, group: true });
}

/** The product's API with a signed-in owner of one organization. */
export class Api {
  constructor(base) {
    this.base = base;
    this.headers = { "Content-Type": "application/json" };
  }

  async call(method, p, body) {
    const res = await fetch(`${this.base}/api/v1${p}`, { method, headers: this.headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  /** Signs up an owner, creates an organization and a Magnolia site over `origin`'s sitemap; returns the site id. */
  async seedSite(origin, concurrency) {
    const signup = await this.call("POST", "/auth/signup", { email: `bench-${Date.now()}@example.com`, password: "benchmark-password", firstName: "Bench", lastName: "Runner" });
    this.headers.Authorization = `Bearer ${signup.token}`;
    const org = await this.call("POST", "/organization", { name: "Benchmark" });
    this.headers["X-Organization-Id"] = org.organization.id;
    const created = await this.call("POST", "/sites", { name: "Fixture site", domain: new URL(origin).host });
    await this.call("PUT", `/site-config/${created.site.id}`, {
      platform: "magnolia",
      templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"], fields: [] } },
      components: {
        hero: { name: "Hero", selector: ".hero", fields: [] },
        card: { name: "Card", selector: ".cards .card", fields: [] },
        richText: { name: "Rich text", selector: ".rich-text", fields: [] },
      },
      settings: { sitemapUrl: `${origin}/sitemap.xml`, concurrency },
    });
    return created.site.id;
  }
}

/** Chromium processes started for this benchmark that are still alive (their profiles live under `stateDir`). */
export function leftoverBrowsers(stateDir) {
  return fs.readdirSync("/proc").filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      return /chrom/i.test(cmd) && cmd.includes(stateDir);
    } catch {
      return false;
    }
  }).map(Number);
}
