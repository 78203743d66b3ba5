import { and, eq, isNull, sql } from "drizzle-orm";
import type { MemberDto, OrgRole, OrganizationDetailsDto, OrganizationSummaryDto } from "../contracts/auth";
import { ORG_ACTION_ROLES, PERMISSION_MESSAGES, refusalMessage, roleAllows, type OrgAction } from "../contracts/permissions";
import type { Db } from "../db/client";
import { invitations, memberships, organizations, users, type Invitation, type Membership } from "../db/schema";
import { conflict, forbidden, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import type { RequestServices } from "./request-services";
import { accountMail } from "./account-mail";

/**
 * Organization role rules. The API's access table (workers/api/access-rules.ts) gates each route by
 * the caller's role first; the services repeat that check, so no other caller can skip it, and add
 * what depends on the member and role concerned:
 * - any member reads the organization and its members, and may leave it;
 * - OWNER and ADMIN invite, change roles and remove members;
 * - only an OWNER grants OWNER, changes or removes an OWNER, or deletes the organization;
 * - the last OWNER can neither leave, be demoted nor be removed.
 */
export const ORG_ADMIN_ROLES: readonly OrgRole[] = ORG_ACTION_ROLES.manageMembers;

export const ORG_MESSAGES = {
  notMember: "You are not a member of this organization",
  adminRequired: PERMISSION_MESSAGES.adminRequired,
  ownerRequired: PERMISSION_MESSAGES.ownerRequired,
  lastOwner: "An organization must keep at least one owner",
  alreadyMember: "This user is already a member of the organization",
  memberNotFound: "Member not found",
  organizationNotFound: "Organization not found",
} as const;

/** The caller's membership of an organization, or 403 (404 when the organization does not exist). */
export async function requireMembership(db: Db, userId: string, organizationId: string): Promise<Membership> {
  const m = await db.query.memberships.findFirst({
    where: and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)),
  });
  if (!m) throw forbidden(ORG_MESSAGES.notMember);
  return m;
}

/**
 * The caller's membership when its role allows `action` (workers/contracts/permissions.ts); 403 naming
 * who may otherwise. The API's access middleware and the dashboard's loaders both gate with it.
 */
export async function requireOrganizationAction(db: Db, userId: string, organizationId: string, action: OrgAction): Promise<Membership> {
  const m = await requireMembership(db, userId, organizationId);
  if (!roleAllows(m.role, action)) throw forbidden(refusalMessage(action));
  return m;
}

function requireAdmin(m: Membership) {
  if (!ORG_ADMIN_ROLES.includes(m.role)) throw forbidden(ORG_MESSAGES.adminRequired);
}

export async function listOrganizations(db: Db, auth: SessionUser): Promise<OrganizationSummaryDto[]> {
  return db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, auth.user.id))
    .orderBy(sql`lower(${organizations.name})`);
}

/** Creates an organization with the caller as its OWNER. */
export async function createOrganization(db: Db, auth: SessionUser, name: string): Promise<OrganizationSummaryDto> {
  const id = newId();
  await db.batch([
    db.insert(organizations).values({ id, name }),
    db.insert(memberships).values({ id: newId(), organizationId: id, userId: auth.user.id, role: "OWNER" }),
    auditStatement(db, auth.actor, { organizationId: id, action: "organization.create", entityType: "organization", entityId: id, after: { name } }),
  ]);
  return { id, name, role: "OWNER" };
}

export async function getOrganizationDetails(db: Db, auth: SessionUser, organizationId: string): Promise<OrganizationDetailsDto> {
  const me = await requireMembership(db, auth.user.id, organizationId);
  const org = await db.query.organizations.findFirst({ where: eq(organizations.id, organizationId) });
  if (!org) throw notFound(ORG_MESSAGES.organizationNotFound);
  const rows = await db
    .select({ m: memberships, u: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(memberships.createdAt);
  const pending = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt)))
    .orderBy(invitations.createdAt);
  const members: MemberDto[] = [
    ...rows.map(({ m, u }) => memberDto(m, u)),
    ...pending.map((inv) => invitationDto(inv)),
  ];
  return { id: org.id, name: org.name, role: me.role, createdAt: org.createdAt.toISOString(), members };
}

