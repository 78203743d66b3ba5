import { and, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import { AUTH_MESSAGES, type AuthResponse, type LoginResponse, type UserDto, type loginSchema, type mfaDeviceSchema, type mfaVerifySchema, type signupSchema } from "../contracts/auth";
import type { Db } from "../db/client";
import { memberships, organizations, sessions, users, type Session, type User } from "../db/schema";
import { badRequest, conflict, unauthorized } from "../lib/errors";
import { hashPassword, sha256Hex, verifyPassword } from "../lib/crypto";
import { newId, newToken } from "../lib/ids";
import { auditStatement, type Actor } from "./audit";
import { sendVerificationMail } from "./email-verification";
import { closeChallengeOnRememberedDevice, consumeCode, isRememberedDevice, mfaRequiredFor, rememberDevice, requireCode } from "./mfa";
import type { RequestServices } from "./request-services";

/** How long a session lasts. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How often a session's `lastUsedAt` is refreshed while it is in use. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
/** The cookie that carries the same token for server-rendered routes. */
export const SESSION_COOKIE = "cm_session";

export interface SessionUser {
  user: User;
  session: Session;
  /** Who acts, for the audit trail. */
  actor: Actor;
  isImpersonation: boolean;
}

/**
 * Creates an account and sends the link that verifies its e-mail address. Pending invitations of the
 * address are not accepted here: the user answers them once signed in with the address verified.
 */
export async function signup(
  db: Db,
  input: z.infer<typeof signupSchema>,
  userAgent: string | null | undefined,
  services: RequestServices,
): Promise<AuthResponse> {
  await services.limits.beforeSignUp(input.email);
  const existing = await db.query.users.findFirst({ where: eq(users.email, input.email) });
  if (existing) throw conflict("An account with this e-mail already exists");
  const userId = newId();
  const passwordHash = await hashPassword(input.password);
  await db.batch([
    db.insert(users).values({
      id: userId,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: "USER",
    }),
    auditStatement(db, { userId }, { action: "user.signup", entityType: "user", entityId: userId, after: { email: input.email } }),
  ]);
  await sendVerificationMail(db, services, { id: userId, email: input.email });
  const { token } = await createSession(db, userId, null, userAgent);
  const user = await loadUser(db, userId);
  return { token, user: await toUserDto(db, user), mfaRequired: false, isImpersonation: false };
}

/**
 * Signs in with e-mail and password. A wrong e-mail and a wrong password get the same answer.
 * Rate-limited per client address (every attempt) and per account (failures, cleared by a success).
 * An account with MFA on (and every global ADMIN) gets no session yet: a code is mailed and the answer
 * is `mfaRequired` with the challenge, unless the request brings the token of a remembered device.
 */
export async function login(
  db: Db,
  input: z.infer<typeof loginSchema>,
  userAgent: string | null | undefined,
  services: RequestServices,
): Promise<LoginResponse> {
  const limits = services.limits;
  await limits.beforeSignIn(input.email);
  const user = await db.query.users.findFirst({ where: eq(users.email, input.email) });
  // Verify against a throwaway hash when the user is unknown, so timing does not reveal accounts.
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : (await verifyPassword(input.password, DUMMY_HASH), false);
  if (!user || !ok) {
    await limits.signInFailed(input.email);
    await auditStatement(db, user ? { userId: user.id } : null, {
      action: "user.login_failed",
      entityType: "user",
      entityId: user?.id ?? null,
      after: { email: input.email, address: limits.address },
    });
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await limits.signInSucceeded(input.email);
  const remembered = mfaRequiredFor(user) && (await isRememberedDevice(db, user.id, input.deviceToken));
  if (mfaRequiredFor(user) && !remembered) return requireCode(db, services, user);
  return startSignedInSession(db, user, userAgent, { method: remembered ? "password+remembered_device" : "password" });
}

/** Opens the session of a completed sign-in and audits it with how the user proved who they are. */
export async function startSignedInSession(
  db: Db,
  user: User,
  userAgent: string | null | undefined,
  how: { method: string; provider?: string },
): Promise<AuthResponse> {
  const { token, session } = await createSession(db, user.id, null, userAgent);
  await auditStatement(db, { userId: user.id }, { action: "user.login", entityType: "session", entityId: session.id, after: how });
  return { token, user: await toUserDto(db, user), mfaRequired: false, isImpersonation: false };
}

/** The second step of a sign-in on a remembered device (POST /auth/mfa/device): no code, the device is the proof. */
export async function verifyRememberedDevice(
  db: Db,
  input: z.infer<typeof mfaDeviceSchema>,
  userAgent: string | null | undefined,
  services: RequestServices,
): Promise<AuthResponse> {
  const challenge = await closeChallengeOnRememberedDevice(db, services, input);
  return startSignedInSession(db, await loadUser(db, challenge.userId), userAgent, { method: "remembered_device" });
}

/**
 * The second step of a sign-in (POST /auth/mfa/verify): the mailed code opens the session, and when
 * asked, the device is remembered for 30 days (its token is in the answer, once).
 */
export async function verifyLoginCode(
  db: Db,
  input: z.infer<typeof mfaVerifySchema>,
  userAgent: string | null | undefined,
  services: RequestServices,
): Promise<AuthResponse> {
  const challenge = await consumeCode(db, services, { challengeId: input.challengeId, code: input.code, purpose: "login" });
  const user = await loadUser(db, challenge.userId);
  const res = await startSignedInSession(db, user, userAgent, { method: "password+email_code" });
  if (input.rememberDevice) res.deviceToken = await rememberDevice(db, user.id, userAgent);
  return res;
}

const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/** Starts a session and returns its bearer token (only the hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  impersonatorUserId: string | null,
  userAgent?: string | null,
  ttlMs: number = SESSION_TTL_MS,
): Promise<{ token: string; session: Session }> {
  const token = newToken();
  const row = {
    id: newId(),
    tokenHash: await sha256Hex(token),
    userId,
    impersonatorUserId,
    userAgent: userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + ttlMs),
    lastUsedAt: new Date(),
  };
  await db.insert(sessions).values(row);
  const session = (await db.query.sessions.findFirst({ where: eq(sessions.id, row.id) }))!;
  return { token, session };
}

/** Resolves a bearer token to its user; `null` when unknown or expired. */
export async function resolveSession(db: Db, token: string | null | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = await sha256Hex(token);
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  // Administrators see when a session was last used; refreshing it at most once a minute keeps reads cheap.
  if (!row.session.lastUsedAt || now - row.session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    row.session.lastUsedAt = new Date(now);
    await db.update(sessions).set({ lastUsedAt: row.session.lastUsedAt }).where(eq(sessions.id, row.session.id));
  }
  return {
    user: row.user,
    session: row.session,
    actor: { userId: row.user.id, impersonatorUserId: row.session.impersonatorUserId },
    isImpersonation: row.session.impersonatorUserId !== null,
  };
}

/** Ends the session of this token. */
export async function logout(db: Db, auth: SessionUser): Promise<void> {
  await db.batch([
    db.delete(sessions).where(eq(sessions.id, auth.session.id)),
    auditStatement(db, auth.actor, { action: "user.logout", entityType: "session", entityId: auth.session.id }),
  ]);
}

export async function loadUser(db: Db, userId: string): Promise<User> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw unauthorized();
  return user;
}

/** The user with the organizations they belong to, as the API returns it. */
export async function toUserDto(db: Db, user: User): Promise<UserDto> {
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, user.id))
    .orderBy(sql`lower(${organizations.name})`);
  const lastActive = orgs.find((o) => o.id === user.lastActiveOrganizationId) ?? null;
  return {
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    themePreference: user.themePreference,
    emailVerified: user.emailVerifiedAt !== null,
    mfaEnabled: mfaRequiredFor(user),
    organizations: orgs,
    lastActiveOrganization: lastActive,
    organizationId: lastActive?.id ?? orgs[0]?.id ?? null,
  };
}

/** Stores the user's theme choice. */
export async function setThemePreference(db: Db, auth: SessionUser, theme: User["themePreference"]): Promise<UserDto> {
  if (!["system", "light", "dark"].includes(theme)) throw badRequest("Invalid theme");
  await db.batch([
    db.update(users).set({ themePreference: theme }).where(eq(users.id, auth.user.id)),
    auditStatement(db, auth.actor, {
      action: "user.theme",
      entityType: "user",
      entityId: auth.user.id,
      before: { themePreference: auth.user.themePreference },
      after: { themePreference: theme },
    }),
  ]);
  return toUserDto(db, await loadUser(db, auth.user.id));
}

/** Remembers the organization a user works in last. */
export async function touchActiveOrganization(db: Db, userId: string, organizationId: string): Promise<void> {
  await db.update(users).set({ lastActiveOrganizationId: organizationId }).where(eq(users.id, userId));
}
