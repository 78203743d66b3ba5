#!/usr/bin/env node
// Bundles bench/mapping/evaluate.ts with esbuild (the product code as is, TypeScript and all) and runs it.
// Usage: npm run bench:mapping [-- --fit | --errors]
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const outDir = path.join(root, "node_modules/.cache/bench-mapping");
fs.mkdirSync(outDir, { recursive: true });
const outfile = path.join(outDir, "evaluate.mjs");

async function bundleAndRun(args) {
  await build({
    entryPoints: [path.join(root, "bench/mapping/evaluate.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    logLevel: "warning",
  });
  const r = spawnSync(process.execPath, [outfile, ...args], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const args = process.argv.slice(2);
await bundleAndRun(args);
// After fitting, evaluate with the new weights (they are compiled into the bundle).
if (args.includes("--fit")) await bundleAndRun(args.filter((a) => a !== "--fit"));
