import type { ComponentDefinitions, TemplateDefinitions } from "../contracts/definitions";
import type { MappingLayer, ProposalScope, ProposalSourceDto, ProposalTarget } from "../contracts/mapping";

/** The site's definitions the mapper maps onto. */
export interface MappingDefinitions {
  components: ComponentDefinitions;
  templates: TemplateDefinitions;
}

/** Where a proposed value comes from in the source page; provenance and box are known only to some layers. */
export type SourceRef = Omit<ProposalSourceDto, "provenance" | "box"> & Partial<Pick<ProposalSourceDto, "provenance" | "box">>;

/** One proposal of the mapper, before it is stored. */
export interface MappingProposal extends ProposalTarget {
  source: SourceRef;
  /** Memory keys: exact (path, classes, field role) and loose (classes and role only). */
  signature: string;
  looseSignature: string;
  /** Readable parts of the signature, kept with memory entries. */
  signatureParts: Record<string, unknown>;
}

/** All proposals for one page. */
export interface PageMapping {
  url: string;
  template: string | null;
  proposals: MappingProposal[];
  /** The lowest confidence of any proposal, or null when there is none. */
  lowestConfidence: number | null;
  /** Layers that took part. */
  layers: MappingLayer[];
}

/** A remembered decision, as the memory layer reads it. */
export interface MemoryEntry {
  id: string;
  scope: ProposalScope;
  signature: string;
  looseSignature: string;
  targetComponent: string;
  /** "" for component and template entries. */
  targetField: string;
  confirmations: number;
  rejections: number;
}

/** Run options that choose the layers (spec §7 `preferRagRuns`, `ragOnly`). */
export interface MappingOptions {
  /** Memory matches win over other layers, loose signature matches included. */
  preferRagRuns?: boolean;
  /** Memory alone: nothing is proposed without a remembered decision. */
  ragOnly?: boolean;
  /** Proposals below this go to the language model, when one is configured. */
  minConfidence?: number;
}
