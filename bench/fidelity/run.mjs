#!/usr/bin/env node
// Fidelity benchmark: see bench/fidelity/fidelity.ts. Usage: npm run bench:fidelity [-- --pages 12] [--real 20] [--corpus DIR]
import { bundleAndRun } from "../bundle.mjs";

await bundleAndRun("bench-fidelity", "bench/fidelity/fidelity.ts", process.argv.slice(2));
