import type { Db } from "./client";
import { auditEvents } from "./schema";
import { newId } from "../lib/ids";

/** Who performs a write: the signed-in user, and the admin behind them when impersonating. */
export interface Actor {
  userId: string;
  impersonatorUserId?: string | null;
}

export interface AuditInput {
  organizationId?: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** The insert statement of an audit event, so it can join the batch of the write it records. */
export function auditStatement(db: Db, actor: Actor | null, input: AuditInput) {
  return db.insert(auditEvents).values({
    id: newId(),
    organizationId: input.organizationId ?? null,
    actorUserId: actor?.userId ?? null,
    impersonatorUserId: actor?.impersonatorUserId ?? null,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId ?? null,
    before: input.before ?? null,
    after: input.after ?? null,
  });
}

/** Records one audit event. */
export async function recordAudit(db: Db, actor: Actor | null, input: AuditInput): Promise<void> {
  await auditStatement(db, actor, input);
}
