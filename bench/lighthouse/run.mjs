#!/usr/bin/env node
// Lighthouse (the npm package) in Debian Chromium against /, /news and /docs of the product served by
// `wrangler dev` (a frozen bundle on a fresh local state, as the other benchmarks run it). Prints the
// performance, accessibility, best-practices and SEO scores for mobile and desktop; the target is 95 each.
// Usage: npm run bench:lighthouse [-- --paths /,/news,/docs] [--save DIR]
// --save DIR also writes each full Lighthouse report as JSON into DIR (mobile-news.json, desktop-root.json …).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM, checkNode } from "../../scripts/setup.mjs";
import { benchPort, ensureBuild, startProduct, stopWrangler } from "../lib/product.mjs";

const log = (m) => console.log(`[bench:lighthouse] ${m}`);
const TARGET = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const PATHS = arg("paths", "/,/news,/docs").split(",");
const SAVE = arg("save", "");

async function main() {
  checkNode();
  ensureBuild(log);
  const port = await benchPort();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  const output = [];
  let wrangler;
  let chrome;
  const rows = [];
  try {
    log(`starting the product on http://127.0.0.1:${port}`);
    wrangler = await startProduct({ port, stateDir, output });
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    for (const formFactor of ["mobile", "desktop"]) {
      for (const p of PATHS) {
        const url = `http://127.0.0.1:${port}${p}`;
        // A first visit warms the Worker and the edge cache, as a page that others have visited is.
        await fetch(url).then((r) => r.arrayBuffer());
        const audit = () => lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES }, formFactor === "desktop" ? desktopConfig : undefined);
        let lhr = (await audit()).lhr;
        // Lighthouse itself asks to be run again when its trace failed (NO_NAVSTART, NO_FCP): once.
        if (lhr.runtimeError) {
          log(`${formFactor} ${p}: ${lhr.runtimeError.code}, running it again`);
          lhr = (await audit()).lhr;
        }
        if (lhr.runtimeError) throw new Error(`${formFactor} ${p}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (SAVE) {
          fs.mkdirSync(SAVE, { recursive: true });
          const name = p.replace(/^\/+|\/+$/g, "").replace(/[^a-zA-Z0-9]+/g, "-") || "root";
          fs.writeFileSync(path.join(SAVE, `${formFactor}-${name}.json`), JSON.stringify(lhr, null, 1));
        }
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
        const failing = CATEGORIES.flatMap((c) =>
          (lhr.categories[c]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
            .map((ref) => `${c}/${ref.id} ${lhr.audits[ref.id].score}`),
        );
        const weight = Math.round((lhr.audits["total-byte-weight"]?.numericValue ?? 0) / 1024);
        const lcpNode = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "";
        rows.push({ formFactor, path: p, ...scores, lcp: lhr.audits["largest-contentful-paint"]?.displayValue ?? "", weight, lcpNode, failing });
        log(`${formFactor} ${p} done`);
      }
    }
  } finally {
    if (chrome) await chrome.kill();
    if (wrangler) await stopWrangler(wrangler);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }

  console.log("");
  console.log(`Lighthouse ${JSON.parse(fs.readFileSync(new URL("../../node_modules/lighthouse/package.json", import.meta.url))).version}, Chromium ${CHROMIUM}, wrangler dev on loopback; target ≥ ${TARGET}`);
  console.log(["form factor", "path", ...CATEGORIES, "LCP", "KiB"].map((h) => h.padEnd(15)).join(""));
  for (const r of rows) console.log([r.formFactor, r.path, ...CATEGORIES.map((c) => String(r[c])), r.lcp, r.weight].map((v) => String(v).padEnd(15)).join(""));
  const below = rows.flatMap((r) => CATEGORIES.filter((c) => r[c] < TARGET).map((c) => `${r.formFactor} ${r.path} ${c} ${r[c]}`));
  console.log("");
  console.log(below.length ? `Below ${TARGET}: ${below.join("; ")}` : `Every score is at least ${TARGET}.`);
  for (const r of rows) if (r.failing.length) console.log(`  audits not passed (${r.formFactor} ${r.path}): ${r.failing.join(", ")}; LCP element ${r.lcpNode.slice(0, 80)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
