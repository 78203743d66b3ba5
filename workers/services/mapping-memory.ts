import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { MemoryEntryDto, ProposalScope } from "../contracts/mapping";
import type { Db } from "../db/client";
import { mappingMemory, type MappingMemoryRow } from "../db/schema-mapping";
import { notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { memoryConfidence } from "../mapping/memory";
import type { MemoryEntry } from "../mapping/types";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";

/** D1 binds at most 100 parameters per statement; signatures are looked up in chunks below that. */
const CHUNK = 45;

/** The organization's remembered decisions for any of these signatures (exact or loose). */
export async function loadMemory(db: Db, organizationId: string, signatures: readonly string[]): Promise<MemoryEntry[]> {
  const unique = [...new Set(signatures)];
  const rows: MappingMemoryRow[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    rows.push(
      ...(await db
        .select()
        .from(mappingMemory)
        .where(and(eq(mappingMemory.organizationId, organizationId), or(inArray(mappingMemory.signature, part), inArray(mappingMemory.looseSignature, part))))),
    );
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...byId.values()].map((r) => ({
    id: r.id,
    scope: r.scope,
    signature: r.signature,
    looseSignature: r.looseSignature,
    targetComponent: r.targetComponent,
    targetField: r.targetField,
    confirmations: r.confirmations,
    rejections: r.rejections,
  }));
}

export interface MemoryLesson {
  scope: ProposalScope;
  signature: string;
  looseSignature: string;
  signatureParts: Record<string, unknown>;
  targetComponent: string;
  targetField: string | null;
  /** +1 confirms the mapping, -1 rejects it. */
  verdict: 1 | -1;
}

/** The upsert that records one lesson: counts add up per (signature, target). */
export function memoryStatement(db: Db, organizationId: string, userId: string | null, lesson: MemoryLesson) {
  const now = new Date();
  const confirmations = lesson.verdict === 1 ? 1 : 0;
  const rejections = lesson.verdict === -1 ? 1 : 0;
  return db
    .insert(mappingMemory)
    .values({
      id: newId(),
      organizationId,
      scope: lesson.scope,
      signature: lesson.signature,
      looseSignature: lesson.looseSignature,
      signatureParts: lesson.signatureParts,
      targetComponent: lesson.targetComponent,
      targetField: lesson.targetField ?? "",
      confirmations,
      rejections,
      lastUserId: userId,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [mappingMemory.organizationId, mappingMemory.signature, mappingMemory.targetComponent, mappingMemory.targetField],
      set: {
        confirmations: sql`${mappingMemory.confirmations} + ${confirmations}`,
        rejections: sql`${mappingMemory.rejections} + ${rejections}`,
        lastUserId: userId,
        updatedAt: now,
      },
    });
}

function toDto(r: MappingMemoryRow): MemoryEntryDto {
  return {
    id: r.id,
    scope: r.scope,
    signature: r.signatureParts ?? {},
    targetComponent: r.targetComponent,
    targetField: r.targetField || null,
    confirmations: r.confirmations,
    rejections: r.rejections,
    confidence: Math.round(memoryConfidence(r.confirmations, r.rejections) * 1000) / 1000,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What the organization's memory holds, newest first (memory is shared by the organization's sites). */
export async function listMemory(db: Db, organizationId: string, limit = 500): Promise<MemoryEntryDto[]> {
  const rows = await db.select().from(mappingMemory).where(eq(mappingMemory.organizationId, organizationId)).orderBy(desc(mappingMemory.updatedAt)).limit(limit);
  return rows.map(toDto);
}

/** Forgets one remembered mapping. */
export async function deleteMemoryEntry(db: Db, auth: SessionUser, organizationId: string, entryId: string): Promise<void> {
  const row = await db.query.mappingMemory.findFirst({ where: and(eq(mappingMemory.id, entryId), eq(mappingMemory.organizationId, organizationId)) });
  if (!row) throw notFound("Memory entry not found");
  await db.batch([
    db.delete(mappingMemory).where(eq(mappingMemory.id, row.id)),
    auditStatement(db, auth.actor, { organizationId, action: "mapping-memory.delete", entityType: "mapping-memory", entityId: row.id, before: toDto(row) }),
  ]);
}
