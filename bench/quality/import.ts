/**
 * Builds the project's real-page corpus (test/fixtures/real) from the evaluation data of an open-source
 * content-extraction project: `evaldata.json` beside `eval/` and `cache/`, as trafilatura publishes it
 * (github.com/adbar/trafilatura, tests/, Apache-2.0).
 *
 *   npm run corpus:import -- --from DIR [--to test/fixtures/real] [--pages 360]
 *   npm run corpus:import -- --from DIR --add-batch 2 --split held-out [--pages 120] [--snippets-only-too]
 *
 * `--add-batch N` keeps the pages already imported and appends, marked `"batch": N`, pages that are not
 * yet in the manifest, of the given split only (in the same hash order), so a split can grow with pages
 * that no run of the product has seen. Pages without a batch are batch 1. A rebuild without `--add-batch`
 * writes batch 1 alone: add the later batches again after it, or field-labels.json names missing pages.
 *
 * Takes only pages whose fields a person read off the page (title, author, date); `--snippets-only-too`
 * also takes pages that carry main-content snippets alone (their fields are unknown, and bench:quality
 * scores only their main content). Pages are chosen by a hash of their URL, so the choice is the same on
 * every machine, and keep the split of corpus.ts (by host).
 * Each page is saved as UTF-8 with its charset declaration rewritten to match, and without what no
 * extraction reads: the bodies of scripts (JSON-LD kept), style sheets and inline base64
 * data. The manifest records each page's URL, source, licence, snippets and fields.
 */
import fs from "node:fs";
import path from "node:path";
import { parseHTML } from "linkedom";
import { fnv1a, readHtml, siteOf, splitOf, SPLITS, str } from "./corpus";

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const from = option("--from");
if (!from) {
  console.error("usage: npm run corpus:import -- --from DIR [--to test/fixtures/real] [--pages 360]");
  process.exit(2);
}
const to = option("--to") ?? "test/fixtures/real";
const wanted = Number(option("--pages") ?? 360);
const addBatch = option("--add-batch") === undefined ? undefined : Number(option("--add-batch"));
const onlySplit = option("--split");
const snippetsOnlyToo = argv.includes("--snippets-only-too");
if (addBatch !== undefined && (!Number.isInteger(addBatch) || addBatch < 2 || !SPLITS.includes(onlySplit as (typeof SPLITS)[number]))) {
  console.error(`--add-batch takes a batch number from 2 and --split ${SPLITS.join("|")}`);
  process.exit(2);
}

const SOURCE = "trafilatura evaluation data (github.com/adbar/trafilatura, tests/evaldata.json and tests/eval)";
const LICENCE = "Apache-2.0 (the evaluation data as published); each page remains its publisher's";

/** What no extraction reads, taken out; the charset declared as the UTF-8 the file is written in. */
export function slim(html: string): string {
  // Parsed, not matched with patterns: a script tag inside a comment or a string must not swallow the page.
  const { document } = parseHTML(html);
  if (!document.documentElement) return html;
  for (const el of Array.from(document.querySelectorAll("script, style"))) {
    if (!/ld\+json/i.test(el.getAttribute("type") ?? "")) el.textContent = "";
  }
  for (const el of Array.from(document.querySelectorAll("[src^='data:'], [href^='data:']"))) {
    for (const attr of ["src", "href"]) if (el.getAttribute(attr)?.startsWith("data:")) el.setAttribute(attr, el.getAttribute(attr)!.replace(/,.*$/s, ","));
  }
  return document
    .toString()
    .replace(/(<meta[^>]+charset=["']?\s*)[\w-]+/i, "$1utf-8")
    .replace(/[ \t]*\n\s*/g, "\n");
}

const data = JSON.parse(fs.readFileSync(path.join(from, "evaldata.json"), "utf8")) as Record<string, Record<string, unknown>>;
const manifestFile = path.join(to, "manifest.json");
const existing: Array<{ url: string; site: string; file: string; split: string; [key: string]: unknown }> = addBatch !== undefined ? JSON.parse(fs.readFileSync(manifestFile, "utf8")).pages : [];
const known = new Set(existing.map((p) => String(p.url)));
const candidates = Object.entries(data)
  .filter(([, item]) => "title" in item || (snippetsOnlyToo && Array.isArray(item.with) && item.with.length > 0))
  .filter(([url]) => !known.has(url) && (onlySplit === undefined || splitOf(siteOf(url)) === onlySplit))
  .map(([url, item]) => ({ url, item, file: ["eval", "cache"].map((d) => path.join(from, d, String(item.file))).find((f) => fs.existsSync(f)) }))
  .filter((c): c is typeof c & { file: string } => Boolean(c.file))
  .sort((a, b) => fnv1a(a.url) - fnv1a(b.url) || a.url.localeCompare(b.url))
  .slice(0, wanted);

if (addBatch === undefined) fs.rmSync(path.join(to, "pages"), { recursive: true, force: true });
fs.mkdirSync(path.join(to, "pages"), { recursive: true });
const added = candidates
  .sort((a, b) => a.url.localeCompare(b.url))
  .map(({ url, item, file }) => {
    const name = String(item.file).replace(/[^\w.-]+/g, "_");
    if (addBatch !== undefined && fs.existsSync(path.join(to, "pages", name))) throw new Error(`${name} is already in ${to}/pages`);
    fs.writeFileSync(path.join(to, "pages", name), slim(readHtml(file)));
    const site = siteOf(url);
    const fields: Record<string, string> = {};
    for (const [key, field] of [["title", "title"], ["author", "author"], ["date", "datePublished"], ["sitename", "siteName"]] as const) {
      const v = str(item[key]);
      if (v !== undefined) fields[field] = v;
    }
    const pageLicence = str(item.license);
    return {
      id: name.replace(/\.html?$/, ""),
      url,
      site,
      split: splitOf(site),
      file: `pages/${name}`,
      source: SOURCE,
      licence: LICENCE,
      ...(pageLicence ? { pageLicence } : {}),
      with: (item.with as string[] | undefined) ?? [],
      without: (item.without as string[] | undefined) ?? [],
      fields,
      ...(addBatch !== undefined ? { batch: addBatch } : {}),
    };
  });
const pages = [...existing, ...added];

fs.writeFileSync(
  manifestFile,
  `${JSON.stringify({ description: `Real public web pages with their ground truth, imported by bench/quality/import.ts from ${SOURCE}. Split by site (host hash). Pages marked with a batch were added to their split later (--add-batch); the others are batch 1.`, pages }, null, 1)}\n`,
);
const sites = new Set(pages.map((p) => p.site)).size;
const bytes = pages.reduce((a, p) => a + fs.statSync(path.join(to, p.file)).size, 0);
if (addBatch !== undefined) console.log(`batch ${addBatch}: ${added.length} ${onlySplit} pages added, from ${new Set(added.map((p) => p.site)).size} sites`);
console.log(`${pages.length} pages from ${sites} sites in ${to} (${(bytes / 1e6).toFixed(1)} MB): ${SPLITS.map((s) => `${s} ${pages.filter((p) => p.split === s).length}`).join(", ")}`);
