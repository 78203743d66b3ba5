#!/usr/bin/env node
// Bundles bench/enrich/evaluate.ts with esbuild (the product code as is) and runs it.
// Usage: npm run bench:enrich [-- --held-out] [--errors]
import { bundleAndRun } from "../bundle.mjs";

await bundleAndRun("bench-enrich", "bench/enrich/evaluate.ts", process.argv.slice(2));
