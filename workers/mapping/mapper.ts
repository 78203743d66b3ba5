/**
 * Maps one extracted page onto the site's definitions with three layers, each usable alone:
 * memory (what people decided before) → deterministic heuristics → a language model (when one is
 * configured, for what is still below the auto-apply threshold).
 *
 * - default: exact memory matches apply first, heuristics fill the rest, the model reviews the
 *   proposals below `minConfidence`;
 * - `preferRagRuns`: loose memory matches (same classes and role, another path) apply first too;
 * - `ragOnly`: memory alone; anything not remembered is left for review.
 */
import { DEFAULT_MIN_CONFIDENCE, type MappingLayer } from "../contracts/mapping";
import type { ComponentInstance, PageExtraction } from "../contracts/extraction";
import { instanceCandidates, MAIN_CONTENT_BODY, type Candidate } from "./candidates";
import { componentCandidates, pageCandidates, type SiteBodyVerdicts, templateVerdicts, withBodyDoubt } from "./page-candidates";
import { agreeing, chooseComponent, chooseTemplate, mapFields, type ComponentChoice, type ScoredProposal } from "./heuristics";
import { MemoryIndex, memoryEvidence } from "./memory";
import { fieldSignature, instanceSignature, pageFieldSignature, templateSignature, type Signature } from "./signature";
import type { MappingDefinitions, MappingOptions, MemoryEntry, PageMapping, SourceRef } from "./types";

/** What the language model layer sees and returns: it may replace proposals, never add unknown targets. */
export interface LlmContext {
  page: PageExtraction;
  definitions: MappingDefinitions;
  proposals: ScoredProposal[];
  candidates: Map<number, Candidate[]>;
  minConfidence: number;
}

export type LlmLayer = (ctx: LlmContext) => Promise<ScoredProposal[]>;

export interface MapPageInput {
  page: PageExtraction;
  definitions: MappingDefinitions;
  options?: MappingOptions;
  memory?: readonly MemoryEntry[];
  /** What the site's reviewers decided about its main-content bodies, per template (see bodyDoubt). */
  bodyVerdicts?: SiteBodyVerdicts;
  llm?: LlmLayer | null;
}

export interface PageMappingResult extends PageMapping {
  proposals: ScoredProposal[];
}

/** Every signature of a page, to load the organization's memory for it in one query. */
export function pageSignatures(page: PageExtraction): string[] {
  const out = new Set<string>();
  const add = (s: Signature) => {
    out.add(s.exact);
    out.add(s.loose);
  };
  add(templateSignature(page.url));
  for (const c of pageCandidates(page)) add(pageFieldSignature(page.url, c));
  for (const instance of page.components) {
    const isig = instanceSignature(instance);
    add(isig);
    // Without the page: memory never looks up a candidate that contains others (a run, the whole content).
    for (const c of instanceCandidates(instance)) add(fieldSignature(isig, c));
  }
  return [...out];
}

/** Where a value of a component instance comes from: the element inside the instance, drawn where. */
export function instanceSource(instance: ComponentInstance, c?: Candidate): SourceRef {
  const field = c && c.sourceIndex >= 0 ? instance.fields[c.sourceIndex] : undefined;
  const where = !c ? `selector ${instance.selector}` : c.synthetic ? "the whole instance" : c.sole ? (c.name === MAIN_CONTENT_BODY ? "the page's main content inside it" : "its whole content") : c.selector;
  return {
    definition: instance.definition,
    name: c ? c.name : null,
    selector: c ? c.selector : instance.selector,
    kind: c ? c.kind : null,
    path: instance.path,
    classes: instance.classes,
    provenance: `${instance.definition ?? "detected"} component: ${where}`,
    box: field?.box ?? instance.box ?? null,
  };
}

const NO_SOURCE: SourceRef = { definition: null, name: null, selector: null, kind: null, path: null, classes: [] };

/** Where a page-level value comes from: its metadata source ("JSON-LD Article.author"), else the candidate's name. */
export function pageSource(c: Candidate): SourceRef {
  return { ...NO_SOURCE, name: c.name, selector: c.selector, kind: c.kind, provenance: c.meta?.provenance ?? c.name, box: c.meta?.box ?? null };
}

/** The proposal of what the page (its template) or a component instance becomes: a choice, with no value. */
function choiceProposal(
  scope: "template" | "component",
  instanceIndex: number,
  choice: ComponentChoice & { layer: MappingLayer },
  source: SourceRef,
  sig: Signature,
): ScoredProposal {
  return {
    scope,
    instanceIndex,
    targetComponent: choice.key,
    targetField: null,
    targetType: null,
    value: null,
    confidence: choice.confidence,
    layer: choice.layer,
    evidence: choice.evidence,
    source,
    signature: sig.exact,
    looseSignature: sig.loose,
    signatureParts: sig.parts,
    features: choice.features,
  };
}

const EMPTY_VALUE = /^[\s\u2014\u2013\-?.…]*$/u;

/**
 * Whether a proposal may be shown and applied: a field proposal names a field its component or
 * template defines and carries a value. The one empty proposal kept is the marker of a required
 * field nothing filled (confidence 0, so the page waits for a person). A language model or an old
 * memory naming no field, or a field the definitions no longer have, proposes nothing.
 */
