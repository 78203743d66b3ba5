import { and, eq, gte, inArray, isNotNull, ne, or } from "drizzle-orm";
import { MAPPING_MESSAGES, type BulkApproveResponse, type DecisionRequest, type DecisionResponse, type ProposalValue } from "../contracts/mapping";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { mappingDecisions, mappingProposals, type MappingProposalRow } from "../db/schema-mapping";
import type { Env } from "../env";
import { badRequest, notFound, unprocessable } from "../lib/errors";
import { newId } from "../lib/ids";
import { valueMatchesType } from "../mapping/values";
import type { MappingDefinitions } from "../mapping/types";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import { loadMappingDefinitions } from "./definitions";
import { getSnapshotSummary, refreshSnapshotStatus, requireSnapshotMapping } from "./mapping";
import { memoryStatement, type MemoryLesson } from "./mapping-memory";
import { toProposalDto } from "./mapping-read";
import { remapInstance } from "./mapping-remap";

export const REVIEW_MESSAGES = {
  tweakOnlyFields: "Only a field's value can be tweaked; override a component to change it",
} as const;

async function requireProposal(db: Db, organizationId: string, proposalId: string): Promise<MappingProposalRow> {
  const row = await db.query.mappingProposals.findFirst({ where: and(eq(mappingProposals.id, proposalId), eq(mappingProposals.organizationId, organizationId)) });
  if (!row) throw notFound(MAPPING_MESSAGES.proposalNotFound);
  return row;
}

/** A proposal's source as memory remembers it (nothing to remember for an empty required field). */
function lesson(p: MappingProposalRow, targetComponent: string | null, targetField: string | null, verdict: 1 | -1): MemoryLesson | null {
  if (!targetComponent || (p.scope === "field" && (!p.sourceName || !targetField))) return null;
  return {
    scope: p.scope,
    signature: p.signature,
    looseSignature: p.looseSignature,
    signatureParts: { definition: p.sourceDefinition, path: p.sourcePath, classes: p.sourceClasses ?? [], ...(p.scope === "field" ? { field: { name: p.sourceName, selector: p.sourceSelector, kind: p.sourceKind } } : {}), ...(p.scope === "template" ? { url: p.sourceSelector } : {}) },
    targetComponent,
    targetField: p.scope === "field" ? targetField : null,
    verdict,
  };
}

function fieldDefinition(defs: MappingDefinitions, p: MappingProposalRow, field: string) {
  const owner = p.instanceIndex === -1 ? defs.templates[p.targetComponent ?? ""] : defs.components[p.targetComponent ?? ""];
  return owner?.fields.find((f) => f.name === field);
}

interface Outcome {
  status: MappingProposalRow["status"];
  finalComponent: string | null;
  finalField: string | null;
  finalValue: ProposalValue;
  lessons: MemoryLesson[];
}

/** Checks a decision against the definitions and works out what it applies and teaches. */
function outcomeOf(p: MappingProposalRow, decision: DecisionRequest, defs: MappingDefinitions): Outcome {
  const value = (p.value ?? null) as ProposalValue;
  const keep = (l: MemoryLesson | null): MemoryLesson[] => (l ? [l] : []);
  switch (decision.action) {
    case "approve":
      return { status: "approved", finalComponent: p.targetComponent, finalField: p.targetField, finalValue: value, lessons: keep(lesson(p, p.targetComponent, p.targetField, 1)) };
    case "reject":
      return { status: "rejected", finalComponent: null, finalField: null, finalValue: null, lessons: keep(lesson(p, p.targetComponent, p.targetField, -1)) };
    case "tweak": {
      if (p.scope !== "field" || !p.targetField) throw badRequest(REVIEW_MESSAGES.tweakOnlyFields);
      const def = fieldDefinition(defs, p, p.targetField);
      if (!def) throw unprocessable(MAPPING_MESSAGES.unknownTargetField);
      if (decision.value === null || !valueMatchesType(def.type, decision.value)) throw unprocessable(MAPPING_MESSAGES.wrongValueType, { field: def.name, type: def.type });
      // The field was right, only its value needed editing: that confirms the field.
      return { status: "tweaked", finalComponent: p.targetComponent, finalField: p.targetField, finalValue: decision.value, lessons: keep(lesson(p, p.targetComponent, p.targetField, 1)) };
    }
    case "override": {
      if (p.scope === "field") {
        if (decision.targetComponent && decision.targetComponent !== p.targetComponent) throw badRequest(MAPPING_MESSAGES.overrideFieldOnComponent);
        if (!decision.targetField) throw badRequest(MAPPING_MESSAGES.overrideTargetRequired);
        const def = fieldDefinition(defs, p, decision.targetField);
        if (!def) throw unprocessable(MAPPING_MESSAGES.unknownTargetField, { field: decision.targetField });
        const next = decision.value !== undefined ? decision.value : value;
        if (next !== null && !valueMatchesType(def.type, next)) throw unprocessable(MAPPING_MESSAGES.wrongValueType, { field: def.name, type: def.type });
        return {
          status: "overridden",
          finalComponent: p.targetComponent,
          finalField: def.name,
          finalValue: next,
          lessons: [...keep(lesson(p, p.targetComponent, p.targetField, -1)), ...keep(lesson(p, p.targetComponent, def.name, 1))],
        };
      }
      if (!decision.targetComponent) throw badRequest(MAPPING_MESSAGES.overrideTargetRequired);
      if (decision.targetField) throw badRequest(MAPPING_MESSAGES.overrideFieldOnComponent);
      const known = p.scope === "template" ? defs.templates[decision.targetComponent] : defs.components[decision.targetComponent];
      if (!known) throw unprocessable(MAPPING_MESSAGES.unknownTargetComponent, { component: decision.targetComponent });
      return {
        status: "overridden",
        finalComponent: decision.targetComponent,
        finalField: null,
        finalValue: null,
        lessons: [...keep(lesson(p, p.targetComponent, null, -1)), ...keep(lesson(p, decision.targetComponent, null, 1))],
      };
    }
  }
}

