#!/usr/bin/env node
// Starts a real WordPress on loopback for the WordPress adapter's tests and the end-to-end migration test.
// Idempotent: installs Debian's packages when missing, initialises a MariaDB datadir once, (re)starts
// mariadbd and `php -S` when they are not running, installs WordPress, sets pretty permalinks, creates an
// application password and writes the connection details to a JSON file.
//
// Usage: node scripts/wordpress-setup.mjs [--json]
// Env:   WP_STATE_DIR (default .cache/wordpress), WP_HTTP_PORT (default 8089), WP_DB_PORT (default 33306)
// Output: $WP_STATE_DIR/connection.json = { restUrl, siteUrl, username, applicationPassword, ..., started }
//         (`started`: the servers this call started, [] when they were running already)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const STATE_DIR = path.resolve(process.env.WP_STATE_DIR || path.join(ROOT, ".cache", "wordpress"));
export const CONNECTION_FILE = path.join(STATE_DIR, "connection.json");
const HTTP_PORT = Number(process.env.WP_HTTP_PORT || 8089);
const DB_PORT = Number(process.env.WP_DB_PORT || 33306);
const HOST = "127.0.0.1";
const WP_ROOT = "/usr/share/wordpress";
const THEME = "twentytwentyone";
const PACKAGES = ["wordpress", `wordpress-theme-${THEME}`, "mariadb-server", "php-cli", "php-mysql"];
const ADMIN = { user: "admin", password: "admin-password-local-only", email: "admin@example.com" };

const log = (msg) => console.error(`[wordpress] ${msg}`);
const fail = (msg) => {
  console.error(`[wordpress] ERROR: ${msg}`);
  process.exit(1);
};

