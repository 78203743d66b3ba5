import type { CalibrationBandDto, LlmProvider, MemoryEntryDto } from "../../../workers/contracts/mapping";

/**
 * The body of PUT …/mapping/settings. The API key is sent only for an OpenAI-compatible endpoint, and
 * as shown: the mask keeps the stored key, an empty field clears it, anything else replaces it.
 */
export function settingsBody(v: { llmProvider: LlmProvider; model: string; baseUrl: string; apiKey: string }) {
  const body: { llmProvider: LlmProvider; model: string; baseUrl: string; apiKey?: string } = { llmProvider: v.llmProvider, model: v.model.trim(), baseUrl: v.baseUrl.trim() };
  if (v.llmProvider === "openai-compatible") body.apiKey = v.apiKey;
  return body;
}

/** Parses the threshold as typed; null when it is not a number in 0..1. */
export function parseThreshold(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

/** A 0..1 share as a whole percentage. */
export const pct = (v: number) => `${Math.round(v * 100)}%`;

/** A band as "80–90%". */
export function bandLabel(b: Pick<CalibrationBandDto, "from" | "to">): string {
  return `${Math.round(b.from * 100)}–${Math.round(b.to * 100)}%`;
}

/** A signature's parts as "name: value" pairs, leaving out empty ones. */
export function signatureParts(sig: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(sig)) {
    if (v === null || v === undefined || v === "") continue;
    const text = Array.isArray(v) ? v.map(String).join(" ") : typeof v === "object" ? JSON.stringify(v) : String(v);
    if (text) out.push([k, text]);
  }
  return out;
}

export function memoryTarget(e: Pick<MemoryEntryDto, "targetComponent" | "targetField">): string {
  return e.targetField ? `${e.targetComponent}.${e.targetField}` : e.targetComponent;
}
