/**
 * The mapping API: definitions, auto-populate, proposals and review, calibration, prompts and the
 * language model settings. Every path is under /api/v1, needs a bearer token and X-Organization-Id,
 * and answers errors as `{ error, details? }`.
 *
 * Definitions (the site must belong to the organization):
 *   GET    /sites/{siteId}/components                → DefinitionsResponse<ComponentDefinition>
 *   GET    /sites/{siteId}/components/{key}          → DefinitionResponse<ComponentDefinition>
 *   PUT    /sites/{siteId}/components/{key}          body ComponentDefinition → DefinitionResponse
 *   DELETE /sites/{siteId}/components/{key}          → { success: true }
 *   GET|PUT|DELETE /sites/{siteId}/templates[/{key}] the same with TemplateDefinition
 *
 * Auto-populate (spec §3 state):
 *   GET  /sites/{siteId}/auto-populate               → AutoPopulateState
 *   POST /sites/{siteId}/auto-populate               body AutoPopulateRequest → 202 AutoPopulateState
 *   POST /sites/{siteId}/auto-populate/accept        body AcceptSuggestionsRequest → DefinitionsResponse
 *   DELETE /sites/{siteId}/auto-populate             → AutoPopulateState (back to idle)
 *
 * Mapping and review:
 *   GET  /sites/{siteId}/mapping/snapshots           → { snapshots: SnapshotMappingSummaryDto[] }
 *   GET  /mapping/snapshots/{snapshotId}             → SnapshotMappingDto
 *   POST /mapping/snapshots/{snapshotId}/map         body MapSnapshotRequest → SnapshotMappingDto (re-map)
 *   POST /mapping/snapshots/{snapshotId}/bulk-approve body BulkApproveRequest → BulkApproveResponse
 *   POST /mapping/proposals/{proposalId}/decision    body DecisionRequest → DecisionResponse
 *   GET  /sites/{siteId}/mapping/calibration         → CalibrationDto
 *   GET  /sites/{siteId}/mapping/memory              → { entries: MemoryEntryDto[] }
 *   DELETE /sites/{siteId}/mapping/memory/{entryId}  → { success: true }
 *
 * Prompt and model:
 *   GET  /sites/{siteId}/mapping/prompt              → PromptDto
 *   PUT  /sites/{siteId}/mapping/prompt              body { prompt } → PromptDto (a new version)
 *   POST /sites/{siteId}/mapping/prompt/reset        → PromptDto (a new version with the default text)
 *   GET  /sites/{siteId}/mapping/settings            → MappingSettingsDto (API key masked)
 *   PUT  /sites/{siteId}/mapping/settings            body MappingSettingsInput → MappingSettingsDto
 */
import { z } from "zod";
import type { Box } from "./extraction";
import { componentDefinitionSchema, templateDefinitionSchema, type ComponentDefinition, type FieldType } from "./definitions";

/** Minimum confidence for auto-apply when the site sets none (site settings `minConfidence`). */
export const DEFAULT_MIN_CONFIDENCE = 0.85;

export const MAPPING_LAYERS = ["memory", "heuristic", "llm"] as const;
export type MappingLayer = (typeof MAPPING_LAYERS)[number];

export const PROPOSAL_SCOPES = ["component", "field", "template"] as const;
export type ProposalScope = (typeof PROPOSAL_SCOPES)[number];

export const PROPOSAL_STATUSES = ["pending", "auto_applied", "approved", "tweaked", "overridden", "rejected"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const SNAPSHOT_MAPPING_STATUSES = ["auto_applied", "needs_review", "reviewed"] as const;
export type SnapshotMappingStatus = (typeof SNAPSHOT_MAPPING_STATUSES)[number];

export const DECISION_ACTIONS = ["approve", "tweak", "override", "reject"] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

export const LLM_PROVIDERS = ["none", "workers-ai", "openai-compatible"] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** User-facing texts of the mapping feature. */
export const MAPPING_MESSAGES = {
  componentNotFound: "Component definition not found",
  templateNotFound: "Template definition not found",
  snapshotNotMapped: "No mapping found for this snapshot",
  proposalNotFound: "Mapping proposal not found",
  unknownTargetComponent: "The target component is not defined for this site",
  unknownTargetField: "The target field is not defined on this component",
  valueRequired: "A value is required to tweak a mapping",
  overrideTargetRequired: "Choose another field or component to override a mapping",
  overrideFieldOnComponent: "A component proposal is overridden with another component, not a field",
  wrongValueType: "The value does not match the field type",
  autoPopulateRunning: "Auto-populate is already running for this site",
  autoPopulateOrigin: "The page must be on the site's domain",
  autoPopulateNoSuggestions: "No suggestions to accept",
  suggestionNotFound: "Suggestion not found",
  extractionUnavailable: "The extracted content of this snapshot is not available",
  llmBaseUrlRequired: "An OpenAI-compatible endpoint needs a base URL and a model",
  promptEmpty: "The prompt cannot be empty",
  waitingForReview: "The mapping of this page waits for review: some proposals are below the minimum confidence",
} as const;

/** Keys of definitions in the site configuration maps; used in URLs. */
export const definitionKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, "Keys start with a letter or digit and use letters, digits, _, ., : or -");

