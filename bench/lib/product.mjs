// What the benchmarks share to run the product: a frozen bundle of the Worker under `wrangler dev` on
// a fresh local state, its API with a seeded owner and site, and the memory of its processes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { ROOT, applyMigrations, pkgFile } from "../../scripts/setup.mjs";
import { isPortFree, spawnWrangler, stopProcess, waitForHttp } from "../../scripts/start.mjs";

/** The newest modification time of the files under `dir` (recursively), in ms. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The Remix build the Worker bundles: built when missing, or when a source of the app or the Worker
 * changed since (a benchmark of an old bundle measures old code).
 */
export function ensureBuild(log) {
  const built = path.join(ROOT, "build/index.js");
  if (fs.existsSync(built)) {
    const source = Math.max(newestMtime(path.join(ROOT, "app")), newestMtime(path.join(ROOT, "workers")));
    if (source <= fs.statSync(built).mtimeMs) return;
    log("app/ or workers/ changed since the last build: running remix build");
  } else {
    log("build/index.js is missing: running remix build");
  }
  const b = spawnSync(process.execPath, [pkgFile("@remix-run/dev", "dist/cli.js"), "build"], { cwd: ROOT, stdio: "inherit" });
  if (b.status !== 0) throw new Error("remix build failed");
}

/** Benchmarks use ports 8790-8799; `taken` are ports this benchmark already chose. */
export async function benchPort(taken = []) {
  for (let port = 8790; port <= 8799; port++) if (!taken.includes(port) && (await isPortFree(port))) return port;
  throw new Error("no free port in 8790-8799");
}

/**
 * Bundles the Worker once into the state dir and writes a config that runs that bundle: `wrangler dev`
 * would otherwise restart the Worker (and the run's Durable Object) on every change in the repository.
 */
export function bundleWorker(stateDir) {
  const outdir = path.join(stateDir, "bundle");
  const r = spawnSync(process.execPath, [pkgFile("wrangler", "bin/wrangler.js"), "deploy", "--dry-run", "--outdir", outdir, "--env", ""], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (r.status !== 0) throw new Error(`bundling failed:\n${r.stdout}\n${r.stderr}`);
  // The local (top-level) configuration only; paths made absolute for the config's new home. The static
  // assets are copied too: a build in the repository while the benchmark runs must not reload its Worker.
  const local = fs.readFileSync(path.join(ROOT, "wrangler.toml"), "utf8").split(/^\[env\./m)[0];
  const config = local
    .replace(/^main\s*=.*$/m, `main = ${JSON.stringify(path.join(outdir, "index.js"))}`)
    .replace(/^(directory\s*=\s*)"\.?\/?([^"]+)"/m, (_, key, dir) => {
      const assets = path.join(stateDir, "assets");
      fs.cpSync(path.join(ROOT, dir), assets, { recursive: true });
      return `${key}${JSON.stringify(assets)}`;
    })
    .replace(/^(migrations_dir\s*=\s*)"([^"]+)"/m, (_, key, dir) => `${key}${JSON.stringify(path.join(ROOT, dir))}`);
  const file = path.join(stateDir, "wrangler.toml");
  fs.writeFileSync(file, config);
  return file;
}

/** Starts `wrangler dev` with `config` on `port`; its output goes to `output` for error reports. `vars` override the config's. */
export function startWrangler({ port, config, persistTo, tmpDir, output, vars = {}, inspectorPort = null }) {
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const inspector = inspectorPort ? ["--inspector-port", String(inspectorPort)] : [];
  const child = spawnWrangler(
    { port, persistTo, extra: ["--show-interactive-dev-session=false", "--config", config, "--no-bundle", ...inspector, ...varArgs] },
    { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { CI: "true", TMPDIR: tmpDir } },
  );
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on("line", (l) => output.push(l));
  return child;
}

/**
 * The product on `port` over the state in `stateDir` (fresh, or kept from an earlier start with
 * `fresh: false`). Returns the child and how to start it again on the same state.
 */
export async function startProduct({ port, stateDir, output, vars = {}, fresh = true, inspectorPort = null }) {
  const persistTo = path.join(stateDir, "state");
  const tmpDir = path.join(stateDir, "tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  let config = path.join(stateDir, "wrangler.toml");
  if (fresh) {
    await applyMigrations({ persistTo });
    config = bundleWorker(stateDir);
  }
  const child = startWrangler({ port, config, persistTo, tmpDir, output, vars, inspectorPort });
  await waitForHttp(`http://127.0.0.1:${port}/api/v1/auth/me`, { child, timeoutMs: 180_000 });
  return child;
}

/** The profiler's sampling interval, in microseconds. */
const PROFILE_INTERVAL_US = 500;

/**
 * Starts V8's sampling profiler in the Worker of a `wrangler dev` started with `inspectorPort`, through
 * its DevTools endpoint (which accepts only local origins); `stop(file)` writes the .cpuprofile, which
 * Chrome DevTools and speedscope open. Samples are taken only while the Worker runs JavaScript.
 */
export async function startWorkerProfile(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  if (!targets.length) throw new Error(`no inspector target on port ${inspectorPort}`);
  const { default: WebSocket } = await import("ws");
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl, { origin: "http://127.0.0.1" });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let next = 0;
  const pending = new Map();
  ws.on("message", (data) => {
    const msg = JSON.parse(String(data));
    pending.get(msg.id)?.(msg);
    pending.delete(msg.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, (msg) => (msg.error ? reject(new Error(`${method}: ${msg.error.message}`)) : resolve(msg.result)));
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: PROFILE_INTERVAL_US });
  await send("Profiler.start");
  return {
    /** Writes the profile to `file` and returns it. */
    async stop(file) {
      const { profile } = await send("Profiler.stop");
      fs.writeFileSync(file, JSON.stringify(profile));
      ws.close();
      return profile;
    },
  };
}

