/**
 * The language model layer. It sees the proposals the other layers were not sure of, answers with
 * structured output (zod), and its answer is checked against the definitions: an unknown component
 * or field, a candidate that does not exist, or a value of the wrong type never passes.
 *
 * The model's own confidence is not calibrated, so it is weighed, not trusted: agreeing with the
 * heuristics raises their confidence (noisy-or at half weight); disagreeing replaces a proposal
 * below the threshold but is capped at LLM_ALONE_CAP, so it still goes to a person.
 */
import { generateText, Output, type LanguageModel, type OutputInterface } from "ai";
import { z } from "zod";
import type { ProposalValue } from "../contracts/mapping";
import { withinDoubt, type Candidate } from "./candidates";
import type { LlmContext, LlmLayer } from "./mapper";
import type { ScoredProposal } from "./heuristics";
import { typeCompatibility } from "./scoring";
import { fieldSignature, instanceSignature, pageFieldSignature } from "./signature";
import { normalizeSpace, stripTags } from "./text";
import type { SourceRef } from "./types";
import { convertValue, valueMatchesType } from "./values";

export const LLM_AGREEMENT_WEIGHT = 0.5;
export const LLM_ALONE_CAP = 0.8;
/** Candidate previews are cut to keep the prompt small. */
const PREVIEW_CHARS = 160;

export const llmAnswerSchema = z.object({
  components: z.array(
    z.object({
      instance: z.number().int(),
      component: z.string(),
      confidence: z.number().min(0).max(1),
      fields: z.array(
        z.object({
          field: z.string(),
          source: z.string().nullable().optional(),
          value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable().optional(),
          confidence: z.number().min(0).max(1),
        }),
      ),
    }),
  ),
});
export type LlmAnswer = z.infer<typeof llmAnswerSchema>;

/** The instances (and page, as instance -1) that have a proposal below the threshold. */
function unsureInstances(ctx: LlmContext): number[] {
  return [...new Set(ctx.proposals.filter((p) => p.confidence < ctx.minConfidence).map((p) => p.instanceIndex))];
}

/** The JSON the model reads: definitions, and each unsure instance with its candidates and current guess. */
export function buildLlmRequest(ctx: LlmContext): Record<string, unknown> {
  const defs = ctx.definitions;
  const instances = unsureInstances(ctx).map((index) => {
    const cands = ctx.candidates.get(index) ?? [];
    const current = ctx.proposals.filter((p) => p.instanceIndex === index);
    const chosen = current.find((p) => p.scope !== "field")?.targetComponent ?? null;
    return {
      instance: index,
      kind: index === -1 ? "page (template fields)" : "component instance",
      classes: index === -1 ? [] : ctx.page.components[index]?.classes ?? [],
      currentChoice: chosen,
      candidates: cands.map((c, i) => ({ id: `${index}:${i}`, name: c.name, kind: c.kind, preview: preview(c) })),
      currentFields: current.filter((p) => p.scope === "field").map((p) => ({ field: p.targetField, source: p.source.name, confidence: round(p.confidence) })),
    };
  });
  return {
    url: ctx.page.url,
    title: ctx.page.title,
    components: Object.fromEntries(Object.entries(defs.components).map(([k, d]) => [k, { name: d.name, fields: d.fields }])),
    templates: Object.fromEntries(Object.entries(defs.templates).map(([k, d]) => [k, { name: d.name, fields: d.fields }])),
    instances,
  };
}

