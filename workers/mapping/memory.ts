import type { ProposalScope } from "../contracts/mapping";
import type { Signature } from "./signature";
import type { MemoryEntry } from "./types";

/**
 * The memory layer's arithmetic. A remembered mapping's confidence is the posterior share of
 * confirmations with a prior worth one ninth of a rejection: one confirmation gives 0.90, two give
 * 0.95, one confirmation and one rejection 0.47. A single human decision therefore clears the
 * default auto-apply threshold (0.85), which is what "learns across runs" means to a reviewer:
 * decide once, and the next run applies it. A loose match (classes and role, but another selector
 * path) counts for less (×0.9), so on its own it goes to review.
 */
export const MEMORY_PRIOR_REJECTIONS = 1 / 9;
export const LOOSE_MATCH_FACTOR = 0.9;

export function memoryConfidence(confirmations: number, rejections: number): number {
  if (confirmations <= 0) return 0;
  return confirmations / (confirmations + rejections + MEMORY_PRIOR_REJECTIONS);
}

export interface MemoryMatch {
  entry: MemoryEntry;
  confidence: number;
  loose: boolean;
}

/** Remembered decisions of an organization, indexed by signature. */
export class MemoryIndex {
  private readonly byExact = new Map<string, MemoryEntry[]>();
  private readonly byLoose = new Map<string, MemoryEntry[]>();

  constructor(entries: readonly MemoryEntry[]) {
    for (const e of entries) {
      this.byExact.set(e.signature, [...(this.byExact.get(e.signature) ?? []), e]);
      this.byLoose.set(e.looseSignature, [...(this.byLoose.get(e.looseSignature) ?? []), e]);
    }
  }

  get size(): number {
    return this.byExact.size;
  }

  /** Every usable match for a signature, best first. */
  matches(scope: ProposalScope, sig: Signature, useLoose: boolean): MemoryMatch[] {
    const out: MemoryMatch[] = [];
    const seen = new Set<string>();
    for (const e of this.byExact.get(sig.exact) ?? []) {
      if (e.scope !== scope) continue;
      seen.add(e.id);
      out.push({ entry: e, confidence: memoryConfidence(e.confirmations, e.rejections), loose: false });
    }
    if (useLoose) {
      for (const e of this.byLoose.get(sig.loose) ?? []) {
        if (e.scope !== scope || seen.has(e.id)) continue;
        out.push({ entry: e, confidence: LOOSE_MATCH_FACTOR * memoryConfidence(e.confirmations, e.rejections), loose: true });
      }
    }
    return out.filter((m) => m.confidence > 0).sort((a, b) => b.confidence - a.confidence);
  }

  /** The best match whose target passes `accept` (e.g. the target still exists in the definitions). */
  best(scope: ProposalScope, sig: Signature, useLoose: boolean, accept: (e: MemoryEntry) => boolean = () => true): MemoryMatch | null {
    return this.matches(scope, sig, useLoose).find((m) => accept(m.entry)) ?? null;
  }

  /** Whether people rejected this source for this target more often than they confirmed it. */
  rejected(scope: ProposalScope, sig: Signature, targetComponent: string, targetField: string): boolean {
    return (this.byExact.get(sig.exact) ?? []).some(
      (e) => e.scope === scope && e.targetComponent === targetComponent && e.targetField === targetField && e.rejections > e.confirmations,
    );
  }
}

export function memoryEvidence(m: MemoryMatch): string {
  const e = m.entry;
  return `${m.loose ? "similar source" : "same source"} confirmed ${e.confirmations}× and rejected ${e.rejections}× before`;
}