export function proposable(p: ScoredProposal, definitions: MappingDefinitions): boolean {
  if (p.scope !== "field") return true;
  const name = p.targetField?.trim() ?? "";
  if (EMPTY_VALUE.test(name) || !p.targetComponent) return false;
  const def = p.instanceIndex === -1 ? definitions.templates[p.targetComponent] : definitions.components[p.targetComponent];
  if (!def?.fields.some((f) => f.name === name)) return false;
  const v = p.value;
  const empty = v === null || v === undefined || (typeof v === "string" && EMPTY_VALUE.test(v)) || (Array.isArray(v) && v.every((x) => EMPTY_VALUE.test(String(x))));
  return !empty || p.confidence === 0;
}

/** Maps a page: component and template choices first, then the fields of each. */
export async function mapPage(input: MapPageInput): Promise<PageMappingResult> {
  const { page, definitions } = input;
  const options = input.options ?? {};
  const ragOnly = options.ragOnly === true;
  const useLoose = ragOnly || options.preferRagRuns === true;
  const memory = new MemoryIndex(input.memory ?? []);
  const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const proposals: ScoredProposal[] = [];
  const candidatesByInstance = new Map<number, Candidate[]>();
  const layers = new Set<MappingLayer>();

  // The page itself: template and template fields.
  if (Object.keys(definitions.templates).length > 0) {
    const tsig = templateSignature(page.url);
    const remembered = memory.best("template", tsig, useLoose, (e) => definitions.templates[e.targetComponent] !== undefined);
    const own = ragOnly ? null : chooseTemplate(page.url, definitions.templates);
    const choice: ComponentChoice & { layer: MappingLayer } = remembered
      ? {
          key: remembered.entry.targetComponent,
          confidence: own?.key === remembered.entry.targetComponent ? agreeing(remembered.confidence, own.confidence) : remembered.confidence,
          features: {},
          evidence: [memoryEvidence(remembered), ...(own?.key === remembered.entry.targetComponent ? [`the URL pattern agrees (${own.confidence.toFixed(2)})`] : [])],
          layer: "memory",
        }
      : ragOnly
        ? { key: null, confidence: 0, features: {}, evidence: ["memory only: no remembered template for this section"], layer: "memory" }
        : { ...chooseTemplate(page.url, definitions.templates), layer: "heuristic" };
    proposals.push(choiceProposal("template", -1, choice, { ...NO_SOURCE, name: "url", selector: page.url, provenance: "the page's URL" }, tsig));
    if (choice.key) {
      const cands = pageCandidates(page, templateVerdicts(input.bodyVerdicts, choice.key));
      candidatesByInstance.set(-1, cands);
      proposals.push(
        ...mapFields({
          pageUrl: page.url,
          language: page.language,
          instanceIndex: -1,
          targetComponent: choice.key,
          fields: definitions.templates[choice.key].fields,
          candidates: cands,
          signatureOf: (c) => pageFieldSignature(page.url, c),
          sourceOf: pageSource,
          componentConfidence: choice.confidence,
          memory,
          useLoose,
          memoryOnly: ragOnly,
        }),
      );
    }
  }

  page.components.forEach((instance, index) => {
    const cands = componentCandidates(instance, page);
    candidatesByInstance.set(index, cands);
    const isig = instanceSignature(instance);
    const remembered = memory.best("component", isig, useLoose, (e) => definitions.components[e.targetComponent] !== undefined);
    let choice: ComponentChoice & { layer: MappingLayer };
    if (remembered) {
      choice = { key: remembered.entry.targetComponent, confidence: remembered.confidence, features: {}, evidence: [memoryEvidence(remembered)], layer: "memory" };
      if (!ragOnly) {
        const own = chooseComponent(instance, cands, definitions.components);
        if (own.key === choice.key) choice = { ...choice, confidence: agreeing(choice.confidence, own.confidence), evidence: [...choice.evidence, `the heuristics agree (${own.confidence.toFixed(2)})`] };
      }
    } else if (ragOnly) {
      choice = { key: null, confidence: 0, features: {}, evidence: ["memory only: no remembered component for this source"], layer: "memory" };
    } else {
      choice = { ...chooseComponent(instance, cands, definitions.components), layer: "heuristic" };
    }
    proposals.push(choiceProposal("component", index, choice, instanceSource(instance), isig));
    if (!choice.key) return;
    // The page's main content as this component's body: what reviewers decided of its bodies counts.
    withBodyDoubt(cands, page, templateVerdicts(input.bodyVerdicts, choice.key));
    proposals.push(
      ...mapFields({
        pageUrl: page.url,
          language: page.language,
        instanceIndex: index,
        targetComponent: choice.key,
        fields: definitions.components[choice.key].fields,
        candidates: cands,
        signatureOf: (c) => fieldSignature(isig, c),
        sourceOf: (c) => instanceSource(instance, c),
        componentConfidence: choice.confidence,
        memory,
        useLoose,
        memoryOnly: ragOnly,
      }),
    );
  });

  let final = proposals;
  if (input.llm && !ragOnly && proposals.some((p) => p.confidence < minConfidence)) {
    final = await input.llm({ page, definitions, proposals, candidates: candidatesByInstance, minConfidence });
  }
  final = final.filter((p) => proposable(p, definitions));
  for (const p of final) layers.add(p.layer);
  const lowest = final.length ? Math.min(...final.map((p) => p.confidence)) : null;
  const template = final.find((p) => p.scope === "template")?.targetComponent ?? null;
  return { url: page.url, template, proposals: final, lowestConfidence: lowest, layers: [...layers] };
}