function ensurePackages() {
  const present = fs.existsSync("/usr/sbin/mariadbd") && fs.existsSync("/usr/bin/php") &&
    fs.existsSync(path.join(WP_ROOT, "wp-settings.php")) && fs.existsSync(path.join(WP_ROOT, "wp-content/themes", THEME)) &&
    spawnSync("php", ["-r", "exit(extension_loaded('mysqli') ? 0 : 1);"]).status === 0;
  if (present) return;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (process.getuid?.() !== 0 || !hasApt) {
    fail(`WordPress packages are missing. As root run: apt-get update && apt-get install -y --no-install-recommends ${PACKAGES.join(" ")}`);
  }
  log(`installing ${PACKAGES.join(", ")} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...PACKAGES]]) {
    const r = spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env });
    if (r.status !== 0) fail(`apt-get ${args.join(" ")} failed (exit ${r.status})`);
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    socket.once("connect", () => { socket.destroy(); resolve(true); });
    socket.once("error", () => resolve(false));
  });
}

async function waitForPort(port, what, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  fail(`${what} did not open ${HOST}:${port} within ${ms / 1000}s (see logs in ${STATE_DIR})`);
}

function pidAlive(file) {
  try {
    const pid = Number(fs.readFileSync(file, "utf8").trim());
    if (!pid) return false;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The servers this call started (by pid file name); a caller that started them may stop them again. */
const started = [];

function startDetached(cmd, args, logName, pidFile, env = process.env) {
  started.push(path.basename(pidFile, ".pid"));
  const out = fs.openSync(path.join(STATE_DIR, logName), "a");
  const child = spawn(cmd, args, { detached: true, stdio: ["ignore", out, out], env });
  child.unref();
  fs.writeFileSync(pidFile, String(child.pid));
}

async function startDatabase() {
  const datadir = path.join(STATE_DIR, "mysql");
  const asRoot = process.getuid?.() === 0 ? ["--user=root"] : [];
  if (!fs.existsSync(path.join(datadir, "mysql"))) {
    log(`initialising MariaDB datadir ${datadir}`);
    fs.mkdirSync(datadir, { recursive: true });
    const r = spawnSync("mariadb-install-db", ["--no-defaults", `--datadir=${datadir}`, "--auth-root-authentication-method=normal", "--skip-test-db", ...asRoot], { encoding: "utf8" });
    if (r.status !== 0) fail(`mariadb-install-db failed: ${r.stderr || r.stdout}`);
  }
  const pidFile = path.join(STATE_DIR, "mariadbd.pid");
  if (!(pidAlive(pidFile) && (await portOpen(DB_PORT)))) {
    if (await portOpen(DB_PORT)) fail(`port ${DB_PORT} is taken by another program; set WP_DB_PORT`);
    log(`starting mariadbd on ${HOST}:${DB_PORT}`);
    // A throw-away local database: grant tables are skipped so the test set-up needs no passwords.
    startDetached("/usr/sbin/mariadbd", [
      "--no-defaults", `--datadir=${datadir}`, `--port=${DB_PORT}`, `--bind-address=${HOST}`,
      `--socket=${path.join(STATE_DIR, "mysqld.sock")}`, "--skip-grant-tables", "--skip-networking=0", ...asRoot,
    ], "mariadb.log", pidFile);
    await waitForPort(DB_PORT, "mariadbd");
  }
}

function writeWordPressConfig() {
  const content = path.join(STATE_DIR, "wp-content");
  if (!fs.existsSync(path.join(content, "themes", THEME))) {
    fs.mkdirSync(content, { recursive: true });
    fs.cpSync(path.join(WP_ROOT, "wp-content"), content, { recursive: true, dereference: true });
    fs.mkdirSync(path.join(content, "uploads"), { recursive: true });
  }
  const siteUrl = `http://${HOST}:${HTTP_PORT}`;
  const php = `<?php
// Written by scripts/wordpress-setup.mjs: a local WordPress for tests.
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', '${HOST}:${DB_PORT}');
define('WP_CONTENT_DIR', '${content}');
define('WP_CONTENT_URL', '${siteUrl}/wp-content');
define('WP_HOME', '${siteUrl}');
define('WP_SITEURL', '${siteUrl}');
define('WP_ENVIRONMENT_TYPE', 'local');
define('FS_METHOD', 'direct');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
`;
  fs.mkdirSync("/etc/wordpress", { recursive: true });
  fs.writeFileSync(`/etc/wordpress/config-${HOST}.php`, php);
  const router = `<?php
// Sends unknown paths to WordPress, serves uploads and theme files from the writable content dir.
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
if (strpos($path, '/wp-content/') === 0) {
  $file = '${content}' . substr($path, strlen('/wp-content'));
  if (is_file($file) && substr($file, -4) !== '.php') {
    $types = ['css' => 'text/css', 'js' => 'application/javascript', 'png' => 'image/png', 'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif', 'svg' => 'image/svg+xml', 'webp' => 'image/webp', 'woff2' => 'font/woff2', 'woff' => 'font/woff'];
    $ext = strtolower(pathinfo($file, PATHINFO_EXTENSION));
    header('Content-Type: ' . ($types[$ext] ?? 'application/octet-stream'));
    readfile($file);
    return true;
  }
}
$file = '${WP_ROOT}' . $path;
if ($path !== '/' && is_file($file)) return false;
if ($path !== '/' && is_dir($file) && is_file($file . '/index.php')) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = '${WP_ROOT}/index.php';
require '${WP_ROOT}/index.php';
`;
  fs.writeFileSync(path.join(STATE_DIR, "router.php"), router);
  return siteUrl;
}

function runPhp(code, extraEnv = {}) {
  const file = path.join(STATE_DIR, "task.php");
  fs.writeFileSync(file, code);
  const r = spawnSync("php", [file], { encoding: "utf8", cwd: WP_ROOT, env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) fail(`php task failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

function installWordPress(keepPassword) {
  runPhp(`<?php
$db = new mysqli('${HOST}', 'root', '', '', ${DB_PORT});
if ($db->connect_errno) { fwrite(STDERR, $db->connect_error); exit(1); }
$db->query('CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
`);
  const out = runPhp(`<?php
$_SERVER['HTTP_HOST'] = '${HOST}';
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require '${WP_ROOT}/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
if (!is_blog_installed()) {
  wp_install('Migration target', '${ADMIN.user}', '${ADMIN.email}', true, '', '${ADMIN.password}');
}
update_option('permalink_structure', '/%postname%/');
update_option('uploads_use_yearmonth_folders', 0);
switch_theme('${THEME}');
flush_rewrite_rules(true);
$user = get_user_by('login', '${ADMIN.user}');
if (getenv('WP_KEEP_PASSWORD')) { echo json_encode(['userId' => $user->ID, 'applicationPassword' => null]); exit(0); }
foreach (WP_Application_Passwords::get_user_application_passwords($user->ID) as $item) {
  if ($item['name'] === 'cms-migrate') WP_Application_Passwords::delete_application_password($user->ID, $item['uuid']);
}
$created = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => 'cms-migrate']);
if (is_wp_error($created)) { fwrite(STDERR, $created->get_error_message()); exit(1); }
echo json_encode(['userId' => $user->ID, 'applicationPassword' => $created[0]]);
`, keepPassword ? { WP_KEEP_PASSWORD: "1" } : {});
  return JSON.parse(out.trim().split("\n").pop());
}

async function startPhpServer() {
  const pidFile = path.join(STATE_DIR, "php.pid");
  if (pidAlive(pidFile) && (await portOpen(HTTP_PORT))) return;
  if (await portOpen(HTTP_PORT)) fail(`port ${HTTP_PORT} is taken by another program; set WP_HTTP_PORT`);
  log(`starting php -S on ${HOST}:${HTTP_PORT}`);
  startDetached("php", [
    "-d", "upload_max_filesize=64M", "-d", "post_max_size=64M", "-d", "memory_limit=256M",
    "-S", `${HOST}:${HTTP_PORT}`, "-t", WP_ROOT, path.join(STATE_DIR, "router.php"),
  ], "php.log", pidFile, { ...process.env, PHP_CLI_SERVER_WORKERS: "4" });
  await waitForPort(HTTP_PORT, "php -S");
}

async function authorised(connection) {
  const auth = "Basic " + Buffer.from(`${connection.username}:${connection.applicationPassword}`).toString("base64");
  try {
    const res = await fetch(`${connection.restUrl}/wp/v2/users/me?context=edit`, { headers: { Authorization: auth } });
    return { ok: res.status === 200, detail: `${res.status} ${await res.text()}` };
  } catch (err) {
    return { ok: false, detail: String(err) };
  }
}

/** The application password of an earlier set-up, when it still works: concurrent users keep theirs valid. */
async function previousPassword(restUrl) {
  try {
    const previous = JSON.parse(fs.readFileSync(CONNECTION_FILE, "utf8"));
    if (previous.restUrl !== restUrl || !previous.applicationPassword) return null;
    return (await authorised(previous)).ok ? previous.applicationPassword : null;
  } catch {
    return null;
  }
}

async function main() {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  ensurePackages();
  await startDatabase();
  const siteUrl = writeWordPressConfig();
  await startPhpServer();
  const kept = await previousPassword(`${siteUrl}/wp-json`);
  const installed = installWordPress(!!kept);
  const applicationPassword = kept ?? installed.applicationPassword;
  const userId = installed.userId;
  const connection = {
    restUrl: `${siteUrl}/wp-json`,
    siteUrl,
    username: ADMIN.user,
    userId,
    applicationPassword,
    adminPassword: ADMIN.password,
    dbPort: DB_PORT,
    httpPort: HTTP_PORT,
    stateDir: STATE_DIR,
    started,
  };
  const check = await authorised(connection);
  if (!check.ok) fail(`REST check failed: GET users/me answered ${check.detail}`);
  fs.writeFileSync(CONNECTION_FILE, JSON.stringify(connection, null, 2));
  log(`ready at ${siteUrl} (connection details in ${CONNECTION_FILE})`);
  if (process.argv.includes("--json")) console.log(JSON.stringify(connection));
}

await main();
