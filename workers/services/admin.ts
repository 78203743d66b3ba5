import { and, desc, eq, gt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import {
  ADMIN_MESSAGES,
  USER_AUDIT_EVENTS_LIMIT,
  USER_SEARCH_LIMIT,
  USER_SEARCH_MIN_LENGTH,
  type AdminUserDetailsDto,
  type AdminUserSummaryDto,
  type ImpersonationResponse,
} from "../contracts/admin";
import type { Db } from "../db/client";
import { auditEvents, memberships, organizations, sessions, users } from "../db/schema";
import { badRequest, forbidden, notFound, unauthorized } from "../lib/errors";
import { auditStatement, recordAudit, type Actor } from "./audit";
import { createSession, toUserDto, type SessionUser } from "./auth";

/** How long an impersonation lasts: far shorter than a normal session, since it borrows someone's identity. */
export const IMPERSONATION_TTL_MS = 8 * 60 * 60 * 1000;

/**
 * Admin-only work needs the administrator's own session: while impersonating, the admin acts as the
 * impersonated user and has that user's rights only (the one way back is POST /admin/end-impersonation).
 */
export function assertAdminSession(auth: SessionUser): void {
  if (auth.isImpersonation) throw forbidden(ADMIN_MESSAGES.endImpersonationFirst);
  if (auth.user.role !== "ADMIN") throw forbidden(ADMIN_MESSAGES.adminRequired);
}

/**
 * Starts impersonating a user (global ADMIN): creates a session for the target that remembers the
 * admin as impersonator, and audits it with the admin as both actor and impersonator.
 * Not allowed for oneself, while already impersonating, or for another administrator.
 */
export async function impersonateUser(db: Db, auth: SessionUser, targetUserId: string, userAgent?: string | null): Promise<ImpersonationResponse> {
  // Checked before the role: the impersonated user is rarely an ADMIN, yet the caller is one.
  if (auth.isImpersonation) throw badRequest(ADMIN_MESSAGES.alreadyImpersonating);
  if (auth.user.role !== "ADMIN") throw forbidden(ADMIN_MESSAGES.adminRequired);
  if (targetUserId === auth.user.id) throw badRequest(ADMIN_MESSAGES.cannotImpersonateSelf);
  const target = await db.query.users.findFirst({ where: eq(users.id, targetUserId) });
  if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
  if (target.role === "ADMIN") throw forbidden(ADMIN_MESSAGES.cannotImpersonateAdmin);

  const { token, session } = await createSession(db, target.id, auth.user.id, userAgent, IMPERSONATION_TTL_MS);
  await recordAudit(db, adminActor(auth.user.id), {
    action: "impersonation.start",
    entityType: "user",
    entityId: target.id,
    after: { sessionId: session.id, email: target.email, expiresAt: session.expiresAt.toISOString() },
  });
  return { token, user: await toUserDto(db, target), isImpersonation: true };
}

function adminActor(adminId: string): Actor {
  return { userId: adminId, impersonatorUserId: adminId };
}

/**
 * Ends the impersonation of this session: the impersonation session is deleted and a fresh session
 * for the original admin is returned.
 */
export async function endImpersonation(db: Db, auth: SessionUser, userAgent?: string | null): Promise<ImpersonationResponse> {
  const adminId = auth.session.impersonatorUserId;
  if (!auth.isImpersonation || !adminId) throw badRequest(ADMIN_MESSAGES.notImpersonating);
  const admin = await db.query.users.findFirst({ where: eq(users.id, adminId) });
  // The admin's account is gone (the session would have been cascaded away, but be safe).
  if (!admin) throw unauthorized();
  await db.batch([
    db.delete(sessions).where(eq(sessions.id, auth.session.id)),
    auditStatement(db, adminActor(admin.id), {
      action: "impersonation.end",
      entityType: "user",
      entityId: auth.user.id,
      before: { sessionId: auth.session.id, email: auth.user.email },
    }),
  ]);
  const { token } = await createSession(db, admin.id, null, userAgent);
  return { token, user: await toUserDto(db, admin), isImpersonation: false };
}

/** `%`, `_` and `\` typed by the admin match themselves, not any character. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Users whose e-mail, first name, last name or full name contains the term, case-insensitively;
 * at most USER_SEARCH_LIMIT, ordered by e-mail.
 */
export async function searchUsers(db: Db, term: string): Promise<AdminUserSummaryDto[]> {
  const trimmed = term.trim();
  if (trimmed.length < USER_SEARCH_MIN_LENGTH) throw badRequest(ADMIN_MESSAGES.searchTooShort);
  const p = likePattern(trimmed);
  const matches = (expr: AnyColumn | SQL) => sql`lower(${expr}) like ${p} escape '\\'`;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(
      or(
        matches(users.email),
        matches(users.firstName),
        matches(users.lastName),
        matches(sql`${users.firstName} || ' ' || ${users.lastName}`),
      ),
    )
    .orderBy(users.email)
    .limit(USER_SEARCH_LIMIT);
}

/** A user with their organizations, active sessions (never tokens) and most recent audit events. */
export async function getUserDetails(db: Db, userId: string): Promise<AdminUserDetailsDto> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  const [orgs, activeSessions, events] = await Promise.all([
    db
      .select({ id: organizations.id, name: organizations.name, role: memberships.role })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, userId))
      .orderBy(sql`lower(${organizations.name})`),
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        impersonatorUserId: sessions.impersonatorUserId,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.createdAt)),
    db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorUserId, userId))
      .orderBy(desc(auditEvents.createdAt))
      .limit(USER_AUDIT_EVENTS_LIMIT),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: `${user.firstName} ${user.lastName}`.trim(),
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      themePreference: user.themePreference,
      lastActiveOrganizationId: user.lastActiveOrganizationId,
    },
    organizations: orgs,
    sessions: activeSessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt ? s.lastUsedAt.toISOString() : null,
      expiresAt: s.expiresAt.toISOString(),
      userAgent: s.userAgent,
      isImpersonation: s.impersonatorUserId !== null,
      impersonatorUserId: s.impersonatorUserId,
    })),
    auditEvents: events.map((e) => ({
      id: e.id,
      organizationId: e.organizationId,
      actorUserId: e.actorUserId,
      impersonatorUserId: e.impersonatorUserId,
      action: e.action,
      entityType: e.entityType,
      entityId: e.entityId,
      before: e.before ?? null,
      after: e.after ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
