import { and, eq, isNull } from "drizzle-orm";
import type { InvitationDto, MyInvitationsDto, OrganizationSummaryDto } from "../contracts/auth";
import type { Db } from "../db/client";
import { invitations, memberships, organizations, users, type User } from "../db/schema";
import { conflict, forbidden, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import { VERIFICATION_MESSAGES } from "./email-verification";
import { ORG_MESSAGES } from "./organizations";

/**
 * Answering invitations. An invitation is for an e-mail address; only a signed-in user with that
 * address, verified, may accept or decline it, in their own session. Nobody joins an organization
 * without accepting.
 */
export const INVITATION_MESSAGES = {
  notFound: "Invitation not found",
  verifyToAnswer: VERIFICATION_MESSAGES.verifyToAnswer,
  notWhileImpersonating: "Only the invited user can answer an invitation",
} as const;

/** The signed-in user's pending invitations; while the address is unverified, only how many. */
export async function listMyInvitations(db: Db, user: User): Promise<MyInvitationsDto> {
  const rows = await db
    .select({ inv: invitations, orgName: organizations.name, inviterFirst: users.firstName, inviterLast: users.lastName })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(eq(invitations.email, user.email), isNull(invitations.acceptedAt)))
    .orderBy(invitations.createdAt);
  const emailVerified = user.emailVerifiedAt !== null;
  const list: InvitationDto[] = rows.map(({ inv, orgName, inviterFirst, inviterLast }) => ({
    id: inv.id,
    organization: { id: inv.organizationId, name: orgName },
    role: inv.role,
    invitedBy: inviterFirst === null ? null : `${inviterFirst} ${inviterLast ?? ""}`.trim() || null,
    createdAt: inv.createdAt.toISOString(),
  }));
  return { emailVerified, pendingCount: rows.length, invitations: emailVerified ? list : [] };
}

/** The caller's own pending invitation, once they may answer it. Another address's invitation is not found. */
async function answerable(db: Db, auth: SessionUser, invitationId: string) {
  if (auth.isImpersonation) throw forbidden(INVITATION_MESSAGES.notWhileImpersonating);
  const inv = await db.query.invitations.findFirst({
    where: and(eq(invitations.id, invitationId), eq(invitations.email, auth.user.email), isNull(invitations.acceptedAt)),
  });
  if (!inv) throw notFound(INVITATION_MESSAGES.notFound);
  if (!auth.user.emailVerifiedAt) throw forbidden(INVITATION_MESSAGES.verifyToAnswer);
  return inv;
}

/** Accepts an invitation: the caller joins with the invited role, and it becomes their active organization. */
export async function acceptInvitation(db: Db, auth: SessionUser, invitationId: string): Promise<OrganizationSummaryDto> {
  const inv = await answerable(db, auth, invitationId);
  const existing = await db.query.memberships.findFirst({
    where: and(eq(memberships.organizationId, inv.organizationId), eq(memberships.userId, auth.user.id)),
  });
  if (existing) throw conflict(ORG_MESSAGES.alreadyMember);
  const org = await db.query.organizations.findFirst({ where: eq(organizations.id, inv.organizationId) });
  if (!org) throw notFound(INVITATION_MESSAGES.notFound);
  const membershipId = newId();
  await db.batch([
    db.update(invitations).set({ acceptedAt: new Date() }).where(and(eq(invitations.id, inv.id), isNull(invitations.acceptedAt))),
    // One membership per user and organization (a unique index): a double click joins once.
    db.insert(memberships).values({ id: membershipId, organizationId: inv.organizationId, userId: auth.user.id, role: inv.role }).onConflictDoNothing(),
    db.update(users).set({ lastActiveOrganizationId: inv.organizationId }).where(eq(users.id, auth.user.id)),
    auditStatement(db, auth.actor, {
      organizationId: inv.organizationId,
      action: "invitation.accept",
      entityType: "invitation",
      entityId: inv.id,
      after: { email: inv.email, role: inv.role, membershipId },
    }),
  ]);
  return { id: org.id, name: org.name, role: inv.role };
}

/** Declines an invitation: it is deleted, and the organization sees it gone from its pending list. */
export async function declineInvitation(db: Db, auth: SessionUser, invitationId: string): Promise<void> {
  const inv = await answerable(db, auth, invitationId);
  await db.batch([
    db.delete(invitations).where(eq(invitations.id, inv.id)),
    auditStatement(db, auth.actor, {
      organizationId: inv.organizationId,
      action: "invitation.decline",
      entityType: "invitation",
      entityId: inv.id,
      before: { email: inv.email, role: inv.role },
    }),
  ]);
}
