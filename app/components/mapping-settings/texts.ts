import type { LlmProvider, ProposalScope } from "../../../workers/contracts/mapping";

/** User-facing texts of the AI mapping settings tab. */
export const MAPPING_SETTINGS_TEXTS = {
  // Threshold
  thresholdTitle: "Auto-apply",
  thresholdLabel: "Minimum confidence for auto-apply",
  thresholdHint: "A snapshot whose mappings all reach this confidence is applied automatically; the rest wait for review.",
  thresholdRange: "Enter a number between 0 and 1",
  thresholdSave: "Save threshold",
  thresholdSaved: "Settings saved",
  thresholdFailed: "Could not save the settings",
  thresholdAsPercent: (pct: number) => `${pct}% and above is applied without review`,

  // Language model
  llmTitle: "Language model",
  llmDescription: "The deterministic mapper always runs; a language model adds proposals for what it cannot place.",
  provider: "Provider",
  model: "Model",
  modelHintWorkersAi: "Optional: a Workers AI model id; the default model is used when empty.",
  modelHintOpenAi: "The model name the endpoint expects, e.g. gpt-4o-mini.",
  baseUrl: "Base URL",
  baseUrlHint: "The OpenAI-compatible API root, e.g. https://api.example.com/v1.",
  apiKey: "API key",
  apiKeyHintStored: "A key is stored. Leave the mask to keep it, type a new one to replace it, or clear the field to remove it.",
  apiKeyHintNone: "Sent as a bearer token; stored encrypted and never shown again.",
  workersAiUnavailable: "Workers AI is not bound in this deployment; mapping falls back to the deterministic mapper.",
  llmSave: "Save model settings",
  llmSaved: "Language model settings saved",
  llmFailed: "Could not save the language model settings",
  llmLoadFailed: "Could not load the language model settings",

  // Prompt
  promptTitle: "Prompt",
  promptDescription: "The instructions the language model gets with each page. Every save keeps a version.",
  promptLabel: "Mapping prompt",
  enrichPromptTitle: "Enrich prompt",
  enrichPromptLabel: "Enrich prompt text",
  enrichPromptDescription: "The instructions the language model gets with each page it improves (meta title and description, alt text, summary, tags). Every save keeps a version.",
  promptVersion: (v: number) => `Version ${v}`,
  promptDefault: "Default",
  promptCustom: "Customised",
  promptSave: "Save prompt",
  promptSaved: (v: number) => `Prompt saved as version ${v}`,
  promptFailed: "Could not save the prompt",
  promptLoadFailed: "Could not load the prompt",
  promptReset: "Reset to default",
  promptResetTitle: "Reset the prompt to the default?",
  promptResetBody: "The default text is saved as a new version; earlier versions stay in the history.",
  promptResetDone: (v: number) => `Prompt reset to the default as version ${v}`,
  promptResetFailed: "Could not reset the prompt",
  promptVersions: "Versions",
  promptVersionBy: (by: string | null) => (by ? `by ${by}` : "by the system"),
  promptUnsaved: "Unsaved changes",
  promptCurrent: "Current",

  refresh: "Refresh",

  // Calibration
  calibrationTitle: "Calibration",
  calibrationDescription: "For each confidence band: how many proposals people approved unchanged. A well-calibrated mapper's approval rate matches its confidence.",
  calibrationTable: "Calibration by confidence band",
  calibrationLoadFailed: "Could not load the calibration",
  calibrationEmpty: "No proposals yet",
  calibrationEmptyHint: "Run a migration and review its snapshots; the table fills as people decide.",
  calibrationCaption: (threshold: number) => `Confidence bands; auto-apply threshold ${threshold}%`,
  colBand: "Confidence",
  colProposals: "Proposals",
  colReviewed: "Reviewed",
  colApproved: "Approved unchanged",
  colRate: "Approval rate",
  colMean: "Mean confidence",
  totals: (t: { proposals: number; reviewed: number; approvedUnchanged: number; autoApplied: number }) =>
    `${t.proposals} proposals · ${t.reviewed} reviewed · ${t.approvedUnchanged} approved unchanged · ${t.autoApplied} auto-applied`,
  notReviewed: "—",
  aboveThreshold: "auto-apply",

  // Memory
  memoryTitle: "Learned mappings",
  memoryDescription: "Decisions people made earlier for this organization; they apply first on later runs.",
  memoryLoadFailed: "Could not load the learned mappings",
  memoryEmpty: "Nothing learned yet",
  memoryEmptyHint: "Approving, tweaking or overriding proposals on a snapshot teaches the mapper.",
  memoryForget: "Forget",
  memoryForgetLabel: (target: string) => `Forget the mapping to ${target}`,
  memoryForgetTitle: "Forget this learned mapping?",
  memoryForgetBody: "Later runs stop applying it; proposals fall back to the mapper.",
  memoryForgotten: "Learned mapping forgotten",
  memoryForgetFailed: "Could not forget the learned mapping",
  memoryConfirmations: (n: number) => `${n} confirmed`,
  memoryRejections: (n: number) => `${n} rejected`,
  memoryConfidence: (pct: number) => `${pct}% confidence`,
  memorySource: "Source",
  memoryTarget: "Target",
  memoryStats: "Evidence",
} as const;

/** How each language model provider reads. */
export const PROVIDER_LABELS: Record<LlmProvider, string> = {
  none: "None: deterministic mapper only",
  "workers-ai": "Workers AI",
  "openai-compatible": "OpenAI-compatible endpoint",
};

export const SCOPE_LABELS: Record<ProposalScope, string> = {
  component: "Component",
  field: "Field",
  template: "Page field",
};
