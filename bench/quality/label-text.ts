/**
 * Main-content truth written by reading each page, for bag-of-tokens scoring.
 *
 *   npm run corpus:text -- dump --out DIR [--split S] [--batch B] [--ids a,b,c]
 *       writes DIR/<id>.txt: the page's URL, its <title>, and its numbered text blocks (bench/quality/blocks.ts)
 *   npm run corpus:text -- build --from DIR [--labeller NAME]
 *       reads the labellers' answers (DIR/*.json: { "<id>": { "keep": "3-17, 20", "note": "…" } }) and adds
 *       each page's truth text to test/fixtures/real/text-labels.json
 *   npm run corpus:text -- agree [--from DIR --other DIR2]
 *       bag-of-tokens F1 between two labellers' texts of the same pages: how far the labels themselves agree;
 *       without directories, between each labelled page's `keep` and its `second` labeller's in text-labels.json
 *
 * The truth is the text of the blocks the labeller kept, joined with newlines. The rules they follow are
 * the description in text-labels.json.
 */
import fs from "node:fs";
import path from "node:path";
import { asBrowserParsed, readHtml, TEXT_LABELS } from "./corpus";
import { parseHTML } from "linkedom";
import { parseRanges, textBlocks } from "./blocks";
import { tokenF1 } from "../../workers/crawl/main-content/tokens";

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const CORPUS = option("--corpus") ?? "test/fixtures/real";

interface ManifestPage {
  id: string;
  url: string;
  site: string;
  split: string;
  file: string;
  batch?: number;
}
interface TextLabel {
  keep: string;
  text: string;
  labeller: string;
  note?: string;
  /** The same page labelled by another labeller, for their agreement. */
  second?: { keep: string; labeller: string };
}

const manifest = JSON.parse(fs.readFileSync(path.join(CORPUS, "manifest.json"), "utf8")) as { pages: ManifestPage[] };
const byId = new Map(manifest.pages.map((p) => [p.id, p]));
const blocksOf = (p: ManifestPage) => textBlocks(asBrowserParsed(readHtml(path.join(CORPUS, p.file))));
const labelsFile = path.join(CORPUS, TEXT_LABELS);
const loadLabels = (): { description: string; pages: Record<string, TextLabel> } =>
  fs.existsSync(labelsFile) ? JSON.parse(fs.readFileSync(labelsFile, "utf8")) : { description: "", pages: {} };

function answers(dir: string): Record<string, { keep: string; note?: string }> {
  const out: Record<string, { keep: string; note?: string }> = {};
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith(".json")).sort()) Object.assign(out, JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
  return out;
}

function textOf(p: ManifestPage, keep: string): string {
  const blocks = blocksOf(p);
  const kept = new Set(keep.trim() ? parseRanges(keep, blocks.length) : []);
  return blocks.filter((b) => kept.has(b.n)).map((b) => b.text).join("\n");
}

const command = argv[0];
if (command === "dump") {
  const out = option("--out");
  if (!out) throw new Error("dump needs --out DIR");
  fs.mkdirSync(out, { recursive: true });
  const ids = option("--ids")?.split(",");
  const pages = manifest.pages.filter(
    (p) => (!ids || ids.includes(p.id)) && (!option("--split") || p.split === option("--split")) && (!option("--batch") || (p.batch ?? 1) === Number(option("--batch"))),
  );
  for (const p of pages) {
    const html = asBrowserParsed(readHtml(path.join(CORPUS, p.file)));
    const title = (parseHTML(html) as unknown as { document: Document }).document.title.replace(/\s+/g, " ").trim();
    const lines = textBlocks(html).map((b) => `[${b.n}] (${b.hint}) ${b.text}`);
    fs.writeFileSync(path.join(out, `${p.id}.txt`), `URL: ${p.url}\nTITLE: ${title}\nBLOCKS: ${lines.length}\n\n${lines.join("\n")}\n`);
  }
  console.log(`wrote ${pages.length} pages to ${out}`);
} else if (command === "build") {
  const from = option("--from");
  if (!from) throw new Error("build needs --from DIR");
  const labels = loadLabels();
  let added = 0;
  for (const [id, a] of Object.entries(answers(from))) {
    const p = byId.get(id);
    if (!p) throw new Error(`No page ${id} in the manifest`);
    const second = labels.pages[id]?.second;
    labels.pages[id] = { keep: a.keep, text: textOf(p, a.keep), labeller: option("--labeller") ?? path.basename(from), ...(a.note ? { note: a.note } : {}), ...(second ? { second } : {}) };
    added++;
  }
  labels.pages = Object.fromEntries(Object.entries(labels.pages).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(labelsFile, `${JSON.stringify(labels, null, 1)}\n`);
  console.log(`${added} pages labelled; ${Object.keys(labels.pages).length} in ${labelsFile}`);
} else if (command === "agree") {
  const stored = loadLabels().pages;
  const fromFile = !option("--from");
  const a = fromFile ? stored : answers(option("--from")!);
  const b = fromFile ? Object.fromEntries(Object.entries(stored).flatMap(([id, l]) => (l.second ? [[id, l.second]] : []))) : answers(option("--other") ?? "");
  const shared = Object.keys(a).filter((id) => b[id]);
  let f1 = 0;
  for (const id of shared) {
    const p = byId.get(id)!;
    const s = tokenF1(textOf(p, a[id]!.keep), textOf(p, b[id]!.keep));
    f1 += s.f1;
    console.log(`${s.f1.toFixed(3)} P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} ${id}`);
  }
  console.log(`${shared.length} pages labelled twice: mean bag-of-tokens F1 between the labellers ${(f1 / (shared.length || 1)).toFixed(3)}`);
} else {
  console.log("usage: corpus:text -- dump|build|agree (see bench/quality/label-text.ts)");
}