export interface DefinitionsResponse<T> {
  /** Valid definitions by key. */
  definitions: Record<string, T>;
  /** Stored entries that do not pass the schema, with the first problem. */
  invalid: Record<string, string>;
}

export interface DefinitionResponse<T> {
  key: string;
  definition: T;
}

export const putComponentSchema = componentDefinitionSchema;
export const putTemplateSchema = templateDefinitionSchema;

// ---------------------------------------------------------------- auto-populate

export const AUTO_POPULATE_STATUSES = ["idle", "rendering", "detecting", "completed", "failed"] as const;
export type AutoPopulateStatus = (typeof AUTO_POPULATE_STATUSES)[number];

/** Kinds of recurring structure the detector recognises. */
export const STRUCTURE_KINDS = ["hero", "card", "teaser", "list", "accordion", "text-media", "quote", "cta", "form", "gallery", "text"] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];

export const autoPopulateRequestSchema = z.object({
  url: z.string().trim().url("Enter an absolute URL").max(2000),
  selector: z.string().trim().max(1000).optional().default(""),
});

/** A proposed component definition, found on the page. */
export interface SuggestedComponent {
  id: string;
  key: string;
  kind: StructureKind;
  /** How many instances the selector matched on the page. */
  occurrences: number;
  /** 0..1: how sure the detector is that this is one reusable component. */
  score: number;
  definition: ComponentDefinition;
  /** Short text of the first instance, to recognise it. */
  sample: string;
}

export interface AutoPopulateState {
  status: AutoPopulateStatus;
  /** 0..100 */
  progress: number;
  suggestedComponents: SuggestedComponent[];
  isAutoPopulating: boolean;
  url: string;
  selector: string;
  error: string | null;
  updatedAt: string | null;
}

export const acceptSuggestionsSchema = z.object({
  suggestions: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        /** Store under another key than the suggested one. */
        key: definitionKeySchema.optional(),
        /** The definition as the user edited it; the suggestion's own otherwise. */
        definition: componentDefinitionSchema.optional(),
      }),
    )
    .min(1, MAPPING_MESSAGES.autoPopulateNoSuggestions)
    .max(100),
});

// ---------------------------------------------------------------- proposals and review

export type ProposalValue = string | number | boolean | string[] | null;
export const proposalValueSchema = z.union([z.string().max(200_000), z.number(), z.boolean(), z.array(z.string().max(20_000)).max(500), z.null()]);

/** Where a proposed value comes from in the source page. */
export interface ProposalSourceDto {
  definition: string | null;
  /** Source field name, with the part used (e.g. "cta#label", "image#alt"). */
  name: string | null;
  selector: string | null;
  kind: string | null;
  /** Path of the component instance on the page. */
  path: string | null;
  classes: string[];
  /** Where the value comes from: "JSON-LD NewsArticle.author", "visible byline under the h1". */
  provenance: string | null;
  /** Where the source element was drawn on the snapshot's screenshot, when known. */
  box: Box | null;
}

/** What a proposal proposes and how sure it is: the same for the mapper's proposals and the stored ones. */
export interface ProposalTarget {
  /** "component": which component an instance becomes; "field": the value of one target field; "template": a page field. */
  scope: ProposalScope;
  /** Index of the component instance on the page (`PageExtraction.components`); -1 for the page (template) itself. */
  instanceIndex: number;
  targetComponent: string | null;
  targetField: string | null;
  targetType: FieldType | null;
  value: ProposalValue;
  /** Calibrated: the share of such proposals people approve unchanged. */
  confidence: number;
  layer: MappingLayer;
  evidence: string[];
}

