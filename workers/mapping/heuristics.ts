/**
 * The deterministic mapper: always available, no model. It scores every (target field, source value)
 * pair on names, types, roles and content shape, solves the best one-to-one assignment, and turns
 * the features of each chosen pair into a calibrated confidence (calibration-model.ts).
 */
import type { ComponentDefinition, ComponentDefinitions, FieldDefinition, TemplateDefinitions } from "../contracts/definitions";
import type { ComponentInstance } from "../contracts/extraction";
import { assign } from "./assignment";
import { withinDoubt, type Candidate } from "./candidates";
import { predict, type FeatureVector } from "./calibration-model";
import { COMPONENT_MODEL, FIELD_MODEL, TEMPLATE_MODEL } from "./calibration-params";
import { METADATA_MODEL } from "./calibration-metadata";
import { METADATA_CONCEPTS } from "./calibration-prior";
import { memoryEvidence, type MemoryIndex } from "./memory";
import { metadataDoubt, metadataEvidence, metadataFeatureVector } from "./metadata-confidence";
import { describePair, pairFeatures, targetSlot, type PairFeatures } from "./scoring";
import type { Signature } from "./signature";
import { hash64, nameSimilarity, words } from "./text";
import type { MappingProposal, SourceRef } from "./types";
import { convertValue } from "./values";

/** Pairs scoring below this are left unmapped rather than guessed. */
export const MIN_PAIR_SCORE = 0.22;

/** A proposal with the features behind its confidence (kept for fitting and the benchmark). */
export type ScoredProposal = MappingProposal & { features?: FeatureVector };

export interface FieldMappingInput {
  pageUrl: string;
  /** The page's language: how a numeric date like 03/01/2024 is read. */
  language?: string | null;
  instanceIndex: number;
  targetComponent: string;
  fields: readonly FieldDefinition[];
  candidates: readonly Candidate[];
  signatureOf: (c: Candidate) => Signature;
  sourceOf: (c: Candidate) => SourceRef;
  componentConfidence: number;
  memory?: MemoryIndex;
  useLoose?: boolean;
  /** Memory alone: fields without a remembered source stay empty. */
  memoryOnly?: boolean;
}

