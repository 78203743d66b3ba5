import { and, desc, eq, gt, ne } from "drizzle-orm";
import { AUTH_MESSAGES, type AccountSecurityDto } from "../contracts/auth";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { rememberedDevices } from "../db/schema-auth";
import { badRequest, conflict, forbidden, notFound } from "../lib/errors";
import { hashPassword, verifyPassword } from "../lib/crypto";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import { consumeCode, startChallenge } from "./mfa";
import type { RequestServices } from "./request-services";

/**
 * Changes to the account's security belong to its owner: an administrator impersonating the user may
 * look but not change them (the owner would be locked out of their own account).
 */
function assertOwnSession(auth: SessionUser): void {
  if (auth.isImpersonation) throw forbidden(AUTH_MESSAGES.notDuringImpersonation);
}

/** The signed-in user's MFA setting, remembered devices and live sessions. */
export async function accountSecurity(db: Db, auth: SessionUser): Promise<AccountSecurityDto> {
  const now = new Date();
  const [devices, live] = await Promise.all([
    db
      .select()
      .from(rememberedDevices)
      .where(and(eq(rememberedDevices.userId, auth.user.id), gt(rememberedDevices.expiresAt, now)))
      .orderBy(desc(rememberedDevices.createdAt)),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, auth.user.id), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt)),
  ]);
  return {
    mfaEnabled: auth.user.mfaEnabledAt !== null || auth.user.role === "ADMIN",
    mfaRequiredByRole: auth.user.role === "ADMIN",
    devices: devices.map((d) => ({
      id: d.id,
      userAgent: d.userAgent,
      createdAt: d.createdAt.toISOString(),
      lastUsedAt: d.lastUsedAt?.toISOString() ?? null,
      expiresAt: d.expiresAt.toISOString(),
    })),
    // Impersonation sessions of this user are the administrators', not the user's own.
    sessions: live
      .filter((s) => s.impersonatorUserId === null || s.id === auth.session.id)
      .map((s) => ({
        id: s.id,
        userAgent: s.userAgent,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
        expiresAt: s.expiresAt.toISOString(),
        current: s.id === auth.session.id,
      })),
  };
}

/** Mails the code that proves the user may turn MFA on or off. */
export async function requestMfaSettingCode(db: Db, services: RequestServices, auth: SessionUser, enabled: boolean): Promise<{ challengeId: string }> {
  assertOwnSession(auth);
  if (!enabled && auth.user.role === "ADMIN") throw conflict(AUTH_MESSAGES.mfaRequiredForAdmins);
  return startChallenge(db, services, auth.user, enabled ? "enable" : "disable");
}

/** Turns MFA on or off with the code of a settings challenge; audited as user.mfa_enabled / user.mfa_disabled. */
export async function setMfaEnabled(
  db: Db,
  services: RequestServices,
  auth: SessionUser,
  input: { enabled: boolean; challengeId: string; code: string },
): Promise<{ mfaEnabled: boolean }> {
  assertOwnSession(auth);
  if (!input.enabled && auth.user.role === "ADMIN") throw conflict(AUTH_MESSAGES.mfaRequiredForAdmins);
  await consumeCode(db, services, { challengeId: input.challengeId, code: input.code, purpose: input.enabled ? "enable" : "disable", userId: auth.user.id });
  await db.batch([
    db.update(users).set({ mfaEnabledAt: input.enabled ? new Date() : null }).where(eq(users.id, auth.user.id)),
    auditStatement(db, auth.actor, { action: input.enabled ? "user.mfa_enabled" : "user.mfa_disabled", entityType: "user", entityId: auth.user.id }),
  ]);
  return { mfaEnabled: input.enabled };
}

/** Forgets one remembered device of the user (the next sign-in there asks for a code again). */
export async function revokeDevice(db: Db, auth: SessionUser, deviceId: string): Promise<void> {
  assertOwnSession(auth);
  const [gone] = await db
    .delete(rememberedDevices)
    .where(and(eq(rememberedDevices.id, deviceId), eq(rememberedDevices.userId, auth.user.id)))
    .returning({ id: rememberedDevices.id });
  if (!gone) throw notFound("Device not found");
  await auditStatement(db, auth.actor, { action: "user.device_revoked", entityType: "remembered_device", entityId: deviceId });
}

/** Ends one of the user's own sessions (not an administrator's impersonation of them). */
export async function revokeSession(db: Db, auth: SessionUser, sessionId: string): Promise<void> {
  assertOwnSession(auth);
  const target = await db.query.sessions.findFirst({ where: and(eq(sessions.id, sessionId), eq(sessions.userId, auth.user.id)) });
  if (!target || target.impersonatorUserId !== null) throw notFound("Session not found");
  await db.batch([
    db.delete(sessions).where(eq(sessions.id, target.id)),
    auditStatement(db, auth.actor, { action: "user.session_revoked", entityType: "session", entityId: target.id }),
  ]);
}

/**
 * Changes the password of the signed-in user, who proves it with the current one (a wrong one counts
 * as a failed sign-in of the account). Every other session of the user ends.
 */
export async function changePassword(
  db: Db,
  services: RequestServices,
  auth: SessionUser,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  assertOwnSession(auth);
  await services.limits.check("signInAccountFailures", auth.user.email);
  if (!(await verifyPassword(input.currentPassword, auth.user.passwordHash))) {
    await services.limits.signInFailed(auth.user.email);
    await auditStatement(db, auth.actor, { action: "user.password_change_failed", entityType: "user", entityId: auth.user.id });
    // 400, not 401: the caller is signed in, and a 401 would end the client's session (spec §8).
    throw badRequest(AUTH_MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id)),
    db.delete(sessions).where(and(eq(sessions.userId, auth.user.id), ne(sessions.id, auth.session.id))),
    auditStatement(db, auth.actor, { action: "user.password_changed", entityType: "user", entityId: auth.user.id, after: { otherSessionsEnded: true } }),
  ]);
}