function preview(c: Candidate): string {
  const text = c.kind === "richtext" ? stripTags(c.value) : normalizeSpace(c.value);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

export interface LlmMergeResult {
  proposals: ScoredProposal[];
  accepted: number;
  rejected: string[];
}

/** Checks the model's answer against the definitions and candidates, and merges what passes. */
export function mergeLlmAnswer(ctx: LlmContext, answer: LlmAnswer): LlmMergeResult {
  const rejected: string[] = [];
  let accepted = 0;
  let proposals = [...ctx.proposals];
  const asked = new Set(unsureInstances(ctx));
  for (const item of answer.components) {
    const index = item.instance;
    if (!asked.has(index)) {
      rejected.push(`instance ${index} was not asked about`);
      continue;
    }
    const isPage = index === -1;
    const defs = isPage ? ctx.definitions.templates : ctx.definitions.components;
    const def = defs[item.component];
    if (!def) {
      rejected.push(`unknown ${isPage ? "template" : "component"} "${item.component}"`);
      continue;
    }
    const head = proposals.find((p) => p.instanceIndex === index && p.scope !== "field");
    if (!head) continue;
    const sameComponent = head.targetComponent === item.component;
    if (sameComponent) {
      replace(proposals, head, { ...head, confidence: agree(head.confidence, item.confidence), evidence: [...head.evidence, `language model agrees (${round(item.confidence)})`] });
    } else if (head.confidence < ctx.minConfidence) {
      replace(proposals, head, { ...head, targetComponent: item.component, confidence: Math.min(LLM_ALONE_CAP, item.confidence), layer: "llm", evidence: [`language model chose ${item.component} (${round(item.confidence)}) over ${head.targetComponent ?? "none"}`] });
      // The old component's fields no longer apply.
      proposals = proposals.filter((p) => !(p.instanceIndex === index && p.scope === "field"));
      accepted++;
    } else {
      rejected.push(`instance ${index}: kept ${head.targetComponent}, confident above the threshold`);
      continue;
    }
    const cands = ctx.candidates.get(index) ?? [];
    const seenFields = new Set<string>();
    for (const f of item.fields) {
      const field = def.fields.find((d) => d.name === f.field);
      if (!field) {
        rejected.push(`unknown field "${f.field}" on ${item.component}`);
        continue;
      }
      if (seenFields.has(field.name)) {
        rejected.push(`field "${field.name}" answered twice`);
        continue;
      }
      seenFields.add(field.name);
      let candidate: Candidate | null = null;
      let value: ProposalValue;
      if (f.source) {
        const ci = Number(f.source.split(":")[1]);
        candidate = f.source.startsWith(`${index}:`) && Number.isInteger(ci) ? (cands[ci] ?? null) : null;
        if (!candidate) {
          rejected.push(`unknown source "${f.source}" for ${field.name}`);
          continue;
        }
        if (typeCompatibility(field.type, candidate) === 0) {
          rejected.push(`source ${candidate.name} (${candidate.kind}) cannot fill ${field.type} field "${field.name}"`);
          continue;
        }
        value = convertValue(candidate, field.type, ctx.page.url, ctx.page.language);
      } else if (f.value !== undefined && f.value !== null) {
        value = f.value;
        if (!grounded(value, cands)) {
          rejected.push(`value for "${field.name}" is not found in the source`);
          continue;
        }
      } else {
        continue;
      }
      if (!valueMatchesType(field.type, value)) {
        rejected.push(`value for "${field.name}" is not a ${field.type}`);
        continue;
      }
      const existing = proposals.find((p) => p.instanceIndex === index && p.scope === "field" && p.targetField === field.name);
      const same = existing && JSON.stringify(existing.value) === JSON.stringify(value);
      if (existing && same) {
        // A doubtful value (see Candidate.doubt) stays capped, whoever backs it.
        const backed = withinDoubt(candidate, agree(existing.confidence, f.confidence), field.type);
        const evidence = [...existing.evidence, `language model agrees (${round(f.confidence)})`];
        if (backed.why && !evidence.includes(backed.why)) evidence.push(backed.why);
        replace(proposals, existing, { ...existing, confidence: backed.confidence, evidence });
        continue;
      }
      if (existing && existing.confidence >= ctx.minConfidence) {
        rejected.push(`field "${field.name}": kept the proposal above the threshold`);
        continue;
      }
      const sig = signatureFor(ctx, index, candidate);
      const alone = withinDoubt(candidate, Math.min(LLM_ALONE_CAP, f.confidence), field.type);
      const next: ScoredProposal = {
        scope: "field",
        instanceIndex: index,
        targetComponent: item.component,
        targetField: field.name,
        targetType: field.type,
        value,
        confidence: alone.confidence,
        layer: "llm",
        evidence: [
          `language model chose ${candidate ? candidate.name : "a literal value"} (${round(f.confidence)})`,
          ...(existing ? [`instead of ${existing.source.name}`] : []),
          ...(alone.why ? [alone.why] : []),
        ],
        source: sourceFor(ctx, index, candidate),
        signature: sig.exact,
        looseSignature: sig.loose,
        signatureParts: sig.parts,
      };
      if (existing) replace(proposals, existing, next);
      else proposals.push(next);
      accepted++;
    }
  }
  return { proposals, accepted, rejected };
}

function agree(own: number, model: number): number {
  return 1 - (1 - own) * (1 - LLM_AGREEMENT_WEIGHT * model);
}

function replace(list: ScoredProposal[], old: ScoredProposal, next: ScoredProposal) {
  const i = list.indexOf(old);
  if (i >= 0) list[i] = next;
}

/** A literal from the model must appear in the source: no invented text, URLs or numbers. */
function grounded(value: ProposalValue, cands: readonly Candidate[]): boolean {
  const haystack = cands.map((c) => `${c.value} ${c.kind === "richtext" ? stripTags(c.value) : ""}`).join(" ").toLowerCase();
  const parts = Array.isArray(value) ? value : [String(value)];
  return parts.every((p) => haystack.includes(normalizeSpace(p).toLowerCase()));
}

function signatureFor(ctx: LlmContext, index: number, c: Candidate | null) {
  if (index === -1) return c ? pageFieldSignature(ctx.page.url, c) : { exact: "llm-literal", loose: "llm-literal", parts: {} };
  const isig = instanceSignature(ctx.page.components[index]);
  return c ? fieldSignature(isig, c) : { exact: `${isig.exact}:literal`, loose: `${isig.loose}:literal`, parts: isig.parts };
}

function sourceFor(ctx: LlmContext, index: number, c: Candidate | null): SourceRef {
  const inst = index >= 0 ? ctx.page.components[index] : null;
  return {
    definition: inst?.definition ?? null,
    name: c?.name ?? null,
    selector: c?.selector ?? null,
    kind: c?.kind ?? null,
    path: inst?.path ?? null,
    classes: inst?.classes ?? [],
  };
}

export interface LlmLayerOptions {
  model: LanguageModel;
  prompt: string;
  /** Called with what the check rejected, for logs. */
  onRejected?: (reasons: string[]) => void;
  /** Called when the model call fails; the other layers' proposals stand. */
  onError?: (error: unknown) => void;
}

type Checked = { ok: true; value: LlmAnswer } | { ok: false; error: unknown };

/**
 * Structured output (the provider is asked for JSON of the answer's schema) whose check reports an
 * answer that is not valid JSON of that schema instead of throwing it: a bad answer is an expected
 * outcome here, and the other layers' proposals simply stand.
 */
function checkedOutput(): OutputInterface<Checked, unknown, never> {
  const base = Output.object({ schema: llmAnswerSchema, name: "mapping", description: "Target component and field sources for each instance" });
  return {
    name: base.name,
    responseFormat: base.responseFormat,
    parsePartialOutput: () => Promise.resolve(undefined),
    createElementStreamTransform: () => undefined,
    async parseCompleteOutput(options, context) {
      try {
        return { ok: true, value: await base.parseCompleteOutput(options, context) };
      } catch (error) {
        return { ok: false, error };
      }
    },
  };
}

/** The language model layer over any `ai` SDK model (Workers AI, an OpenAI-compatible endpoint, a mock). */
export function createLlmLayer(opts: LlmLayerOptions): LlmLayer {
  return async (ctx) => {
    try {
      const { output } = await generateText({
        model: opts.model,
        instructions: opts.prompt,
        prompt: JSON.stringify(buildLlmRequest(ctx)),
        output: checkedOutput(),
        temperature: 0,
      });
      if (!output.ok) {
        opts.onError?.(output.error);
        return ctx.proposals;
      }
      const merged = mergeLlmAnswer(ctx, output.value);
      if (merged.rejected.length) opts.onRejected?.(merged.rejected);
      return merged.proposals;
    } catch (error) {
      opts.onError?.(error);
      return ctx.proposals;
    }
  };
}
