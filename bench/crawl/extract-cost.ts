/**
 * What extraction costs per real page, for bench:crawl --real --profile: runs the product's extraction
 * (workers/crawl/extract.ts, as the run calls it) over the same corpus pages the benchmark serves, in
 * Node, after one warm-up pass; each page's time is the median of `reps` passes. Also times the HTML
 * parse alone (linkedom), the first step of extraction. When the benchmark's product and bare
 * per-page medians are given, prints extraction's share of them.
 * Usage (bundled by run.mjs): extract-cost.mjs --files LIST.json [--reps 3] [--product-median S] [--bare-median S]
 * Alone: tsx bench/crawl/extract-cost.ts --files LIST.json (a JSON list of corpus HTML files).
 */
import fs from "node:fs";
import { parseHTML } from "linkedom";
import { extractPageWithNotes } from "../../workers/crawl/extract";
import { readHtml } from "../quality/corpus";

/** The component definitions the benchmark's site is configured with (run.mjs via bench/lib/product.mjs). */
const COMPONENTS = {
  hero: { name: "Hero", selector: ".hero", fields: [] },
  card: { name: "Card", selector: ".cards .card", fields: [] },
  richText: { name: "Rich text", selector: ".rich-text", fields: [] },
};

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

function time(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

const files = JSON.parse(fs.readFileSync(arg("--files") ?? "", "utf8")) as string[];
const reps = Number(arg("--reps") ?? 3);
const pages = files.map((file, i) => ({ file, url: `http://127.0.0.1:8080/real/${i}`, html: readHtml(file) }));

const extract = (p: (typeof pages)[number]) => extractPageWithNotes(p.html, p.url, COMPONENTS, { host: "127.0.0.1:8080" });
for (const p of pages) extract(p); // warm-up
// CPU of the process over one pass of every page: the garbage collector's threads included, which
// wall-clock medians of single calls miss.
const cpuBefore = process.cpuUsage();
for (const p of pages) extract(p);
const cpu = process.cpuUsage(cpuBefore);
const cpuPerPageMs = (cpu.user + cpu.system) / 1000 / pages.length;
const rows = pages.map((p) => ({
  kb: p.html.length / 1024,
  extractMs: median(Array.from({ length: reps }, () => time(() => extract(p)))),
  parseMs: median(Array.from({ length: reps }, () => time(() => parseHTML(p.html)))),
}));

const sorted = (key: "kb" | "extractMs" | "parseMs") => rows.map((r) => r[key]).sort((a, b) => a - b);
const [kb, ex, parse] = [sorted("kb"), sorted("extractMs"), sorted("parseMs")];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
console.log(`\nExtraction cost in Node over ${rows.length} corpus pages (saved HTML as served; median of ${reps} passes after a warm-up):`);
console.table([
  { what: "HTML size KB", median: percentile(kb, 50).toFixed(0), p95: percentile(kb, 95).toFixed(0), max: kb.at(-1)!.toFixed(0) },
  { what: "extractPageWithNotes ms", median: percentile(ex, 50).toFixed(1), p95: percentile(ex, 95).toFixed(1), max: ex.at(-1)!.toFixed(1) },
  { what: "  of which parseHTML ms", median: percentile(parse, 50).toFixed(1), p95: percentile(parse, 95).toFixed(1), max: parse.at(-1)!.toFixed(1) },
]);
console.log(`total extraction CPU for the ${rows.length} pages: ${(sum(ex) / 1000).toFixed(1)} s (parse ${(sum(parse) / 1000).toFixed(1)} s)`);
console.log(`process CPU per page over one pass (garbage collection included): ${cpuPerPageMs.toFixed(1)} ms`);
const slowest = [...rows.entries()].sort((a, b) => b[1].extractMs - a[1].extractMs).slice(0, 3);
console.log(`slowest: ${slowest.map(([i, r]) => `/real/${i} ${r.extractMs.toFixed(0)} ms (${r.kb.toFixed(0)} KB)`).join(", ")}`);

const productMedian = Number(arg("--product-median"));
const bareMedian = Number(arg("--bare-median"));
if (productMedian > 0 && bareMedian > 0) {
  const exS = percentile(ex, 50) / 1000;
  const gap = productMedian - bareMedian;
  console.log(
    `median page: product ${productMedian.toFixed(2)} s, bare loop ${bareMedian.toFixed(2)} s, gap ${gap.toFixed(2)} s; ` +
      `extraction ${exS.toFixed(3)} s = ${((100 * exS) / productMedian).toFixed(1)} % of the product's page, ${gap > 0 ? ((100 * exS) / gap).toFixed(1) : "n/a"} % of the gap`,
  );
}