/**
 * A V8 CPU profile's busy time and its heaviest functions, inclusive of what they call. A gap between
 * two samples of more than four intervals is time the Worker ran no JavaScript (it waited on I/O, or
 * was not scheduled): it counts as four intervals at most, not wholly to the function sampled after it.
 */
export function profileSummary(profile, { top = 12 } = {}) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const cap = 4 * PROFILE_INTERVAL_US;
  const inclusive = new Map();
  let busyUs = 0;
  profile.samples.forEach((id, i) => {
    const us = Math.min(profile.timeDeltas[i] ?? 0, cap);
    const name = nodes.get(id).callFrame.functionName;
    if (name === "(idle)" || name === "(program)") return;
    busyUs += us;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { functionName, lineNumber } = nodes.get(at).callFrame;
      if (!functionName || functionName.startsWith("(")) continue;
      const key = `${functionName}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  });
  const wallUs = profile.endTime - profile.startTime;
  const heaviest = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { busySeconds: busyUs / 1e6, wallSeconds: wallUs / 1e6, heaviest: heaviest.map(([fn, us]) => ({ fn, seconds: us / 1e6 })) };
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

  /** Signs up an owner, creates an organization and a Magnolia site over `origin` with `settings`; returns the site id. */
  async seedSite(origin, settings) {
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
      settings,
    });
    return created.site.id;
  }

  /** Every snapshot of a run, page by page of the API. */
  async snapshots(siteId, migrationId) {
    const out = [];
    for (let offset = 0; ; offset += 200) {
      const page = await this.call("GET", `/snapshots?siteId=${siteId}&migrationId=${migrationId}&limit=200&offset=${offset}`);
      out.push(...page.snapshots);
      if (offset + 200 >= page.total) return out;
    }
  }
}

/** Processes below `rootPid`, with their command names, from /proc. */
export function descendants(rootPid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      // utime and stime (fields 14 and 15 of /proc/PID/stat), in clock ticks of 1/100 s.
      const cpuTicks = Number(fields[11]) + Number(fields[12]);
      if (!children.has(Number(fields[1]))) children.set(Number(fields[1]), []);
      children.get(Number(fields[1])).push({ pid: Number(entry), comm, cpuTicks });
    } catch {
      // The process ended while we looked.
    }
  }
  const out = [];
  const queue = [rootPid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}

function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** What kind of process of `wrangler dev` this is, for the benchmarks' figures. */
const kindOf = (comm) => (comm === "workerd" ? "workerd" : /chrom/i.test(comm) ? "chromium" : null);

/**
 * Samples the processes under `rootPid()` every 200 ms: the peak RSS of workerd and of Chromium, and
 * the CPU seconds each spent while sampled (`cpuSeconds()`, from /proc/PID/stat; a process's CPU
 * before its first sample is not counted, so a long-lived workerd's start-up is left out).
 */
export function memorySampler(rootPid) {
  const peak = { workerdMb: 0, chromiumMb: 0 };
  const seenChromium = new Set();
  const ticks = new Map(); // pid -> { kind, first, last }
  const sample = () => {
    let workerd = 0;
    let chromium = 0;
    for (const p of descendants(rootPid())) {
      const kind = kindOf(p.comm);
      if (!kind) continue;
      const seen = ticks.get(p.pid);
      if (seen) seen.last = p.cpuTicks;
      else ticks.set(p.pid, { kind, first: p.cpuTicks, last: p.cpuTicks });
      if (kind === "workerd") workerd += rssKb(p.pid);
      else {
        chromium += rssKb(p.pid);
        seenChromium.add(p.pid);
      }
    }
    peak.workerdMb = Math.max(peak.workerdMb, workerd / 1024);
    peak.chromiumMb = Math.max(peak.chromiumMb, chromium / 1024);
  };
  sample();
  const timer = setInterval(sample, 200);
  const cpuSeconds = () => {
    const out = { workerd: 0, chromium: 0 };
    for (const t of ticks.values()) out[t.kind] += (t.last - t.first) / 100;
    return out;
  };
  return {
    peak,
    seenChromium,
    cpuSeconds,
    stop: () => {
      sample();
      clearInterval(timer);
    },
  };
}

/** Chromium processes started for this benchmark that are still alive (their profiles live under `stateDir`). */
export function leftoverBrowsers(stateDir) {
  return fs
    .readdirSync("/proc")
    .filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
        return /chrom/i.test(cmd) && cmd.includes(stateDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Reads a run's event stream to its end; returns the final event. */
export async function followRun(res, onEvent = () => {}) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let last = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("");
      if (!data) continue;
      last = JSON.parse(data);
      onEvent(last);
    }
  }
  return last;
}
