#!/usr/bin/env node
// Prepares a machine to run the product locally: Node check, Chromium for the Browser Rendering
// binding, local D1 migrations and (with --seed) demo data.
// Usage: node scripts/setup.mjs [--seed] [--persist-to DIR]
import { spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_FLAGS =
  "--no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
export const DEMO_ACCOUNTS = [
  { email: "admin@demo.test", password: "DemoAdmin!2026", note: "global ADMIN" },
  { email: "owner@demo.test", password: "DemoOwner!2026", note: 'OWNER of "Demo Organization"' },
];

const require = createRequire(path.join(ROOT, "package.json"));
const log = (msg) => console.log(`[setup] ${msg}`);
const fail = (msg) => {
  console.error(`[setup] ERROR: ${msg}`);
  process.exit(1);
};

/** A file inside an installed package (its "exports" may hide it from require.resolve). */
export function pkgFile(name, file, from = require) {
  let dir;
  try {
    dir = path.dirname(from.resolve(`${name}/package.json`));
  } catch {
    dir = path.join(ROOT, "node_modules", name);
  }
  return path.join(dir, file);
}

export function checkNode() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 22) {
    fail(
      `Node ${process.versions.node} found, Node >= 22 is required. ` +
        "`npm run <script>` uses node_modules/.bin/node from the `node` devDependency: run `npm install` first, then use `npm run ...`.",
    );
  }
}

export function ensureChromium() {
  if (process.platform !== "linux") {
    log(`not Linux: skipping Debian Chromium (wrangler downloads its own browser here)`);
    return false;
  }
  if (fs.existsSync(CHROMIUM)) return true;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (process.getuid?.() !== 0 || !hasApt) {
    fail(
      `${CHROMIUM} is missing. Install Debian's Chromium as root (apt-get update && apt-get install -y chromium), then run this again.`,
    );
  }
  log("installing Debian chromium with apt-get (needed by the Browser Rendering binding and the e2e tests)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "chromium"]]) {
    const r = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (r.status !== 0) fail(`apt-get ${args.join(" ")} failed (exit ${r.status})`);
  }
  if (!fs.existsSync(CHROMIUM)) fail(`apt-get finished but ${CHROMIUM} is still missing`);
  return true;
}

/**
 * The Chrome versions the local Browser Rendering binding will ask for: the one @cloudflare/puppeteer
 * declares, plus the constant each installed miniflare actually launches (they normally agree).
 */
export function chromeVersions() {
  const revisions = fs.readFileSync(
    pkgFile("@cloudflare/puppeteer", "lib/esm/puppeteer/revisions.js"),
    "utf8",
  );
  const fromPuppeteer = revisions.match(/\bchrome:\s*['"]([^'"]+)['"]/)?.[1];
  if (!fromPuppeteer) fail("could not read PUPPETEER_REVISIONS.chrome from @cloudflare/puppeteer");
  const versions = new Set([fromPuppeteer]);
  for (const from of ["wrangler", "@cloudflare/vitest-plugin"]) {
    let source;
    try {
      source = fs.readFileSync(pkgFile("miniflare", "dist/src/index.js", createRequire(pkgFile(from, "package.json"))), "utf8");
    } catch {
      continue;
    }
    // Miniflare installs into getInstallDir(<cache>/.wrangler, "chrome", platform, buildId) and runs
    // "chrome-linux64/chrome" inside it; warn if a future release changes that layout.
    if (!source.includes('join("chrome-linux64", "chrome")') || !source.includes('xdgAppPaths(".wrangler").cache()')) {
      log(`warning: miniflare (via ${from}) may no longer look for <cache>/.wrangler/chrome/<platform>-<version>/chrome-linux64/chrome; check scripts/setup.mjs`);
    }
    const v = source.match(/\bBROWSER_VERSION = "([^"]+)"/)?.[1];
    if (v && !versions.has(v)) {
      log(`note: miniflare (via ${from}) launches Chrome ${v}, @cloudflare/puppeteer declares ${fromPuppeteer}; installing both`);
      versions.add(v);
    }
  }
  return [...versions];
}

/**
 * Miniflare would download Chrome for Testing (no network is assumed), so put a wrapper around Debian
 * Chromium where it looks for it. It runs the file when the folder and file exist; the marker file
 * tells it this folder has launched before, so a failed launch does not make it delete the folder.
 */
