#!/usr/bin/env node
// Bundles bench/mapping/evaluate.ts with esbuild (the product code as is, TypeScript and all) and runs it.
// Usage: npm run bench:mapping [-- --fit | --errors | --units]
import { bundleAndRun } from "../bundle.mjs";

const args = process.argv.slice(2);
await bundleAndRun("bench-mapping", "bench/mapping/evaluate.ts", args);
// After fitting, evaluate with the new weights (they are compiled into the bundle).
if (args.includes("--fit")) await bundleAndRun("bench-mapping", "bench/mapping/evaluate.ts", args.filter((a) => a !== "--fit"));
