import { and, eq, sql } from "drizzle-orm";
import type { PageExtraction } from "../contracts/extraction";
import type { ProposalStatus, SnapshotMappingStatus, SnapshotMappingSummaryDto } from "../contracts/mapping";
import { MAPPING_MESSAGES } from "../contracts/mapping";
import type { Db } from "../db/client";
import { mappingProposals, mappingSnapshots, type MappingSnapshotRow } from "../db/schema-mapping";
import type { Env } from "../env";
import { notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { createLlmLayer } from "../mapping/llm";
import { mapPage, pageSignatures, type LlmLayer } from "../mapping/mapper";
import type { MappingDefinitions, MappingProposal, SourceRef } from "../mapping/types";
import { auditStatement, type Actor } from "./audit";
import { loadMappingDefinitions } from "./definitions";
import { loadMemory } from "./mapping-memory";
import { loadBodyVerdicts } from "./body-verdicts";
import { activePrompt, resolveLanguageModel, siteMinConfidence } from "./mapping-settings";

export interface MapSnapshotInput {
  organizationId: string;
  siteId: string;
  snapshotId: string;
  runId: string | null;
  extraction: PageExtraction;
  /** The run's copy of the definitions; the site's current ones when absent. */
  definitions?: MappingDefinitions;
  options?: { preferRagRuns?: boolean; ragOnly?: boolean };
  /** Where the extraction is stored (R2), so a reviewer's component override can map the instance again. */
  extractionKey?: string | null;
  actor: Actor | null;
  /** Map again and replace the stored proposals; otherwise a stored mapping is kept as it is. */
  replace?: boolean;
  /** A language model layer to use instead of the site's configured one (tests). */
  llm?: LlmLayer | null;
}

/** D1 batches every insert; one row per statement keeps each under D1's 100-parameter limit. */
/** The columns that record where a proposal's value comes from. */
export function sourceColumns(source: SourceRef) {
  return {
    sourceDefinition: source.definition,
    sourceName: source.name,
    sourceSelector: source.selector,
    sourceKind: source.kind,
    sourcePath: source.path,
    sourceClasses: source.classes,
    sourceProvenance: source.provenance ?? null,
    sourceBox: source.box ?? null,
  };
}

function proposalRow(input: MapSnapshotInput, p: MappingProposal, status: ProposalStatus) {
  return {
    id: newId(),
    organizationId: input.organizationId,
    siteId: input.siteId,
    snapshotId: input.snapshotId,
    instanceIndex: p.instanceIndex,
    scope: p.scope,
    ...sourceColumns(p.source),
    signature: p.signature,
    looseSignature: p.looseSignature,
    targetComponent: p.targetComponent,
    targetField: p.targetField,
    targetType: p.targetType,
    value: p.value,
    confidence: p.confidence,
    layer: p.layer,
    evidence: p.evidence,
    status,
  };
}

async function llmFor(db: Db, env: Env, siteId: string): Promise<LlmLayer | null> {
  const model = await resolveLanguageModel(db, env, siteId);
  if (!model) return null;
  return createLlmLayer({
    model,
    prompt: await activePrompt(db, siteId),
    onRejected: (reasons) => console.warn("Language model answer partly rejected", reasons),
    onError: (error) => console.warn("Language model failed; the other layers' proposals stand", error instanceof Error ? error.message : error),
  });
}

/**
 * Maps one snapshot and stores its proposals. A snapshot whose proposals all reach the site's
 * minimum confidence is auto-applied; otherwise it waits for review. Idempotent: a snapshot mapped
 * before keeps its proposals and decisions unless `replace` is set.
 */
export async function mapSnapshot(db: Db, env: Env, input: MapSnapshotInput): Promise<SnapshotMappingSummaryDto> {
  const existing = await db.query.mappingSnapshots.findFirst({
    where: and(eq(mappingSnapshots.snapshotId, input.snapshotId), eq(mappingSnapshots.organizationId, input.organizationId)),
  });
  if (existing && !input.replace) return getSnapshotSummary(db, input.organizationId, input.snapshotId);
  const definitions = input.definitions ?? (await loadMappingDefinitions(db, input.organizationId, input.siteId));
  const minConfidence = await siteMinConfidence(db, input.siteId);
  const memory = await loadMemory(db, input.organizationId, pageSignatures(input.extraction));
  const bodyVerdicts = await loadBodyVerdicts(db, input.organizationId, input.siteId);
  const llm = input.llm !== undefined ? input.llm : await llmFor(db, env, input.siteId);
  const mapping = await mapPage({
    page: input.extraction,
    definitions,
    memory,
    bodyVerdicts,
    llm,
    options: { preferRagRuns: input.options?.preferRagRuns, ragOnly: input.options?.ragOnly, minConfidence },
  });
  const autoApplied = mapping.lowestConfidence !== null && mapping.lowestConfidence >= minConfidence;
  const status: SnapshotMappingStatus = autoApplied ? "auto_applied" : "needs_review";
  const now = new Date();
  const options = { preferRagRuns: input.options?.preferRagRuns ?? false, ragOnly: input.options?.ragOnly ?? false, layers: mapping.layers, extractionKey: input.extractionKey ?? null, memoryEntries: memory.length };
  await db.batch([
    db.delete(mappingSnapshots).where(eq(mappingSnapshots.snapshotId, input.snapshotId)),
    db.insert(mappingSnapshots).values({
      snapshotId: input.snapshotId,
      organizationId: input.organizationId,
      siteId: input.siteId,
      runId: input.runId,
      url: input.extraction.finalUrl || input.extraction.url,
      status,
      minConfidence,
      lowestConfidence: mapping.lowestConfidence,
      options,
      updatedAt: now,
    }),
    ...mapping.proposals.map((p) => db.insert(mappingProposals).values(proposalRow(input, p, autoApplied ? "auto_applied" : "pending"))),
    auditStatement(db, input.actor, {
      organizationId: input.organizationId,
      action: existing ? "mapping.remap" : "mapping.map",
      entityType: "snapshot-mapping",
      entityId: input.snapshotId,
      before: existing ? { status: existing.status, lowestConfidence: existing.lowestConfidence } : null,
      after: { status, proposals: mapping.proposals.length, lowestConfidence: mapping.lowestConfidence, minConfidence, layers: mapping.layers },
    }),
  ]);
  return getSnapshotSummary(db, input.organizationId, input.snapshotId);
}

const EMPTY_COUNTS = (): SnapshotMappingSummaryDto["counts"] => ({ total: 0, pending: 0, auto_applied: 0, approved: 0, tweaked: 0, overridden: 0, rejected: 0 });

export function summaryDto(row: MappingSnapshotRow, counts: SnapshotMappingSummaryDto["counts"]): SnapshotMappingSummaryDto {
  return {
    snapshotId: row.snapshotId,
    siteId: row.siteId,
    runId: row.runId,
    url: row.url,
    status: row.status,
    minConfidence: row.minConfidence,
    lowestConfidence: row.lowestConfidence,
    counts,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The mapping row of a snapshot of the organization, or 404. */
export async function requireSnapshotMapping(db: Db, organizationId: string, snapshotId: string): Promise<MappingSnapshotRow> {
  const row = await db.query.mappingSnapshots.findFirst({
    where: and(eq(mappingSnapshots.snapshotId, snapshotId), eq(mappingSnapshots.organizationId, organizationId)),
  });
  if (!row) throw notFound(MAPPING_MESSAGES.snapshotNotMapped);
  return row;
}

async function statusCounts(db: Db, organizationId: string, where: ReturnType<typeof eq>) {
  return db
    .select({ snapshotId: mappingProposals.snapshotId, status: mappingProposals.status, n: sql<number>`count(*)` })
    .from(mappingProposals)
    .where(and(eq(mappingProposals.organizationId, organizationId), where))
    .groupBy(mappingProposals.snapshotId, mappingProposals.status);
}

function countsFrom(rows: { status: ProposalStatus; n: number }[]) {
  const counts = EMPTY_COUNTS();
  for (const r of rows) {
    counts[r.status] += Number(r.n);
    counts.total += Number(r.n);
  }
  return counts;
}

export async function getSnapshotSummary(db: Db, organizationId: string, snapshotId: string): Promise<SnapshotMappingSummaryDto> {
  const row = await requireSnapshotMapping(db, organizationId, snapshotId);
  return summaryDto(row, countsFrom(await statusCounts(db, organizationId, eq(mappingProposals.snapshotId, snapshotId))));
}

/** Mapping summaries of a site's snapshots, newest first. */
export async function listSnapshotMappings(db: Db, organizationId: string, siteId: string, status?: SnapshotMappingStatus): Promise<SnapshotMappingSummaryDto[]> {
  const rows = await db
    .select()
    .from(mappingSnapshots)
    .where(and(eq(mappingSnapshots.organizationId, organizationId), eq(mappingSnapshots.siteId, siteId), status ? eq(mappingSnapshots.status, status) : undefined))
    .orderBy(sql`${mappingSnapshots.updatedAt} desc`)
    .limit(500);
  const counts = await statusCounts(db, organizationId, eq(mappingProposals.siteId, siteId));
  return rows.map((r) => summaryDto(r, countsFrom(counts.filter((c) => c.snapshotId === r.snapshotId))));
}

/**
 * The snapshot's status from its proposals: waiting while any is pending; reviewed once people
 * decided; auto-applied when nobody had to.
 */
export async function refreshSnapshotStatus(db: Db, organizationId: string, snapshotId: string): Promise<SnapshotMappingStatus> {
  const row = await requireSnapshotMapping(db, organizationId, snapshotId);
  const counts = countsFrom(await statusCounts(db, organizationId, eq(mappingProposals.snapshotId, snapshotId)));
  const decided = counts.approved + counts.tweaked + counts.overridden + counts.rejected;
  const status: SnapshotMappingStatus = counts.pending > 0 ? "needs_review" : decided > 0 ? "reviewed" : "auto_applied";
  const lowest = await db
    .select({ v: sql<number | null>`min(${mappingProposals.confidence})` })
    .from(mappingProposals)
    .where(eq(mappingProposals.snapshotId, snapshotId));
  if (status !== row.status || lowest[0]?.v !== row.lowestConfidence) {
    await db.update(mappingSnapshots).set({ status, lowestConfidence: lowest[0]?.v ?? null, updatedAt: new Date() }).where(eq(mappingSnapshots.snapshotId, snapshotId));
  }
  return status;
}
