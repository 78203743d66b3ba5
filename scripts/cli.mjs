#!/usr/bin/env node
// `npm run cli -- <extract|map> ...`: bundles scripts/cli-entry.ts together with the product code it
// imports (workers/crawl, workers/mapping: the exact modules the Worker runs) and runs it with this Node.
// Node's own type stripping cannot load the product code (extensionless imports), so esbuild bundles it.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "node_modules/.cache/cli");
fs.mkdirSync(outDir, { recursive: true });
const outfile = path.join(outDir, "cli.mjs");

await build({
  entryPoints: [path.join(root, "scripts/cli-entry.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  logLevel: "error",
});
// Paths on the command line are relative to where the user ran `npm run`, not to the bundle.
const cwd = process.env.INIT_CWD || process.cwd();
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { cwd, stdio: "inherit" });
process.exit(r.status ?? 1);
