#!/usr/bin/env node
// Bundles bench/quality/import.ts with esbuild and runs it: builds test/fixtures/real from evaluation data.
// Usage: npm run corpus:import -- --from DIR [--to test/fixtures/real] [--pages 360]
import { bundleAndRun } from "../bundle.mjs";

await bundleAndRun("corpus-import", "bench/quality/import.ts", process.argv.slice(2));
