/**
 * Learning across runs, measured: on each held-out site a simulated reviewer goes through the first
 * half of the pages (approving what is right, overriding or rejecting what is wrong, filling what is
 * missing when the page holds the value), exactly as the review API teaches the memory; then the
 * second half is mapped again with that memory. Printed: the second half before and after.
 */
import type { PageExtraction } from "../../workers/contracts/extraction";
import { extractPage } from "../../workers/crawl/extract";
import { componentCandidates, pageCandidates } from "../../workers/mapping/page-candidates";
import { mapPage } from "../../workers/mapping/mapper";
import { fieldSignature, instanceSignature, pageFieldSignature, templateSignature, type Signature } from "../../workers/mapping/signature";
import type { MemoryEntry } from "../../workers/mapping/types";
import { convertValue } from "../../workers/mapping/values";
import type { FixtureSite } from "./fixtures";
import { sameValue, scorePage, type Unit } from "./score";

class Memory {
  private entries = new Map<string, MemoryEntry>();

  teach(scope: MemoryEntry["scope"], sig: Signature, component: string, field: string, verdict: 1 | -1) {
    const key = `${sig.exact}|${component}|${field}`;
    const e = this.entries.get(key) ?? { id: key, scope, signature: sig.exact, looseSignature: sig.loose, targetComponent: component, targetField: field, confirmations: 0, rejections: 0 };
    if (verdict === 1) e.confirmations++;
    else e.rejections++;
    this.entries.set(key, e);
  }

  get all(): MemoryEntry[] {
    return [...this.entries.values()];
  }
}

/** What a reviewer does with one page's proposals, taught to memory the way the review API does. */
function review(memory: Memory, site: FixtureSite, extraction: PageExtraction, units: Unit[], label: FixtureSite["pages"][number]["label"]) {
  const tsig = templateSignature(extraction.url);
  memory.teach("template", tsig, label.template, "", 1);
  const pageCands = pageCandidates(extraction);
  for (const u of units) {
    const p = u.proposal;
    if (u.kind === "component" && u.instance >= 0) {
      const isig = instanceSignature(extraction.components[u.instance]);
      if (p?.targetComponent && p.targetComponent !== u.target) memory.teach("component", isig, p.targetComponent, "", -1);
      memory.teach("component", isig, u.target, "", 1);
      continue;
    }
    if (u.kind !== "field") continue;
    const isPage = u.instance === -1;
    const owner = isPage ? label.template : label.components[u.instance]?.component;
    if (!owner) continue;
    const isig = isPage ? null : instanceSignature(extraction.components[u.instance]);
    const sigOf = (c: ReturnType<typeof pageCandidates>[number]) => (isig ? fieldSignature(isig, c) : pageFieldSignature(extraction.url, c));
    if (p && p.value !== null && u.correct) {
      memory.teach("field", { exact: p.signature, loose: p.looseSignature, parts: {} }, owner, u.target, 1);
      continue;
    }
    if (p && p.value !== null) memory.teach("field", { exact: p.signature, loose: p.looseSignature, parts: {} }, owner, u.target, -1);
    if (u.expected === null) continue;
    // Override: the reviewer points at the source that holds the right value, when the page has one.
    const defs = isPage ? site.definitions.templates[owner] : site.definitions.components[owner];
    const type = defs?.fields.find((f) => f.name === u.target)?.type ?? "text";
    const cands = isPage ? pageCands : componentCandidates(extraction.components[u.instance], extraction);
    const right = cands.find((c) => sameValue(type, convertValue(c, type, extraction.url, extraction.language), u.expected!));
    if (right) memory.teach("field", sigOf(right), owner, u.target, 1);
  }
}

async function measure(site: FixtureSite, pages: FixtureSite["pages"], memory: MemoryEntry[], threshold: number) {
  let units = 0;
  let correct = 0;
  let auto = 0;
  let autoRight = 0;
  let pagesAuto = 0;
  for (const page of pages) {
    const extraction = extractPage(page.html, page.label.url, site.definitions.components);
    const mapping = await mapPage({ page: extraction, definitions: site.definitions, memory, options: { minConfidence: threshold } });
    const scored = scorePage(page.label, extraction, mapping.proposals, site.definitions).units;
    if (process.argv.includes("--errors") && memory.length) {
      for (const u of scored.filter((x) => !x.correct)) console.log(`    after learning: ${site.id}/${page.slug} #${u.instance} ${u.kind} ${u.target}: ${u.note}; proposed ${JSON.stringify(u.proposal?.value ?? u.proposal?.targetComponent)?.slice(0, 60)} (${u.proposal?.layer}) expected ${JSON.stringify(u.expected)?.slice(0, 60)}`);
    }
    units += scored.length;
    correct += scored.filter((u) => u.correct).length;
    const a = scored.filter((u) => u.proposal && u.proposal.confidence >= threshold);
    auto += a.length;
    autoRight += a.filter((u) => u.correct).length;
    if (mapping.lowestConfidence !== null && mapping.lowestConfidence >= threshold) pagesAuto++;
  }
  return { units, correct, auto, autoRight, pagesAuto };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "n/a");

export async function simulateLearning(sites: FixtureSite[], threshold: number): Promise<void> {
  console.log("\nLearning across runs (held-out sites): review the first half of the pages, map the second half again with the memory");
  console.log("site                     pages  accuracy before → after   auto-applied before → after   precision before → after   pages auto before → after");
  for (const site of sites) {
    const half = Math.ceil(site.pages.length / 2);
    const reviewed = site.pages.slice(0, half);
    const later = site.pages.slice(half);
    const memory = new Memory();
    for (const page of reviewed) {
      const extraction = extractPage(page.html, page.label.url, site.definitions.components);
      const mapping = await mapPage({ page: extraction, definitions: site.definitions, options: { minConfidence: threshold } });
      review(memory, site, extraction, scorePage(page.label, extraction, mapping.proposals, site.definitions).units, page.label);
    }
    const before = await measure(site, later, [], threshold);
    const after = await measure(site, later, memory.all, threshold);
    console.log(
      `${site.id.padEnd(24)} ${String(later.length).padStart(5)}  ${pct(before.correct, before.units).padStart(8)} → ${pct(after.correct, after.units).padEnd(8)}      ` +
        `${String(before.auto).padStart(5)} → ${String(after.auto).padEnd(5)}                 ${pct(before.autoRight, before.auto).padStart(6)} → ${pct(after.autoRight, after.auto).padEnd(6)}              ${before.pagesAuto} → ${after.pagesAuto}`,
    );
  }
}