export function ensureBrowserWrapper() {
  if (!ensureChromium()) return;
  const check = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" });
  if (check.status !== 0) fail(`${CHROMIUM} --version failed: ${check.stderr || check.error}`);
  const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  const platformDir = os.arch() === "arm64" ? "linux_arm" : "linux";
  const script = `#!/bin/sh\nexec ${CHROMIUM} ${CHROMIUM_FLAGS} "$@"\n`;
  for (const version of chromeVersions()) {
    const installDir = path.join(cacheRoot, ".wrangler", "chrome", `${platformDir}-${version}`);
    const exe = path.join(installDir, "chrome-linux64", "chrome");
    const current = fs.existsSync(exe) ? fs.readFileSync(exe, "utf8") : null;
    if (current !== script) {
      fs.mkdirSync(path.dirname(exe), { recursive: true });
      fs.writeFileSync(exe, script);
      log(`browser wrapper written: ${exe}`);
    } else {
      log(`browser wrapper ok: ${exe} (Chrome ${version} -> ${check.stdout.trim()})`);
    }
    fs.chmodSync(exe, 0o755);
    const marker = path.join(installDir, ".miniflare-install-complete");
    if (!fs.existsSync(marker)) fs.writeFileSync(marker, "");
  }
}

export function wranglerEnv(extra = {}) {
  return { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", ...extra };
}

/** Runs a wrangler command quietly; prints its output only when it fails. */
export function runWrangler(args, what) {
  const r = spawnSync(process.execPath, [pkgFile("wrangler", "bin/wrangler.js"), ...args], {
    cwd: ROOT,
    env: wranglerEnv(),
    encoding: "utf8",
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    throw new Error(`${what} failed: wrangler ${args.join(" ")} (exit ${r.status})`);
  }
  return r.stdout;
}

const persistArgs = (persistTo) => (persistTo ? ["--persist-to", persistTo] : []);
const where = (persistTo) => (persistTo ? `local D1 in ${persistTo}` : "local D1");

export async function applyMigrations({ persistTo } = {}) {
  const out = runWrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], "D1 migrations");
  const applied = [...new Set([...out.matchAll(/(\S+\.sql)\s*│\s*✅/g)].map((m) => m[1]))];
  log(applied.length ? `migrations applied to ${where(persistTo)}: ${applied.join(", ")}` : `${where(persistTo)} is up to date`);
}

/** The stored password format of workers/lib/crypto.ts. */
export function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${hash.toString("base64")}`;
}

const q = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);

/** Where `npm start` serves the local demo source website that the demo project migrates. */
export const DEMO_SOURCE = { host: "127.0.0.1", port: 8788, pages: 40 };

/** Definitions the demo source website's pages use, so a migration can start right away. */
const DEMO_COMPONENTS = {
  hero: { name: "Hero", targetId: "", selector: ".hero", exampleUrls: [], fields: [
    { name: "title", type: "text", required: true, description: "Main heading" },
    { name: "lead", type: "text", required: false, description: "Intro text" },
    { name: "image", type: "image", required: false, description: "" },
    { name: "cta", type: "link", required: false, description: "Call to action" },
  ] },
  card: { name: "Card", targetId: "", selector: ".card", exampleUrls: [], fields: [
    { name: "title", type: "text", required: true, description: "" },
    { name: "text", type: "richtext", required: false, description: "" },
    { name: "image", type: "image", required: false, description: "" },
    { name: "link", type: "link", required: false, description: "" },
  ] },
};
const DEMO_TEMPLATES = { page: { name: "Page", targetId: "", urlPattern: "/*", selector: "", areas: ["main"], fields: [] } };

export function seedSql(now = Date.now()) {
  const [admin, owner] = DEMO_ACCOUNTS;
  const platformConfig = JSON.stringify({
    authorUrl: "http://localhost:8080/magnoliaAuthor",
    authorUsername: "superuser",
    assetProcessingMode: "dam",
    siteRootPath: "/demo",
  });
  // OR IGNORE keeps whatever exists (including changed passwords); memberships look users up by
  // email so a demo address registered by hand still gets its organization.
  return `
INSERT OR IGNORE INTO users (id, email, password_hash, first_name, last_name, role, created_at)
  VALUES ('demo-user-admin', ${q(admin.email)}, ${q(hashPassword(admin.password))}, 'Ada', 'Admin', 'ADMIN', ${now});
