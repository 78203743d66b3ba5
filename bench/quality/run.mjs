#!/usr/bin/env node
// Bundles bench/quality/evaluate.ts with esbuild (the product code as is) and runs it.
// Usage: npm run bench:quality [-- --corpus DIR] [--split train|dev|held-out] [--errors]
import { bundleAndRun } from "../bundle.mjs";

await bundleAndRun("bench-quality", "bench/quality/evaluate.ts", process.argv.slice(2));
