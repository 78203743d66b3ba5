import type { ComponentDefinitions, FieldType, TemplateDefinitions } from "../contracts/definitions";
import type { Box } from "../contracts/extraction";
import type { MappingLayer, ProposalScope, ProposalValue } from "../contracts/mapping";

/** The site's definitions the mapper maps onto. */
export interface MappingDefinitions {
  components: ComponentDefinitions;
  templates: TemplateDefinitions;
}

/** Where a proposed value comes from in the source page. */
export interface SourceRef {
  definition: string | null;
  /** Source field name, with the part used (e.g. "cta#label", "image#alt"). */
  name: string | null;
  selector: string | null;
  kind: string | null;
  /** Path of the component instance on the page. */
  path: string | null;
  classes: string[];
  /** Where the value comes from, for reviewers: "JSON-LD Article.author", "visible byline under the h1". */
  provenance?: string | null;
  /** Where the source element was drawn on the screenshot, when known. */
  box?: Box | null;
}

/** One proposal of the mapper, before it is stored. */
export interface MappingProposal {
  scope: ProposalScope;
  /** Index into `PageExtraction.components`, or -1 for the page. */
  instanceIndex: number;
  targetComponent: string | null;
  targetField: string | null;
  targetType: FieldType | null;
  value: ProposalValue;
  /** Calibrated probability that a reviewer approves this proposal unchanged. */
  confidence: number;
  layer: MappingLayer;
  evidence: string[];
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
