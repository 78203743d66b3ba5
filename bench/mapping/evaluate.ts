/**
 * The mapping benchmark: runs the product's extraction (workers/crawl/extract.ts) and mapper
 * (workers/mapping/mapper.ts) over the labelled pages of test/fixtures/mapping and prints accuracy,
 * the precision of what would be auto-applied at the default threshold, and a calibration table.
 *
 *   npm run bench:mapping                 evaluate (held-out split first, then training split)
 *   npm run bench:mapping -- --fit        fit the confidence models on the training split only
 *   npm run bench:mapping -- --errors     also list every wrong unit
 *   npm run bench:mapping -- --units      also list every proposed unit with its confidence
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_MIN_CONFIDENCE } from "../../workers/contracts/mapping";
import { extractPage } from "../../workers/crawl/extract";
import { calibrationBands, expectedCalibrationError, fitLogistic, type LogisticModel, type Sample } from "../../workers/mapping/calibration-model";
import { FIELD_MODEL } from "../../workers/mapping/calibration-params";
import { COMPONENT_PRIOR, FIELD_PRIOR, TEMPLATE_PRIOR } from "../../workers/mapping/calibration-prior";
import { mapPage } from "../../workers/mapping/mapper";
import { augmentedSites } from "./augment";
import { simulateLearning } from "./learning";
import { loadSites, type FixturePage, type FixtureSite } from "./fixtures";
import { scorePage, type Unit } from "./score";

const args = new Set(process.argv.slice(2));
const root = process.cwd();
const threshold = DEFAULT_MIN_CONFIDENCE;

interface PageResult {
  site: FixtureSite;
  page: FixturePage;
  units: Unit[];
  aligned: boolean;
  /** The lowest confidence of the page's proposals: the page is auto-applied when it reaches the threshold. */
  lowest: number | null;
}

async function evaluate(sites: FixtureSite[]): Promise<PageResult[]> {
  const out: PageResult[] = [];
  for (const site of sites) {
    for (const page of site.pages) {
      const extraction = extractPage(page.html, page.label.url, site.definitions.components);
      const mapping = await mapPage({ page: extraction, definitions: site.definitions, options: { minConfidence: threshold } });
      const { units, aligned } = scorePage(page.label, extraction, mapping.proposals, site.definitions);
      out.push({ site, page, units, aligned, lowest: mapping.lowestConfidence });
    }
  }
  return out;
}

function pct(n: number, d: number): string {
  return d === 0 ? "   n/a" : `${((100 * n) / d).toFixed(1).padStart(5)}%`;
}

function summary(name: string, results: PageResult[]) {
  const units = results.flatMap((r) => r.units);
  const correct = units.filter((u) => u.correct).length;
  const proposed = units.filter((u) => u.proposal);
  const auto = proposed.filter((u) => u.proposal!.confidence >= threshold);
  const autoRight = auto.filter((u) => u.correct).length;
  const expected = units.filter((u) => u.expected !== null && u.kind === "field");
  const found = expected.filter((u) => u.correct).length;
  const pagesAuto = results.filter((r) => r.lowest !== null && r.lowest >= threshold);
  const pagesAutoRight = pagesAuto.filter((r) => r.units.every((u) => u.correct));
  const misaligned = results.filter((r) => !r.aligned).length;
  console.log(
    `${name.padEnd(9)} ${String(new Set(results.map((r) => r.site.id)).size).padStart(5)} ${String(results.length).padStart(5)} ${String(units.length).padStart(6)} ` +
      `${pct(correct, units.length)}   ${pct(found, expected.length)}   ${String(auto.length).padStart(5)} (${pct(auto.length, proposed.length).trim()})  ${pct(autoRight, auto.length)}   ` +
      `${String(pagesAuto.length).padStart(3)}/${String(results.length).padEnd(3)} ${pct(pagesAutoRight.length, pagesAuto.length)}${misaligned ? `   (${misaligned} pages with extraction mismatches)` : ""}`,
  );
  return { units: units.length, correct, auto: auto.length, autoRight };
}

function calibrationTable(name: string, results: PageResult[]) {
  const points = results.flatMap((r) => r.units).filter((u) => u.proposal).map((u) => ({ confidence: u.proposal!.confidence, correct: u.correct }));
  const bands = calibrationBands(points);
  console.log(`\nCalibration (${name}): proposals by confidence band and how many were right`);
  console.log("band          proposals  right  claimed  observed");
  for (const b of bands) {
    console.log(
      `[${b.from.toFixed(2)}, ${b.to.toFixed(2)}${b.to === 1 ? "]" : ")"}  ${String(b.count).padStart(9)}  ${String(b.correct).padStart(5)}  ${b.meanConfidence === null ? "    -  " : b.meanConfidence.toFixed(3).padStart(7)}  ${b.accuracy === null ? "     -" : b.accuracy.toFixed(3).padStart(8)}`,
    );
  }
  console.log(`expected calibration error: ${expectedCalibrationError(bands).toFixed(3)}`);
}

function byKind(results: PageResult[]) {
  for (const kind of ["template", "component", "field"] as const) {
    const us = results.flatMap((r) => r.units).filter((u) => u.kind === kind);
    const notes = new Map<string, number>();
    for (const u of us.filter((x) => !x.correct)) notes.set(u.note, (notes.get(u.note) ?? 0) + 1);
    console.log(`  ${kind.padEnd(9)} ${String(us.length).padStart(5)} units ${pct(us.filter((u) => u.correct).length, us.length)} right; wrong: ${[...notes].map(([k, v]) => `${v} ${k}`).join(", ") || "none"}`);
  }
}

