#!/usr/bin/env node
// Stops the local WordPress started by scripts/wordpress-setup.mjs (only the processes it recorded).
// Usage: node scripts/wordpress-stop.mjs [--purge]   (--purge also deletes the state directory)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STATE_DIR = path.resolve(process.env.WP_STATE_DIR || path.join(ROOT, ".cache", "wordpress"));

async function stop(name) {
  const file = path.join(STATE_DIR, `${name}.pid`);
  if (!fs.existsSync(file)) return;
  const pid = Number(fs.readFileSync(file, "utf8").trim());
  fs.rmSync(file, { force: true });
  if (!pid) return;
  // The set-up starts each server as the leader of its own process group (php -S forks workers into it),
  // so the whole group is signalled.
  const signal = (sig) => {
    try {
      process.kill(-pid, sig);
      return true;
    } catch {
      try {
        process.kill(pid, sig);
        return true;
      } catch {
        return false;
      }
    }
  };
  if (!signal("SIGTERM")) return;
  for (let i = 0; i < 50; i++) {
    if (!signal(0)) {
      console.error(`[wordpress] stopped ${name} (${pid})`);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  signal("SIGKILL");
  console.error(`[wordpress] killed ${name} (${pid})`);
}

await stop("php");
await stop("mariadbd");
if (process.argv.includes("--purge")) fs.rmSync(STATE_DIR, { recursive: true, force: true });