function memberDto(m: Membership, u: typeof users.$inferSelect): MemberDto {
  return {
    id: m.id,
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: m.role,
    status: "active",
    createdAt: m.createdAt.toISOString(),
  };
}

function invitationDto(inv: typeof invitations.$inferSelect): MemberDto {
  return { id: inv.id, userId: null, email: inv.email, firstName: "", lastName: "", role: inv.role, status: "pending", createdAt: inv.createdAt.toISOString() };
}

/** Deletes an organization with its sites and memberships. OWNER only. */
export async function deleteOrganization(db: Db, auth: SessionUser, organizationId: string): Promise<void> {
  const me = await requireMembership(db, auth.user.id, organizationId);
  if (me.role !== "OWNER") throw forbidden(ORG_MESSAGES.ownerRequired);
  const org = await db.query.organizations.findFirst({ where: eq(organizations.id, organizationId) });
  await db.batch([
    db.delete(organizations).where(eq(organizations.id, organizationId)),
    auditStatement(db, auth.actor, { organizationId, action: "organization.delete", entityType: "organization", entityId: organizationId, before: { name: org?.name } }),
  ]);
}

/**
 * Invites an e-mail address with a role. Nobody joins here: the owner of the address accepts or
 * declines once signed in with it verified (services/invitations.ts). The answer is the same whether
 * or not the address has an account, so inviting reveals no accounts; a current member is a 409.
 * Rate-limited per inviting user and per client address; the invitee is told by mail.
 */