function decisionStatements(db: Db, auth: SessionUser, p: MappingProposalRow, action: DecisionRequest["action"], o: Outcome, now: Date) {
  const before = { status: p.status, targetComponent: p.targetComponent, targetField: p.targetField, value: p.value };
  const after = { status: o.status, component: o.finalComponent, field: o.finalField, value: o.finalValue };
  return [
    db
      .update(mappingProposals)
      .set({ status: o.status, finalComponent: o.finalComponent, finalField: o.finalField, finalValue: o.finalValue, decidedByUserId: auth.user.id, decidedAt: now })
      .where(eq(mappingProposals.id, p.id)),
    db.insert(mappingDecisions).values({
      id: newId(),
      organizationId: p.organizationId,
      siteId: p.siteId,
      snapshotId: p.snapshotId,
      proposalId: p.id,
      action,
      confidence: p.confidence,
      before,
      after,
      userId: auth.user.id,
      impersonatorUserId: auth.actor.impersonatorUserId ?? null,
      createdAt: now,
    }),
    ...o.lessons.map((l) => memoryStatement(db, p.organizationId, auth.user.id, l)),
    auditStatement(db, auth.actor, { organizationId: p.organizationId, action: `mapping.${action}`, entityType: "mapping-proposal", entityId: p.id, before, after }),
  ];
}

/**
 * A reviewer's decision on one proposal: approve, tweak (edit the value), override (another field,
 * or another component or template, whose fields are then mapped again) or reject. Stored with who
 * and when, taught to the organization's memory, and audited.
 */
export async function decideProposal(db: Db, env: Env, auth: SessionUser, organizationId: string, proposalId: string, decision: DecisionRequest): Promise<DecisionResponse> {
  const p = await requireProposal(db, organizationId, proposalId);
  const defs = await loadMappingDefinitions(db, organizationId, p.siteId);
  const outcome = outcomeOf(p, decision, defs);
  const now = new Date();
  const statements = decisionStatements(db, auth, p, decision.action, outcome, now);
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  if (decision.action === "override" && p.scope !== "field" && outcome.finalComponent) {
    await remapInstance(db, env, organizationId, p, outcome.finalComponent, defs);
  }
  await refreshSnapshotStatus(db, organizationId, p.snapshotId);
  const updated = await requireProposal(db, organizationId, proposalId);
  const user = await db.query.users.findFirst({ where: eq(users.id, auth.user.id) });
  return { proposal: toProposalDto(updated, user ? { id: user.id, email: user.email } : null), snapshot: await getSnapshotSummary(db, organizationId, p.snapshotId) };
}

/** Approves every pending proposal of a snapshot at or above the threshold (empty required fields excepted). */
export async function bulkApprove(db: Db, auth: SessionUser, organizationId: string, snapshotId: string, threshold: number): Promise<BulkApproveResponse> {
  await requireSnapshotMapping(db, organizationId, snapshotId);
  const rows = await db
    .select()
    .from(mappingProposals)
    .where(
      and(
        eq(mappingProposals.snapshotId, snapshotId),
        eq(mappingProposals.organizationId, organizationId),
        inArray(mappingProposals.status, ["pending"]),
        gte(mappingProposals.confidence, threshold),
        or(ne(mappingProposals.scope, "field"), isNotNull(mappingProposals.value)),
      ),
    );
  if (rows.length > 0) {
    const now = new Date();
    const defs: MappingDefinitions = { components: {}, templates: {} };
    const statements = rows.flatMap((p) => decisionStatements(db, auth, p, "approve", outcomeOf(p, { action: "approve" }, defs), now).slice(0, -1));
    statements.push(
      auditStatement(db, auth.actor, { organizationId, action: "mapping.bulk-approve", entityType: "snapshot-mapping", entityId: snapshotId, after: { threshold, approved: rows.map((r) => r.id) } }),
    );
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  }
  await refreshSnapshotStatus(db, organizationId, snapshotId);
  return { approved: rows.length, snapshot: await getSnapshotSummary(db, organizationId, snapshotId) };
}