INSERT OR IGNORE INTO users (id, email, password_hash, first_name, last_name, role, created_at)
  VALUES ('demo-user-owner', ${q(owner.email)}, ${q(hashPassword(owner.password))}, 'Olivia', 'Owner', 'USER', ${now});
-- The demo accounts' addresses count as verified, so they can answer invitations.
UPDATE users SET email_verified_at = ${now} WHERE email IN (${q(admin.email)}, ${q(owner.email)}) AND email_verified_at IS NULL;
INSERT OR IGNORE INTO organizations (id, name, created_at) VALUES ('demo-org', 'Demo Organization', ${now});
INSERT OR IGNORE INTO memberships (id, organization_id, user_id, role, created_at)
  SELECT 'demo-membership-owner', 'demo-org', id, 'OWNER', ${now} FROM users WHERE email = ${q(owner.email)};
UPDATE users SET last_active_organization_id = 'demo-org'
  WHERE email = ${q(owner.email)}
    AND (last_active_organization_id IS NULL OR last_active_organization_id NOT IN (SELECT id FROM organizations));
INSERT OR IGNORE INTO sites (id, organization_id, name, domain, created_at)
  VALUES ('demo-site', 'demo-org', 'Demo Site', 'demo.example.com', ${now});
INSERT OR IGNORE INTO site_configs (id, site_id, organization_id, platform, platform_config, components, templates, settings, updated_at)
  SELECT 'demo-site-config', 'demo-site', 'demo-org', 'magnolia', ${q(platformConfig)}, '{}', '{}', '{}', ${now}
  WHERE EXISTS (SELECT 1 FROM sites WHERE id = 'demo-site' AND organization_id = 'demo-org');
INSERT OR IGNORE INTO sites (id, organization_id, name, domain, created_at)
  VALUES ('demo-source', 'demo-org', 'Demo Source Website', ${q(`${DEMO_SOURCE.host}:${DEMO_SOURCE.port}`)}, ${now});
INSERT OR IGNORE INTO site_configs (id, site_id, organization_id, platform, platform_config, components, templates, settings, updated_at)
  SELECT 'demo-source-config', 'demo-source', 'demo-org', 'drupal', '{}', ${q(JSON.stringify(DEMO_COMPONENTS))}, ${q(JSON.stringify(DEMO_TEMPLATES))},
    ${q(JSON.stringify({ sitemapUrl: `http://${DEMO_SOURCE.host}:${DEMO_SOURCE.port}/sitemap.xml`, concurrency: 4 }))}, ${now}
  WHERE EXISTS (SELECT 1 FROM sites WHERE id = 'demo-source' AND organization_id = 'demo-org');
`;
}

export async function seed({ persistTo } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-migrate-seed-"));
  const file = path.join(dir, "seed.sql");
  try {
    fs.writeFileSync(file, seedSql());
    runWrangler(["d1", "execute", "DB", "--local", "--yes", "--file", file, ...persistArgs(persistTo)], "Seeding");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  log(`demo data present in ${where(persistTo)}`);
}

export function demoAccountLines() {
  return DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(17)} password ${a.password.padEnd(16)} ${a.note}`);
}

export function printDemoAccounts(prefix = "[setup]") {
  console.log(`${prefix} Demo accounts (local database only):`);
  for (const line of demoAccountLines()) console.log(`${prefix} ${line}`);
}

function parseArgs(argv) {
  const opts = { seed: false, persistTo: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--seed") opts.seed = true;
    else if (a === "--persist-to") opts.persistTo = argv[++i];
    else if (a.startsWith("--persist-to=")) opts.persistTo = a.slice("--persist-to=".length);
    else fail(`unknown argument ${a} (usage: setup.mjs [--seed] [--persist-to DIR])`);
  }
  if (opts.persistTo !== undefined && !opts.persistTo) fail("--persist-to needs a directory");
  if (opts.persistTo) opts.persistTo = path.resolve(opts.persistTo);
  return opts;
}

export async function main(argv = process.argv.slice(2)) {
  checkNode();
  const opts = parseArgs(argv);
  ensureBrowserWrapper();
  await applyMigrations(opts);
  if (opts.seed) {
    await seed(opts);
    printDemoAccounts();
  }
}

const invokedDirectly = process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((err) => fail(err.message));
}
