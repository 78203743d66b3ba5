#!/usr/bin/env node
// Bundles bench/quality/label-text.ts with esbuild and runs it: main-content truth written by reading each page.
// Usage: npm run corpus:text -- dump|build|agree (see bench/quality/label-text.ts)
import { bundleAndRun } from "../bundle.mjs";

await bundleAndRun("corpus-text", "bench/quality/label-text.ts", process.argv.slice(2));
