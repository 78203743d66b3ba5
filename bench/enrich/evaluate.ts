/**
 * The Enrich benchmark: the product's extraction (workers/crawl/extract.ts) and deterministic page
 * findings (workers/enrich/findings.ts) on the real-page corpus, against the findings a person
 * labelled by reading each page (test/fixtures/real/enrich-labels.json), split by site.
 *
 *   npm run bench:enrich                 train and dev splits
 *   npm run bench:enrich -- --held-out   also the held-out split, each labelling batch apart and all
 *                                        together: run it to report, never to tune
 *   npm run bench:enrich -- --errors     list the wrong findings of the train and dev splits
 *
 * Prints per split and finding kind: true positives, false positives, false negatives, precision
 * and recall, counted per page and kind (a page either has the finding or not).
 */
import fs from "node:fs";
import path from "node:path";
import { PAGE_FINDING_KINDS, type FindingKind } from "../../workers/contracts/enrich";
import { extractPage } from "../../workers/crawl/extract";
import { pageFindings } from "../../workers/enrich/findings";
import { loadCorpus, type Split } from "../quality/corpus";

interface Labels {
  /**
   * `batch` 2 and 3: held-out pages labelled in later sessions, on sites the detector had never been run
   * on (batch 3: pages added to the corpus with the quality benchmark's second held-out batch).
   */
  pages: Record<string, { split: Split; batch?: number; findings: FindingKind[]; note?: string }>;
}

const argv = process.argv.slice(2);
const dir = process.env.REAL_CORPUS_DIR ?? "test/fixtures/real";
const labels = JSON.parse(fs.readFileSync(path.join(dir, "enrich-labels.json"), "utf8")) as Labels;
const corpus = loadCorpus(dir);
interface Group {
  name: string;
  split: Split;
  batch?: number;
}
const groups: Group[] = [{ name: "train", split: "train" }, { name: "dev", split: "dev" }];
if (argv.includes("--held-out")) {
  const batches = [...new Set(Object.values(labels.pages).filter((p) => p.split === "held-out").map((p) => p.batch ?? 1))].sort((a, b) => a - b);
  for (const batch of batches) groups.push({ name: batch === 1 ? "held-out batch 1" : `held-out batch ${batch} (labelled later, on sites never run before)`, split: "held-out", batch });
  groups.push({ name: "held-out, all batches", split: "held-out" });
}

type Counts = { tp: number; fp: number; fn: number };
const fmt = (n: number | null) => (n === null ? "  -  " : n.toFixed(3));

for (const group of groups) {
  const { split } = group;
  const inBatch = (id: string) => group.batch === undefined || (labels.pages[id]!.batch ?? 1) === group.batch;
  const pages = corpus.pages.filter((p) => p.split === split && labels.pages[p.id] && inBatch(p.id));
  const counts = new Map<FindingKind, Counts>(PAGE_FINDING_KINDS.map((k) => [k, { tp: 0, fp: 0, fn: 0 }]));
  const errors: string[] = [];
  for (const page of pages) {
    const truth = new Set(labels.pages[page.id]!.findings);
    const found = new Set(pageFindings(extractPage(page.html, page.url)).map((f) => f.kind));
    for (const kind of PAGE_FINDING_KINDS) {
      const c = counts.get(kind)!;
      if (found.has(kind) && truth.has(kind)) c.tp++;
      else if (found.has(kind)) {
        c.fp++;
        errors.push(`  FP ${kind.padEnd(22)} ${page.id}`);
      } else if (truth.has(kind)) {
        c.fn++;
        errors.push(`  FN ${kind.padEnd(22)} ${page.id}`);
      }
    }
  }
  console.log(`\n${group.name}: ${pages.length} labelled pages`);
  console.log(`  ${"kind".padEnd(22)} ${"tp".padStart(3)} ${"fp".padStart(3)} ${"fn".padStart(3)}  precision  recall`);
  let all: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const [kind, c] of counts) {
    all = { tp: all.tp + c.tp, fp: all.fp + c.fp, fn: all.fn + c.fn };
    const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : null;
    const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : null;
    console.log(`  ${kind.padEnd(22)} ${String(c.tp).padStart(3)} ${String(c.fp).padStart(3)} ${String(c.fn).padStart(3)}  ${fmt(p).padStart(9)}  ${fmt(r).padStart(6)}`);
  }
  console.log(`  ${"all kinds".padEnd(22)} ${String(all.tp).padStart(3)} ${String(all.fp).padStart(3)} ${String(all.fn).padStart(3)}  ${fmt(all.tp / (all.tp + all.fp || 1)).padStart(9)}  ${fmt(all.tp / (all.tp + all.fn || 1)).padStart(6)}`);
  if (argv.includes("--errors") && split !== "held-out") console.log(errors.join("\n"));
}
