/**
 * Review of Enrich proposals: approve, tweak, reject, and bulk approve above a threshold, as on the
 * mapping review screen. Every decision is audited and remembered for the page and field, so the
 * next run's analysis proposes it decided.
 */
import { and, eq, gte } from "drizzle-orm";
import { ENRICH_MESSAGES, type EnrichDecisionInput, type EnrichProposalDto } from "../contracts/enrich";
import type { Db } from "../db/client";
import { enrichDecisions, enrichPageAudits, enrichProposals, type EnrichProposalRow } from "../db/schema-enrich";
import { badRequest, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { auditStatement, type Actor } from "./audit";
import { toEnrichProposalDto } from "./enrich";
import { requireSite } from "./sites";

export const REVIEW_TEXTS = {
  emptyValue: "This proposal has no value yet: tweak it to write one",
  alreadyApplied: "This change is already applied: roll the apply back to change it",
} as const;

async function requireProposal(db: Db, organizationId: string, proposalId: string): Promise<EnrichProposalRow> {
  const [row] = await db.select().from(enrichProposals).where(and(eq(enrichProposals.id, proposalId), eq(enrichProposals.organizationId, organizationId)));
  if (!row) throw notFound(ENRICH_MESSAGES.proposalNotFound);
  return row;
}

function decisionStatements(db: Db, actor: Actor, row: EnrichProposalRow, action: EnrichDecisionInput["action"], finalValue: string | null) {
  const now = new Date();
  const status = action === "reject" ? ("rejected" as const) : ("approved" as const);
  return [
    db.update(enrichProposals).set({ status, finalValue, decidedAt: now, decidedByUserId: actor.userId, remembered: false }).where(eq(enrichProposals.id, row.id)),
    db.insert(enrichDecisions)
      .values({ id: newId(), organizationId: row.organizationId, siteId: row.siteId, pageUrl: row.pageUrl, field: row.field, target: row.target, action, proposedValue: row.value, finalValue, userId: actor.userId, updatedAt: now })
      .onConflictDoUpdate({ target: [enrichDecisions.siteId, enrichDecisions.pageUrl, enrichDecisions.field, enrichDecisions.target], set: { action, proposedValue: row.value, finalValue, userId: actor.userId, updatedAt: now } }),
    auditStatement(db, actor, {
      organizationId: row.organizationId,
      action: `enrich.proposal.${action}`,
      entityType: "enrich_proposal",
      entityId: row.id,
      before: { status: row.status, value: row.finalValue ?? row.value },
      after: { status, value: action === "reject" ? null : finalValue ?? row.value, field: row.field, page: row.pageUrl },
    }),
  ];
}

/** Approves, tweaks (a person's value) or rejects one proposal. */
export async function decideEnrichProposal(db: Db, actor: Actor, organizationId: string, proposalId: string, input: EnrichDecisionInput): Promise<EnrichProposalDto> {
  const row = await requireProposal(db, organizationId, proposalId);
  if (row.status === "applied") throw badRequest(REVIEW_TEXTS.alreadyApplied);
  if (input.action === "approve" && !row.value.trim()) throw badRequest(REVIEW_TEXTS.emptyValue);
  const finalValue = input.action === "tweak" ? input.value : input.action === "approve" ? row.value : null;
  await db.batch(decisionStatements(db, actor, row, input.action, finalValue) as [ReturnType<typeof decisionStatements>[number], ...ReturnType<typeof decisionStatements>]);
  return toEnrichProposalDto(await requireProposal(db, organizationId, proposalId));
}

/**
 * Approves every pending proposal of the site's analysed run (or of one page) whose confidence is at
 * least `threshold` and that has a value. Returns how many it approved.
 */
export async function bulkApproveEnrich(db: Db, actor: Actor, organizationId: string, siteId: string, threshold: number, snapshotId?: string): Promise<{ approved: number }> {
  await requireSite(db, organizationId, siteId);
  const [audit] = await db.select({ runId: enrichPageAudits.runId }).from(enrichPageAudits).where(eq(enrichPageAudits.siteId, siteId)).limit(1);
  if (!audit) return { approved: 0 };
  const where = [eq(enrichProposals.organizationId, organizationId), eq(enrichProposals.siteId, siteId), eq(enrichProposals.runId, audit.runId), eq(enrichProposals.status, "pending"), gte(enrichProposals.confidence, threshold)];
  if (snapshotId) where.push(eq(enrichProposals.snapshotId, snapshotId));
  const rows = (await db.select().from(enrichProposals).where(and(...where))).filter((r) => r.value.trim());
  const statements = rows.flatMap((r) => decisionStatements(db, actor, r, "approve", r.value));
  for (let i = 0; i < statements.length; i += 60) {
    const chunk = statements.slice(i, i + 60);
    await db.batch(chunk as [typeof chunk[number], ...typeof chunk]);
  }
  return { approved: rows.length };
}