export interface ProposalDto extends ProposalTarget {
  id: string;
  snapshotId: string;
  source: ProposalSourceDto;
  status: ProposalStatus;
  /** What is applied once decided (the proposal itself when approved or auto-applied). */
  final: { component: string | null; field: string | null; value: ProposalValue } | null;
  decidedBy: { id: string; email: string } | null;
  decidedAt: string | null;
}

export interface SnapshotMappingSummaryDto {
  snapshotId: string;
  siteId: string;
  runId: string | null;
  url: string;
  status: SnapshotMappingStatus;
  minConfidence: number;
  lowestConfidence: number | null;
  counts: Record<ProposalStatus, number> & { total: number };
  updatedAt: string;
}

export interface SnapshotMappingDto extends SnapshotMappingSummaryDto {
  proposals: ProposalDto[];
}

export const mapSnapshotSchema = z.object({
  preferRagRuns: z.boolean().optional(),
  ragOnly: z.boolean().optional(),
});

export const decisionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject") }),
  z.object({ action: z.literal("tweak"), value: proposalValueSchema }),
  z.object({
    action: z.literal("override"),
    targetComponent: definitionKeySchema.optional(),
    targetField: z.string().trim().min(1).max(100).optional(),
    value: proposalValueSchema.optional(),
  }),
]);
export type DecisionRequest = z.infer<typeof decisionSchema>;

export interface DecisionResponse {
  proposal: ProposalDto;
  snapshot: SnapshotMappingSummaryDto;
}

export const bulkApproveSchema = z.object({
  threshold: z.number().min(0).max(1),
});

export interface BulkApproveResponse {
  approved: number;
  snapshot: SnapshotMappingSummaryDto;
}

/** One confidence band of the calibration view: how many proposals people approved unchanged. */
export interface CalibrationBandDto {
  from: number;
  to: number;
  proposals: number;
  /** Proposals a person decided (auto-applied ones are not counted as decided). */
  reviewed: number;
  approvedUnchanged: number;
  /** approvedUnchanged / reviewed, or null with nothing reviewed. */
  approvalRate: number | null;
  /** The mean confidence the mapper claimed in this band. */
  meanConfidence: number | null;
}

export interface CalibrationDto {
  siteId: string;
  minConfidence: number;
  bands: CalibrationBandDto[];
  totals: { proposals: number; reviewed: number; approvedUnchanged: number; autoApplied: number };
}

export interface MemoryEntryDto {
  id: string;
  scope: ProposalScope;
  signature: Record<string, unknown>;
  targetComponent: string;
  targetField: string | null;
  confirmations: number;
  rejections: number;
  confidence: number;
  updatedAt: string;
}

// ---------------------------------------------------------------- prompt and model

export const savePromptSchema = z.object({
  prompt: z.string().trim().min(1, MAPPING_MESSAGES.promptEmpty).max(20_000),
});

export interface PromptDto {
  prompt: string;
  version: number;
  isDefault: boolean;
  updatedAt: string | null;
  versions: { version: number; isDefault: boolean; createdAt: string; createdBy: string | null }[];
}

export const mappingSettingsSchema = z
  .object({
    llmProvider: z.enum(LLM_PROVIDERS),
    model: z.string().trim().max(200).optional().default(""),
    baseUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Must be an http(s) URL")
      .optional()
      .default(""),
    /** The mask keeps the stored key; an empty string clears it. */
    apiKey: z.string().max(2000).optional(),
  })
  .strict()
  .refine((v) => v.llmProvider !== "openai-compatible" || (v.baseUrl !== "" && v.model !== ""), {
    message: MAPPING_MESSAGES.llmBaseUrlRequired,
    path: ["baseUrl"],
  });
export type MappingSettingsInput = z.infer<typeof mappingSettingsSchema>;

export interface MappingSettingsDto {
  llmProvider: LlmProvider;
  model: string;
  baseUrl: string;
  /** The mask when a key is stored, else "". */
  apiKey: string;
  /** Whether the Workers AI binding exists in this deployment. */
  workersAiAvailable: boolean;
  minConfidence: number;
}
