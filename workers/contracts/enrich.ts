/**
 * Enrich: findings over a project's migrated pages, proposals that fix them, their review and their
 * application to the target platform. Shared by the API, the services and the screens.
 */
import { z } from "zod";

/** Every deterministic finding kind, page-level first, then those that need the whole site. */
export const FINDING_KINDS = [
  "title-missing",
  "title-too-long",
  "description-missing",
  "description-too-long",
  "image-alt-missing",
  "h1-missing",
  "h1-multiple",
  "heading-skip",
  "canonical-missing",
  "language-missing",
  "thin-content",
  "title-duplicate",
  "description-duplicate",
  "link-broken",
  "link-redirect",
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/** Kinds a single page's HTML decides (the benchmark scores these). */
export const PAGE_FINDING_KINDS = FINDING_KINDS.slice(0, 11) as readonly FindingKind[];

export const FINDING_LABELS: Record<FindingKind, string> = {
  "title-missing": "Missing meta title",
  "title-too-long": "Meta title too long",
  "description-missing": "Missing meta description",
  "description-too-long": "Meta description too long",
  "image-alt-missing": "Images without alt text",
  "h1-missing": "Missing or empty H1",
  "h1-multiple": "More than one H1",
  "heading-skip": "Skipped heading level",
  "canonical-missing": "Missing canonical URL",
  "language-missing": "Missing language",
  "thin-content": "Thin page",
  "title-duplicate": "Duplicate meta title",
  "description-duplicate": "Duplicate meta description",
  "link-broken": "Internal link answers 404",
  "link-redirect": "Internal link redirects",
};

export type FindingSeverity = "error" | "warning" | "notice";

/** The page fields a proposal can change. */
export const ENRICH_FIELDS = ["metaTitle", "metaDescription", "imageAlt", "language", "summary", "tags"] as const;
export type EnrichField = (typeof ENRICH_FIELDS)[number];

export const ENRICH_FIELD_LABELS: Record<EnrichField, string> = {
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  imageAlt: "Image alt text",
  language: "Language",
  summary: "Summary",
  tags: "Tags",
};

export interface Finding {
  kind: FindingKind;
  severity: FindingSeverity;
  /** How sure the check is that this is a real problem of the page, 0..1. */
  confidence: number;
  message: string;
  /** What was read off the page: the title and its length, the images, the heading outline. */
  evidence: string[];
  /** The field a proposal would change, when one can fix it. */
  field?: EnrichField;
  /** For image findings: the image the finding is about. */
  target?: string;
}

export const PROPOSAL_STATUSES = ["pending", "approved", "rejected", "applied"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export interface EnrichProposalDto {
  id: string;
  snapshotId: string;
  pageUrl: string;
  field: EnrichField;
  /** The image address for alt text; "" for page fields. */
  target: string;
  kind: FindingKind | "ai";
  before: string;
  value: string;
  finalValue: string | null;
  confidence: number;
  /** "deterministic" or "ai:<model>". */
  source: string;
  rationale: string;
  status: ProposalStatus;
  /** Set when the decision came from an earlier run's decision on the same page and field. */
  remembered: boolean;
  decidedAt: string | null;
  appliedAt: string | null;
}

export interface PageAuditDto {
  snapshotId: string;
  url: string;
  title: string;
  screenshotUrl: string | null;
  scoreBefore: number;
  scoreAfter: number;
  wordCount: number;
  findings: Finding[];
  /** The page as written to the target and audited there (its fidelity check), or null when it was not checked. */
  target: TargetAuditDto | null;
}

/** The audit of a page as the target serves it, from the run's fidelity check of the written page. */
export interface TargetAuditDto {
  url: string;
  checkedAt: string;
  /** The same score as the source's, over the target page's findings. */
  score: number;
  findings: Finding[];
}

export interface SiteAuditDto {
  siteId: string;
  runId: string | null;
  pages: PageAuditDto[];
  byKind: Array<{ kind: FindingKind; label: string; pages: number }>;
  scoreBefore: number;
  scoreAfter: number;
  /** Pages per score band: 0-9, 10-19, …, 90-100. */
  distribution: number[];
  proposals: { pending: number; approved: number; rejected: number; applied: number };
  /** Whether a language model is configured for the site (AI proposals), or the deterministic layer alone. */
  aiAvailable: boolean;
  /** Pages checked in the target (as written) and their mean score there; null when none was checked. */
  target: { pages: number; score: number } | null;
  /** The latest analysis of the project as a job (null before the first request). */
  analysis: EnrichAnalysisDto | null;
}

/**
 * POST /sites/{siteId}/enrich/analyse answers 202 with this: the analysis runs on the analysis queue,
 * outside the request. GET /sites/{siteId}/enrich carries it too, so a screen can follow it to the end.
 */
export interface EnrichAnalysisDto {
  status: "queued" | "running" | "done" | "failed";
  runId: string;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why it failed (status "failed"), or null. */
  error: string | null;
}

/** One application of approved changes to the target, with each change's outcome and before/after. */
export interface EnrichApplyDto {
  id: string;
  platform: string;
  createdAt: string;
  rolledBackAt: string | null;
  summary: Record<string, number>;
  changes: Array<{ id: string; proposalId: string; pageUrl: string; field: string; target: string; status: "applied" | "unsupported" | "failed"; message: string; before: unknown; after: unknown; rolledBackAt: string | null }>;
  /** What the rollback did with each value the apply wrote; null before a rollback (and for applies rolled back before outcomes were kept). */
  rollback: EnrichRollbackOutcome[] | null;
}

/**
 * One value an apply wrote, as its rollback left it. A rollback restores a value only where the target
 * still holds what the apply wrote: one an editor or a later apply changed since ("left") stays as it is.
 * "gone": the page or asset is no longer in the target. "unchecked": restored without that check, because
 * the apply was recorded before applies kept what they wrote.
 */
export interface EnrichRollbackOutcome {
  pageUrl: string;
  status: "restored" | "left" | "gone" | "unchecked";
  /** What the value is, in the platform's words: "page property pageTitle", "dc:description of the DAM asset /content/dam/a.png". */
  item: string;
  message: string;
}

/** The messages of rollback outcomes (the API's `message`, asserted by tests). */
export const ENRICH_ROLLBACK_MESSAGES = {
  restored: (item: string) => `Restored ${item}`,
  restoredEarlier: (item: string) => `Restored ${item} to its value before the earlier applies rolled back since`,
  left: (item: string) => `Left ${item} as it is: it changed since this apply`,
  gone: (item: string) => `${item[0]!.toUpperCase()}${item.slice(1)} is no longer in the target`,
  unchecked: (item: string) => `Restored ${item} without checking for later changes (this apply was recorded before rollbacks checked them)`,
} as const;

export const enrichDecisionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject") }),
  z.object({ action: z.literal("tweak"), value: z.string().trim().min(1).max(2000) }),
]);
export type EnrichDecisionInput = z.infer<typeof enrichDecisionSchema>;

export const enrichBulkApproveSchema = z.object({ threshold: z.number().min(0).max(1), snapshotId: z.string().min(1).max(200).optional() });

export const enrichApplySchema = z.object({ proposalIds: z.array(z.string().min(1).max(200)).min(1).max(90).optional() });

export const ENRICH_MESSAGES = {
  noRun: "This project has no migration run yet",
  proposalNotFound: "Proposal not found",
  applyNotFound: "Apply not found",
  notApproved: "Only approved proposals can be applied",
  alreadyRolledBack: "This apply was already rolled back",
  noPlatform: "Connect a target platform before applying changes",
  nothingToApply: "No approved changes to apply",
  offlineNote: "Written from the page's own text: a language model would do better.",
  analysisFailed: "The analysis could not finish. Try again; if it fails again, contact support.",
} as const;