function listErrors(results: PageResult[]) {
  for (const r of results) {
    for (const u of r.units.filter((x) => !x.correct)) {
      const p = u.proposal;
      console.log(
        `  ${r.site.id}/${r.page.slug} #${u.instance} ${u.kind} ${u.target}: ${u.note}; expected ${JSON.stringify(u.expected)?.slice(0, 80)}` +
          (p ? `; proposed ${JSON.stringify(p.value ?? p.targetComponent)?.slice(0, 80)} from ${p.source.name} (${p.confidence.toFixed(2)})` : ""),
      );
    }
  }
}

function samples(results: PageResult[], kind: Unit["kind"]): Sample[] {
  return results
    .flatMap((r) => r.units)
    .filter((u) => u.kind === kind && u.proposal?.features && u.proposal.layer === "heuristic" && (kind !== "field" || u.note !== "wrong component"))
    .map((u) => ({ x: u.proposal!.features!, y: u.correct ? 1 : 0 }));
}

function writeParams(models: Record<string, LogisticModel>) {
  const file = path.join(root, "workers/mapping/calibration-params.ts");
  const body = Object.entries(models)
    .map(([name, m]) => `export const ${name}: LogisticModel = ${JSON.stringify(m, null, 2).replace(/"(\w+)":/g, "$1:")};`)
    .join("\n\n");
  fs.writeFileSync(
    file,
    `// Fitted by \`npm run bench:mapping -- --fit\` on the training split of test/fixtures/mapping\n// (sites.json "split": "train") and its augmented copies, as a MAP fit around the hand-set prior in\n// calibration-prior.ts; the held-out split is never used to fit. Do not edit by hand.\nimport type { LogisticModel } from "./calibration-model";\n\n${body}\n`,
  );
  console.log(`wrote ${path.relative(root, file)}`);
}

async function main() {
  const sites = loadSites(path.join(root, "test/fixtures/mapping"));
  const train = sites.filter((s) => s.split === "train");
  const holdout = sites.filter((s) => s.split === "holdout");
  const test = sites.filter((s) => s.split === "test");
  if (args.has("--fit")) {
    const results = await evaluate([...train, ...augmentedSites(train)]);
    const fittedOn = `train split (${train.map((s) => s.id).join(", ")}) with its bare and shuffled copies`;
    const models = {
      FIELD_MODEL: fitLogistic(samples(results, "field"), FIELD_PRIOR, fittedOn),
      COMPONENT_MODEL: fitLogistic(samples(results, "component"), COMPONENT_PRIOR, fittedOn),
      TEMPLATE_MODEL: fitLogistic(samples(results, "template"), TEMPLATE_PRIOR, fittedOn),
    };
    for (const [k, m] of Object.entries(models)) console.log(`${k}: ${samples(results, k === "FIELD_MODEL" ? "field" : k === "COMPONENT_MODEL" ? "component" : "template").length} samples`);
    writeParams(models);
    return;
  }
  console.log(`Mapping evaluation: deterministic mapper alone (no memory, no language model), auto-apply threshold ${threshold}`);
  console.log(`confidence models: ${FIELD_MODEL.fittedOn}\n`);
  console.log("split     sites pages  units accuracy   recall   auto-applied      precision   pages auto  page precision");
  const fresh = await evaluate(test);
  const held = await evaluate(holdout);
  const tr = await evaluate(train);
  if (fresh.length) summary("test", fresh);
  if (held.length) summary("held-out", held);
  summary("training", tr);
  if (fresh.length) summary("unseen", [...fresh, ...held]);
  summary("all", [...fresh, ...held, ...tr]);
  if (fresh.length) {
    console.log("\nunits by kind (test):");
    byKind(fresh);
  }
  console.log("units by kind (held-out):");
  byKind(held.length ? held : tr);
  console.log("units by kind (training):");
  byKind(tr);
  for (const site of sites) {
    const rs = [...fresh, ...held, ...tr].filter((r) => r.site.id === site.id);
    process.stdout.write(`  ${site.split.padEnd(8)} ${site.id.padEnd(18)} `);
    summary("", rs);
  }
  if (args.has("--augmented")) {
    const aug = await evaluate(augmentedSites(train));
    summary("augmented", aug);
    calibrationTable("augmented training copies", aug);
  }
  if (fresh.length) calibrationTable("test", fresh);
  if (held.length) calibrationTable("held-out", held);
  calibrationTable("training", tr);
  // Also on copies of the held-out pages stripped of their class names, where the heuristics have less to go on.
  const unseen = [...test, ...holdout];
  if (unseen.length) await simulateLearning([...unseen, ...augmentedSites(unseen).filter((s) => s.id.endsWith("~bare"))], threshold);
  if (args.has("--errors")) {
    console.log("\nwrong units:");
    listErrors([...fresh, ...held, ...tr]);
  }
  if (args.has("--units")) {
    console.log("\nevery proposed unit, with its confidence:");
    for (const r of [...fresh, ...held, ...tr]) {
      for (const u of r.units.filter((x) => x.proposal)) console.log(`  ${r.site.id}/${r.page.slug} #${u.instance} ${u.kind} ${u.target}: ${u.correct ? "right" : "wrong"} ${u.proposal!.confidence.toFixed(3)} from ${u.proposal!.source.name}`);
    }
  }
}

await main();
