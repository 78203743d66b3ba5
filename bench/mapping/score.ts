/**
 * Compares the mapper's proposals for one page with its hand-written label. Every expected value is
 * one unit (right when a proposal gives that value to that field of the right component); every
 * proposal for a field the label leaves empty is one more unit, and wrong. Component and template
 * choices are units too. True negatives (no value, none proposed) are not counted, so leaving fields
 * empty cannot inflate accuracy.
 */
import type { ComponentDefinitions, FieldType, TemplateDefinitions } from "../../workers/contracts/definitions";
import type { ProposalValue } from "../../workers/contracts/mapping";
import type { PageExtraction } from "../../workers/contracts/extraction";
import type { ScoredProposal } from "../../workers/mapping/heuristics";
import { normalizeSpace, stripTags } from "../../workers/mapping/text";
import { normalizeDate } from "../../workers/mapping/values";

export type LabelValue = string | number | boolean | string[];

export interface PageLabel {
  url: string;
  template: string;
  page: Record<string, LabelValue>;
  components: { component: string; fields: Record<string, LabelValue> }[];
}

export interface Unit {
  kind: "template" | "component" | "field";
  instance: number;
  target: string;
  /** Null when the label expects a value and nothing was proposed. */
  proposal: ScoredProposal | null;
  expected: LabelValue | null;
  correct: boolean;
  note: string;
}

function text(v: unknown): string {
  return normalizeSpace(stripTags(String(v ?? ""))).toLowerCase();
}

function url(v: unknown): string {
  try {
    return new URL(String(v)).toString();
  } catch {
    return String(v);
  }
}

/** Whether a proposed value equals the labelled one, compared the way the field type means it. */
export function sameValue(type: FieldType | null, proposed: ProposalValue, expected: LabelValue): boolean {
  if (proposed === null) return false;
  switch (type) {
    case "image":
    case "link":
    case "reference":
      return url(proposed) === url(expected);
    case "date":
      return normalizeDate(String(proposed)) === normalizeDate(String(expected));
    case "list": {
      if (!Array.isArray(proposed) || !Array.isArray(expected)) return false;
      return proposed.length === expected.length && proposed.every((p, i) => text(p) === text(expected[i]));
    }
    case "number":
    case "boolean":
      return String(proposed) === String(expected);
    default:
      return text(proposed) === text(expected);
  }
}

function fieldUnits(instance: number, all: ScoredProposal[], expected: Record<string, LabelValue>, fieldTypes: Map<string, FieldType>, ownerRight: boolean): Unit[] {
  const units: Unit[] = [];
  // An empty proposal flags a required field for review; it proposes no value.
  const proposals = all.filter((p) => p.value !== null);
  for (const [field, value] of Object.entries(expected)) {
    const p = proposals.find((x) => x.targetField === field) ?? null;
    const correct = ownerRight && p !== null && sameValue(fieldTypes.get(field) ?? null, p.value, value);
    units.push({ kind: "field", instance, target: field, proposal: p, expected: value, correct, note: !p ? "missing" : correct ? "" : ownerRight ? "wrong value" : "wrong component" });
  }
  for (const p of proposals) {
    if (p.targetField && !(p.targetField in expected) && ownerRight) {
      units.push({ kind: "field", instance, target: p.targetField, proposal: p, expected: null, correct: false, note: "spurious" });
    }
    if (p.targetField && !ownerRight && !(p.targetField in expected)) {
      units.push({ kind: "field", instance, target: p.targetField, proposal: p, expected: null, correct: false, note: "wrong component" });
    }
  }
  return units;
}

export interface Definitions {
  components: ComponentDefinitions;
  templates: TemplateDefinitions;
}

/** Scores one page. An extraction whose instances do not line up with the label fails every unit. */
export function scorePage(label: PageLabel, extraction: PageExtraction, proposals: ScoredProposal[], defs: Definitions): { units: Unit[]; aligned: boolean } {
  const units: Unit[] = [];
  const tp = proposals.find((p) => p.scope === "template") ?? null;
  const templateRight = tp?.targetComponent === label.template;
  units.push({ kind: "template", instance: -1, target: label.template, proposal: tp, expected: label.template, correct: templateRight, note: templateRight ? "" : `chose ${tp?.targetComponent ?? "none"}` });
  const tTypes = new Map((defs.templates[label.template]?.fields ?? []).map((f) => [f.name, f.type] as const));
  units.push(...fieldUnits(-1, proposals.filter((p) => p.scope === "field" && p.instanceIndex === -1), label.page, tTypes, templateRight));

  const aligned = extraction.components.length === label.components.length && extraction.components.every((c, i) => c.definition === label.components[i].component);
  label.components.forEach((lc, i) => {
    const cp = aligned ? (proposals.find((p) => p.scope === "component" && p.instanceIndex === i) ?? null) : null;
    const right = cp?.targetComponent === lc.component;
    units.push({ kind: "component", instance: i, target: lc.component, proposal: cp, expected: lc.component, correct: right, note: aligned ? (right ? "" : `chose ${cp?.targetComponent ?? "none"}`) : "extraction did not find this instance" });
    const types = new Map((defs.components[lc.component]?.fields ?? []).map((f) => [f.name, f.type] as const));
    const fps = aligned ? proposals.filter((p) => p.scope === "field" && p.instanceIndex === i) : [];
    units.push(...fieldUnits(i, fps, lc.fields, types, right));
  });
  return { units, aligned };
}