/** Proposes a value for each target field of one component (or template) from the candidates. */
export function mapFields(input: FieldMappingInput): ScoredProposal[] {
  const { fields, candidates } = input;
  const slots = fields.map((f, i) => targetSlot(f, i, fields.length));
  const features: PairFeatures[][] = slots.map((s) => candidates.map((c) => pairFeatures(s, c)));
  const sigs = candidates.map((c) => input.signatureOf(c));
  const out: ScoredProposal[] = [];
  const takenFields = new Set<number>();
  const takenCandidates = new Set<number>();

  if (input.memory) {
    // Remembered decisions apply first, best confirmed first; people's rejections rule pairs out.
    // A run of paragraphs is named by its shape, not by a stable source: memory does not key on it.
    const matches = candidates.flatMap((c, j) =>
      (c.members || c.synthetic ? [] : input.memory!.matches("field", sigs[j], input.useLoose ?? false))
        .filter((m) => m.entry.targetComponent === input.targetComponent)
        .map((m) => ({ m, j, i: fields.findIndex((f) => f.name === m.entry.targetField) }))
        .filter((x) => x.i >= 0 && features[x.i][x.j].compat > 0),
    );
    matches.sort((a, b) => b.m.confidence - a.m.confidence);
    // What the heuristics alone would choose: where memory agrees with it, both are evidence.
    const heuristic = input.memoryOnly ? [] : assignWithMembers(slots.map((_, i) => candidates.map((_, j) => features[i][j].raw)), candidates.map((_, j) => j), candidates);
    for (const match of matches) {
      const { m, i } = match;
      // A remembered paragraph of rich text is where the text starts: on a page with more of it,
      // the run of paragraphs that holds it is the value.
      const runs = fields[i].type === "richtext" ? candidates.map((c, k) => ({ c, k })).filter(({ c, k }) => c.members?.includes(match.j) && features[i][k].compat > 0) : [];
      const j = runs.length ? runs.sort((a, b) => (b.c.members?.length ?? 0) - (a.c.members?.length ?? 0))[0].k : match.j;
      if (takenFields.has(i) || takenCandidates.has(j) || (candidates[j].members ?? []).some((x) => takenCandidates.has(x))) continue;
      takenFields.add(i);
      takenCandidates.add(j);
      for (const x of candidates[j].members ?? []) takenCandidates.add(x);
      const c = candidates[j];
      const evidence = [memoryEvidence(m), ...describePair(slots[i], c, features[i][j]).slice(0, 1)];
      let confidence = m.confidence;
      if (heuristic[i] === j) {
        const own = input.componentConfidence * predict(FIELD_MODEL, fieldFeatureVector(features[i][j], features, i, j, candidates));
        confidence = agreeing(m.confidence, own);
        evidence.push(`the heuristics agree (${own.toFixed(2)})`);
      }
      out.push(proposal(input, i, c, sigs[j], confidence, "memory", evidence));
    }
    slots.forEach((s, i) =>
      candidates.forEach((_, j) => {
        if (input.memory!.rejected("field", sigs[j], input.targetComponent, s.field.name)) features[i][j] = { ...features[i][j], raw: 0 };
      }),
    );
  }
  if (input.memoryOnly) return [...out, ...missingRequired(input, out)];

  const freeFields = slots.map((_, i) => i).filter((i) => !takenFields.has(i));
  // A run that contains a value memory already placed elsewhere is no longer free either.
  const freeCands = candidates.map((_, j) => j).filter((j) => !takenCandidates.has(j) && !(candidates[j].members ?? []).some((m) => takenCandidates.has(m)));
  const scores = freeFields.map((i) => freeCands.map((j) => features[i][j].raw));
  const chosen = assignWithMembers(scores, freeCands, candidates);
  keepContentOrder(chosen, freeFields, freeCands, features, candidates);
  chosen.forEach((col, r) => {
    if (col === null) return;
    const i = freeFields[r];
    const j = freeCands[col];
    const f = features[i][j];
    const c = candidates[j];
    const fromMetadata = c.meta?.concept === slots[i].concept && (METADATA_CONCEPTS as readonly string[]).includes(slots[i].concept);
    const x = fromMetadata ? metadataFeatureVector(c.meta!, f) : fieldFeatureVector(f, features, i, j, candidates);
    // A field is right only if its component is: P(field) = P(component) × P(field | component).
    const predicted = predict(fromMetadata ? METADATA_MODEL : FIELD_MODEL, x);
    const confidence = input.componentConfidence * (fromMetadata ? Math.min(predicted, metadataDoubt(c.meta!)) : predicted);
    const evidence = describePair(slots[i], c, f);
    if (fromMetadata) evidence.push(...metadataEvidence(c.meta!));
    const p = proposal(input, i, c, sigs[j], confidence, "heuristic", evidence);
    out.push({ ...p, features: x });
  });
  out.push(...missingRequired(input, out));
  return out.sort((a, b) => fields.findIndex((f) => f.name === a.targetField) - fields.findIndex((f) => f.name === b.targetField));
}

/**
 * A required field nothing could fill is still a proposal: an empty one with confidence 0, so the
 * page waits for a person (who types the value in or accepts it empty) instead of being applied.
 */
function missingRequired(input: FieldMappingInput, found: readonly MappingProposal[]): MappingProposal[] {
  const filled = new Set(found.map((p) => p.targetField));
  return input.fields
    .filter((f) => f.required && !filled.has(f.name))
    .map((f) => {
      const key = `missing|${input.targetComponent}|${f.name}`;
      return {
        scope: "field" as const,
        instanceIndex: input.instanceIndex,
        targetComponent: input.targetComponent,
        targetField: f.name,
        targetType: f.type,
        value: null,
        confidence: 0,
        layer: "heuristic" as const,
        evidence: ["required field: no source value fits it"],
        source: { definition: null, name: null, selector: null, kind: null, path: null, classes: [] },
        signature: hash64(key),
        looseSignature: hash64(key),
        signatureParts: { missing: f.name },
      };
    });
}

function total(scores: number[][], chosen: Array<number | null>): number {
  return chosen.reduce<number>((a, col, r) => a + (col === null ? 0 : scores[r][col]), 0);
}

/**
 * The assignment, with one more rule: a candidate that contains others (a run of paragraphs) is not
 * used beside them. On a clash, the better of "without the container" and "without its members" wins.
 */
