// Bundles a benchmark's TypeScript entry with esbuild (the product code as is) and runs it with Node.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Bundles `entry` (relative to the project root) into node_modules/.cache/<name> and runs it with `args`; exits on failure. */
export async function bundleAndRun(name, entry, args) {
  const outDir = path.join(root, "node_modules/.cache", name);
  fs.mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, "main.mjs");
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    logLevel: "warning",
    // The project's own .mjs scripts (the product launcher, fixture servers) run from their files: they
    // locate the repository from their own URL, and some start themselves when run directly.
    plugins: [
      {
        name: "project-mjs-external",
        setup(b) {
          b.onResolve({ filter: /\.mjs$/ }, (args) => (args.path.startsWith(".") ? { path: path.resolve(args.resolveDir, args.path), external: true } : undefined));
        },
      },
    ],
  });
  const r = spawnSync(process.execPath, [outfile, ...args], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