export async function inviteMember(
  db: Db,
  auth: SessionUser,
  organizationId: string,
  email: string,
  role: OrgRole,
  services: RequestServices,
): Promise<MemberDto> {
  const me = await requireMembership(db, auth.user.id, organizationId);
  requireAdmin(me);
  if (role === "OWNER" && me.role !== "OWNER") throw forbidden(ORG_MESSAGES.ownerRequired);
  await services.limits.beforeInvite(auth.user.id);
  const member = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(users.email, email)))
    .limit(1);
  if (member.length > 0) throw conflict(ORG_MESSAGES.alreadyMember);
  const existingInv = await db.query.invitations.findFirst({
    where: and(eq(invitations.organizationId, organizationId), eq(invitations.email, email)),
  });
  const id = existingInv?.id ?? newId();
  await db.batch([
    existingInv
      ? db.update(invitations).set({ role, acceptedAt: null, invitedByUserId: auth.user.id }).where(eq(invitations.id, id))
      : db.insert(invitations).values({ id, organizationId, email, role, invitedByUserId: auth.user.id }),
    auditStatement(db, auth.actor, { organizationId, action: "invitation.create", entityType: "invitation", entityId: id, after: { email, role } }),
  ]);
  const inv = (await db.query.invitations.findFirst({ where: eq(invitations.id, id) }))!;
  const org = await db.query.organizations.findFirst({ where: eq(organizations.id, organizationId) });
  const inviter = `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.email;
  await services.mail.send(
    accountMail(
      email,
      `${inviter} invited you to ${org?.name ?? "an organization"}`,
      [`${inviter} invited you to join ${org?.name ?? "an organization"} as ${role}.`, "Sign in, or create an account with this e-mail address, then accept or decline at the link above."],
      `${services.origin}/invitations`,
    ),
  );
  return invitationDto(inv);
}

async function ownerCount(db: Db, organizationId: string): Promise<number> {
  const owners = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, "OWNER")));
  return owners.length;
}

/**
 * What an id of the members list stands for (the list shows members and pending invitations alike),
 * once the caller is known to be an admin of the organization: the membership, or else the invitation.
 */
async function memberOrInvitation(
  db: Db,
  auth: SessionUser,
  organizationId: string,
  memberId: string,
): Promise<{ me: Membership; target: Membership; inv: null } | { me: Membership; target: null; inv: Invitation }> {
  const me = await requireMembership(db, auth.user.id, organizationId);
  requireAdmin(me);
  const target = await db.query.memberships.findFirst({
    where: and(eq(memberships.id, memberId), eq(memberships.organizationId, organizationId)),
  });
  if (target) return { me, target, inv: null };
  const inv = await db.query.invitations.findFirst({
    where: and(eq(invitations.id, memberId), eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt)),
  });
  if (!inv) throw notFound(ORG_MESSAGES.memberNotFound);
  return { me, target: null, inv };
}

/** Changes a member's role (or a pending invitation's). */
export async function changeMemberRole(db: Db, auth: SessionUser, organizationId: string, memberId: string, role: OrgRole): Promise<MemberDto> {
  const { me, target, inv } = await memberOrInvitation(db, auth, organizationId, memberId);
  if (inv) {
    if ((role === "OWNER" || inv.role === "OWNER") && me.role !== "OWNER") throw forbidden(ORG_MESSAGES.ownerRequired);
    await db.batch([
      db.update(invitations).set({ role }).where(eq(invitations.id, inv.id)),
      auditStatement(db, auth.actor, { organizationId, action: "invitation.role", entityType: "invitation", entityId: inv.id, before: { role: inv.role }, after: { role } }),
    ]);
    return invitationDto({ ...inv, role });
  }
  if ((role === "OWNER" || target.role === "OWNER") && me.role !== "OWNER") throw forbidden(ORG_MESSAGES.ownerRequired);
  if (target.role === "OWNER" && role !== "OWNER" && (await ownerCount(db, organizationId)) <= 1) {
    throw conflict(ORG_MESSAGES.lastOwner);
  }
  await db.batch([
    db.update(memberships).set({ role }).where(eq(memberships.id, target.id)),
    auditStatement(db, auth.actor, { organizationId, action: "member.role", entityType: "membership", entityId: target.id, before: { role: target.role }, after: { role } }),
  ]);
  const u = (await db.query.users.findFirst({ where: eq(users.id, target.userId) }))!;
  return memberDto({ ...target, role }, u);
}

/** Removes a member (or withdraws a pending invitation). */
export async function removeMember(db: Db, auth: SessionUser, organizationId: string, memberId: string): Promise<void> {
  const { me, target, inv } = await memberOrInvitation(db, auth, organizationId, memberId);
  if (inv) {
    // Withdrawing an OWNER invitation is an owner decision, as granting OWNER is.
    if (inv.role === "OWNER" && me.role !== "OWNER") throw forbidden(ORG_MESSAGES.ownerRequired);
    await db.batch([
      db.delete(invitations).where(eq(invitations.id, inv.id)),
      auditStatement(db, auth.actor, { organizationId, action: "invitation.delete", entityType: "invitation", entityId: inv.id, before: { email: inv.email, role: inv.role } }),
    ]);
    return;
  }
  if (target.role === "OWNER") {
    if (me.role !== "OWNER") throw forbidden(ORG_MESSAGES.ownerRequired);
    if ((await ownerCount(db, organizationId)) <= 1) throw conflict(ORG_MESSAGES.lastOwner);
  }
  await db.batch([
    db.delete(memberships).where(eq(memberships.id, target.id)),
    auditStatement(db, auth.actor, { organizationId, action: "member.remove", entityType: "membership", entityId: target.id, before: { userId: target.userId, role: target.role } }),
  ]);
}

/** The caller leaves an organization; the last OWNER cannot. */
export async function leaveOrganization(db: Db, auth: SessionUser, organizationId: string): Promise<void> {
  const me = await requireMembership(db, auth.user.id, organizationId);
  if (me.role === "OWNER" && (await ownerCount(db, organizationId)) <= 1) throw conflict(ORG_MESSAGES.lastOwner);
  await db.batch([
    db.delete(memberships).where(eq(memberships.id, me.id)),
    auditStatement(db, auth.actor, { organizationId, action: "member.leave", entityType: "membership", entityId: me.id, before: { role: me.role } }),
  ]);
}