function assignWithMembers(scores: number[][], cols: readonly number[], candidates: readonly Candidate[]): Array<number | null> {
  let current = scores;
  let chosen = assign(current, MIN_PAIR_SCORE);
  for (let round = 0; round < 4; round++) {
    const used = new Set(chosen.filter((c): c is number => c !== null).map((c) => cols[c]));
    const clash = chosen.find((col) => col !== null && (candidates[cols[col]].members ?? []).some((m) => used.has(m)));
    if (clash === undefined || clash === null) return chosen;
    const members = new Set(candidates[cols[clash]].members);
    const withoutContainer = current.map((row) => row.map((v, c) => (c === clash ? 0 : v)));
    const withoutMembers = current.map((row) => row.map((v, c) => (members.has(cols[c]) ? 0 : v)));
    const a = assign(withoutContainer, MIN_PAIR_SCORE);
    const b = assign(withoutMembers, MIN_PAIR_SCORE);
    if (total(withoutContainer, a) >= total(withoutMembers, b)) {
      current = withoutContainer;
      chosen = a;
    } else {
      current = withoutMembers;
      chosen = b;
    }
  }
  return chosen;
}

/** Two independent layers that agree: the chance both are wrong is the product of their doubts. */
export function agreeing(a: number, b: number): number {
  return 1 - (1 - a) * (1 - b);
}

/** How close two assignments may score for content order to decide between them. */
const ORDER_TIE = 0.03;

/**
 * Fields are usually defined in the order their content appears (name before company, title before
 * text). When two chosen pairs cross that order and swapping them costs almost nothing, swap.
 */
function keepContentOrder(chosen: Array<number | null>, rows: readonly number[], cols: readonly number[], features: PairFeatures[][], candidates: readonly Candidate[]) {
  for (let a = 0; a < chosen.length; a++) {
    for (let b = a + 1; b < chosen.length; b++) {
      const ca = chosen[a];
      const cb = chosen[b];
      if (ca === null || cb === null) continue;
      const [ia, ib] = [rows[a], rows[b]];
      const [ja, jb] = [cols[ca], cols[cb]];
      if ((ia < ib) === (candidates[ja].order < candidates[jb].order)) continue;
      const kept = features[ia][ja].raw + features[ib][jb].raw;
      const swapped = features[ia][jb].raw + features[ib][ja].raw;
      if (features[ia][jb].compat > 0 && features[ib][ja].compat > 0 && swapped >= kept - ORDER_TIE) {
        chosen[a] = cb;
        chosen[b] = ca;
      }
    }
  }
}

/** The features of a chosen pair, relative to the alternatives it beat. */
function fieldFeatureVector(f: PairFeatures, all: PairFeatures[][], i: number, j: number, candidates: readonly Candidate[]): FeatureVector {
  let otherCand = 0;
  // An instance's whole content has no rival: every other candidate of the instance is a part of it.
  if (!candidates[j].sole) {
    all[i].forEach((g, jj) => {
      if (jj !== j) otherCand = Math.max(otherCand, g.raw);
    });
  }
  let otherField = 0;
  all.forEach((row, ii) => {
    if (ii !== i) otherField = Math.max(otherField, row[j].raw);
  });
  return {
    raw: f.raw,
    marginTarget: f.raw - otherCand,
    marginCandidate: f.raw - otherField,
    name: f.name,
    role: f.role,
    exactType: f.compat === 1 ? 1 : 0,
    synthetic: f.synthetic,
  };
}

function proposal(input: FieldMappingInput, i: number, c: Candidate, sig: Signature, confidence: number, layer: MappingProposal["layer"], evidence: string[]): MappingProposal {
  const field = input.fields[i];
  const capped = withinDoubt(c, confidence, field.type);
  return {
    scope: "field",
    instanceIndex: input.instanceIndex,
    targetComponent: input.targetComponent,
    targetField: field.name,
    targetType: field.type,
    value: convertValue(c, field.type, input.pageUrl, input.language),
    confidence: capped.confidence,
    layer,
    evidence: capped.why ? [...evidence, capped.why] : evidence,
    source: input.sourceOf(c),
    signature: sig.exact,
    looseSignature: sig.loose,
    signatureParts: sig.parts,
  };
}

export interface ComponentChoice {
  key: string | null;
  confidence: number;
  features: FeatureVector;
  evidence: string[];
}

/** How well a definition's fields can be filled from the candidates, 0..1. */
export function definitionFit(def: ComponentDefinition, candidates: readonly Candidate[]): number {
  if (def.fields.length === 0) return 0;
  const slots = def.fields.map((f, i) => targetSlot(f, i, def.fields.length));
  const scores = slots.map((s) => candidates.map((c) => pairFeatures(s, c).raw));
  const chosen = assign(scores, MIN_PAIR_SCORE);
  let got = 0;
  let total = 0;
  chosen.forEach((col, i) => {
    const weight = def.fields[i].required ? 1 : 0.5;
    total += weight;
    if (col !== null) got += weight * scores[i][col];
  });
  return total ? got / total : 0;
}

/**
 * Which component an instance becomes: the definition whose selector found it, unless none did
 * (auto-detected structures); then names, classes and how well the fields fit decide.
 */
export function chooseComponent(instance: ComponentInstance, candidates: readonly Candidate[], definitions: ComponentDefinitions): ComponentChoice {
  const keys = Object.keys(definitions);
  if (keys.length === 0) return { key: null, confidence: 0, features: {}, evidence: ["no component definitions"] };
  const instanceWords = words(`${instance.classes.join(" ")} ${instance.path.split(">").pop() ?? ""}`);
  const ranked = keys
    .map((key) => {
      const def = definitions[key];
      const selectorMatch = instance.definition === key ? 1 : 0;
      const name = nameSimilarity(words(`${key} ${def.name}`), instanceWords);
      const fit = definitionFit(def, candidates);
      return { key, selectorMatch, name, fit, score: 0.6 * selectorMatch + 0.2 * name + 0.2 * fit };
    })
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  const margin = best.score - (ranked[1]?.score ?? 0);
  const features = { selectorMatch: best.selectorMatch, name: best.name, fit: best.fit, margin };
  const evidence = [
    best.selectorMatch ? `selector of "${best.key}" matched (${instance.selector})` : "no definition selector matched",
    `classes ${best.name >= 0.5 ? "match" : "do not name"} "${definitions[best.key].name}"`,
    `fields fit ${(best.fit * 100).toFixed(0)}%`,
  ];
  if (ranked[1]) evidence.push(`next best: ${ranked[1].key}`);
  return { key: best.key, confidence: predict(COMPONENT_MODEL, features), features, evidence };
}

/** A glob of a template's urlPattern ("/blog/*", "/news/**") as a regular expression. */
function patternRegex(pattern: string): RegExp {
  // A trailing "/*" covers the whole section ("/news/*" matches "/news/2024/x"), as people mean it.
  if (pattern.endsWith("/*")) pattern = `${pattern.slice(0, -2)}/**`;
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*\*/g, "\u0000").replace(/\*/g, "[^/]*").replace(/\u0000/g, ".*");
  return new RegExp(`^${escaped}/?$`);
}

/** Which template a page uses: the most specific matching URL pattern, else the catch-all. */
export function chooseTemplate(url: string, templates: TemplateDefinitions): ComponentChoice {
  const keys = Object.keys(templates);
  if (keys.length === 0) return { key: null, confidence: 0, features: {}, evidence: ["no template definitions"] };
  let path = "/";
  try {
    path = new URL(url).pathname;
  } catch {
    // Keep "/".
  }
  const matches = keys
    .filter((k) => templates[k].urlPattern && patternRegex(templates[k].urlPattern).test(path))
    .map((k) => ({ key: k, specificity: Math.min(1, templates[k].urlPattern.replace(/\*/g, "").length / 12) }))
    .sort((a, b) => b.specificity - a.specificity);
  const only = keys.length === 1 ? 1 : 0;
  if (matches.length > 0) {
    const best = matches[0];
    const features = { patternMatch: 1, specificity: best.specificity - (matches[1]?.specificity ?? 0), only, fallback: 0 };
    return { key: best.key, confidence: predict(TEMPLATE_MODEL, features), features, evidence: [`URL ${path} matches ${templates[best.key].urlPattern}`] };
  }
  const fallback = keys.find((k) => !templates[k].urlPattern) ?? keys.find((k) => /^(page|default|content|standard)/i.test(k)) ?? keys[0];
  const features = { patternMatch: 0, specificity: 0, only, fallback: 1 };
  return { key: fallback, confidence: predict(TEMPLATE_MODEL, features), features, evidence: [`no URL pattern matches ${path}; using the default template`] };
}
