import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { AUTH_MESSAGES, type MfaRequiredResponse } from "../contracts/auth";
import type { Db } from "../db/client";
import { users, type User } from "../db/schema";
import { mfaChallenges, rememberedDevices, type MfaChallenge } from "../db/schema-auth";
import { ApiError, badRequest } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { newId, newToken } from "../lib/ids";
import { accountMail } from "./account-mail";
import { auditStatement, recordAudit } from "./audit";
import type { RequestServices } from "./request-services";

/** How long a code works. */
export const MFA_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes a challenge takes before it locks. */
export const MFA_MAX_ATTEMPTS = 5;
/** How long a remembered device skips the code. */
export const REMEMBERED_DEVICE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type MfaPurpose = MfaChallenge["purpose"];

/** Whether a user signs in with a code: those who turned it on, and every global ADMIN. */
export function mfaRequiredFor(user: Pick<User, "role" | "mfaEnabledAt">): boolean {
  return user.role === "ADMIN" || user.mfaEnabledAt !== null;
}

/** A uniformly drawn six-digit code (rejection sampling keeps every code equally likely). */
export function newCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n < limit) return String(n % 1_000_000).padStart(6, "0");
  }
}

/** The stored hash of a code: salted with its challenge, so equal codes of two challenges differ. */
const codeHash = (challengeId: string, code: string) => sha256Hex(`${challengeId}:${code}`);

/** Why a code was refused, in `details.reason` of the 'Verification failed' answer. */
export type VerificationFailure = "invalid_code" | "expired" | "used" | "locked" | "unknown_challenge" | "unknown_device";

function verificationFailed(reason: VerificationFailure, attemptsLeft?: number): ApiError {
  return badRequest(AUTH_MESSAGES.verificationFailed, attemptsLeft === undefined ? { reason } : { reason, attemptsLeft });
}

async function mailCode(services: Pick<RequestServices, "mail">, email: string, code: string, purpose: MfaPurpose): Promise<void> {
  const why =
    purpose === "login" ? "Enter this code to finish signing in." : purpose === "enable" ? "Enter this code to turn on sign-in codes." : "Enter this code to turn off sign-in codes.";
  try {
    await services.mail.send(
      accountMail(email, AUTH_MESSAGES.codeSubject, [
        `Your code is ${code}`,
        why,
        "It works once, for 10 minutes. If you did not ask for it, change your password.",
      ]),
    );
  } catch (err) {
    console.error("MFA code mail failed", err instanceof Error ? err.message : "unknown error");
    throw new ApiError(502, AUTH_MESSAGES.failedToSendCode);
  }
}

/**
 * Starts a challenge for a user and mails its code. Rate-limited per user. Earlier open challenges of
 * the same purpose are closed, so only the newest code works.
 */
export async function startChallenge(db: Db, services: RequestServices, user: Pick<User, "id" | "email">, purpose: MfaPurpose): Promise<{ challengeId: string }> {
  await services.limits.beforeMfaCode(user.id);
  const id = newId();
  const code = newCode();
  const now = new Date();
  await db.batch([
    // Challenges that ended a day ago are of no use any more: the user's are cleared as new ones start.
    db.delete(mfaChallenges).where(and(eq(mfaChallenges.userId, user.id), lt(mfaChallenges.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))),
    db
      .update(mfaChallenges)
      .set({ usedAt: now })
      .where(and(eq(mfaChallenges.userId, user.id), eq(mfaChallenges.purpose, purpose), isNull(mfaChallenges.usedAt))),
    db.insert(mfaChallenges).values({ id, userId: user.id, purpose, codeHash: await codeHash(id, code), expiresAt: new Date(now.getTime() + MFA_CODE_TTL_MS) }),
  ]);
  await mailCode(services, user.email, code, purpose);
  return { challengeId: id };
}

/** The answer of a password sign-in that needs a code: a challenge is started and its code mailed. */
export async function requireCode(db: Db, services: RequestServices, user: User): Promise<MfaRequiredResponse> {
  const { challengeId } = await startChallenge(db, services, user, "login");
  await recordAudit(db, { userId: user.id }, { action: "user.mfa_challenge", entityType: "mfa_challenge", entityId: challengeId, after: { purpose: "login" } });
  return { mfaRequired: true, challengeId, methods: ["email"], isImpersonation: false };
}

/**
 * Mails a new code for an open challenge (POST /auth/mfa/challenge). The wrong tries already made
 * stay counted and the challenge's lock stays, so asking for new codes never buys more guesses.
 * An unknown, used or locked challenge gets 400 'Failed to send code'.
 */
export async function resendCode(db: Db, services: RequestServices, challengeId: string, forUserId?: string): Promise<void> {
  const challenge = await db.query.mfaChallenges.findFirst({ where: eq(mfaChallenges.id, challengeId) });
  if (!challenge || challenge.usedAt || challenge.lockedAt || (forUserId && challenge.userId !== forUserId)) {
    throw badRequest(AUTH_MESSAGES.failedToSendCode);
  }
  const user = await db.query.users.findFirst({ where: eq(users.id, challenge.userId) });
  if (!user) throw badRequest(AUTH_MESSAGES.failedToSendCode);
  await services.limits.beforeMfaCode(user.id);
  const code = newCode();
  const [updated] = await db
    .update(mfaChallenges)
    .set({ codeHash: await codeHash(challenge.id, code), expiresAt: new Date(Date.now() + MFA_CODE_TTL_MS), sends: sql`${mfaChallenges.sends} + 1` })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt), isNull(mfaChallenges.lockedAt)))
    .returning({ id: mfaChallenges.id });
  if (!updated) throw badRequest(AUTH_MESSAGES.failedToSendCode);
  await mailCode(services, user.email, code, challenge.purpose);
}

/**
 * Checks a code against a challenge and uses the challenge up. The success is one conditional update
 * (the code's hash, unused, unlocked, unexpired), so a code works exactly once even when two requests
 * race; a wrong code counts a try and the fifth locks the challenge. Every failure is 400 'Verification
 * failed' with the reason in `details`, and audited.
 */
export async function consumeCode(
  db: Db,
  services: RequestServices,
  input: { challengeId: string; code: string; purpose: MfaPurpose; userId?: string },
): Promise<MfaChallenge> {
  // Every code typed counts for the address, whether or not its challenge exists.
  await services.limits.beforeMfaVerifyFromAddress();
  const challenge = await db.query.mfaChallenges.findFirst({ where: eq(mfaChallenges.id, input.challengeId) });
  if (!challenge || challenge.purpose !== input.purpose || (input.userId && challenge.userId !== input.userId)) {
    throw verificationFailed("unknown_challenge");
  }
  await services.limits.beforeMfaVerifyOfAccount(challenge.userId);
  const now = new Date();
  const [used] = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaChallenges.id, challenge.id),
        eq(mfaChallenges.codeHash, await codeHash(challenge.id, input.code)),
        isNull(mfaChallenges.usedAt),
        isNull(mfaChallenges.lockedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (used) return used;

  const fail = async (reason: VerificationFailure, attemptsLeft?: number) => {
    await recordAudit(db, { userId: challenge.userId }, {
      action: reason === "locked" ? "user.mfa_locked" : "user.mfa_failed",
      entityType: "mfa_challenge",
      entityId: challenge.id,
      after: { purpose: challenge.purpose, reason, address: services.limits.address },
    });
    return verificationFailed(reason, attemptsLeft);
  };
  // Why it failed, read after the update: a used, locked or expired challenge takes no more tries.
  const current = (await db.query.mfaChallenges.findFirst({ where: eq(mfaChallenges.id, challenge.id) }))!;
  if (current.usedAt) throw await fail("used");
  if (current.lockedAt) throw await fail("locked");
  if (current.expiresAt.getTime() <= now.getTime()) throw await fail("expired");
  const [counted] = await db
    .update(mfaChallenges)
    .set({
      attempts: sql`${mfaChallenges.attempts} + 1`,
      lockedAt: sql`CASE WHEN ${mfaChallenges.attempts} + 1 >= ${MFA_MAX_ATTEMPTS} THEN ${now.getTime()} ELSE NULL END`,
    })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt), isNull(mfaChallenges.lockedAt)))
    .returning({ attempts: mfaChallenges.attempts, lockedAt: mfaChallenges.lockedAt });
  if (!counted) throw await fail("locked");
  if (counted.lockedAt) throw await fail("locked", 0);
  throw await fail("invalid_code", MFA_MAX_ATTEMPTS - counted.attempts);
}

/**
 * Closes a sign-in's challenge without a code because the request comes from a device the user
 * remembered (POST /auth/mfa/device, used after an OpenID sign-in, whose redirect cannot carry the
 * token). Counted like a code typed; a token that is not the challenge user's live device is refused
 * with 'Verification failed'. Returns the closed challenge.
 */
export async function closeChallengeOnRememberedDevice(
  db: Db,
  services: RequestServices,
  input: { challengeId: string; deviceToken: string },
): Promise<MfaChallenge> {
  await services.limits.beforeMfaVerifyFromAddress();
  const challenge = await db.query.mfaChallenges.findFirst({ where: eq(mfaChallenges.id, input.challengeId) });
  if (!challenge || challenge.purpose !== "login") throw verificationFailed("unknown_challenge");
  await services.limits.beforeMfaVerifyOfAccount(challenge.userId);
  if (!(await isRememberedDevice(db, challenge.userId, input.deviceToken))) {
    await recordAudit(db, { userId: challenge.userId }, {
      action: "user.mfa_failed",
      entityType: "mfa_challenge",
      entityId: challenge.id,
      after: { purpose: "login", reason: "unknown_device", address: services.limits.address },
    });
    throw verificationFailed("unknown_device");
  }
  const now = new Date();
  const [closed] = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt), isNull(mfaChallenges.lockedAt), gt(mfaChallenges.expiresAt, now)))
    .returning();
  if (!closed) throw verificationFailed(challenge.usedAt ? "used" : challenge.lockedAt ? "locked" : "expired");
  return closed;
}

/** Remembers this device for the user: the token goes to the client once; the database keeps its hash. */
export async function rememberDevice(db: Db, userId: string, userAgent: string | null | undefined): Promise<string> {
  const token = newToken();
  const id = newId();
  await db.batch([
    db.insert(rememberedDevices).values({
      id,
      tokenHash: await sha256Hex(token),
      userId,
      userAgent: userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + REMEMBERED_DEVICE_TTL_MS),
    }),
    auditStatement(db, { userId }, { action: "user.device_remembered", entityType: "remembered_device", entityId: id, after: { userAgent: userAgent?.slice(0, 300) ?? null } }),
  ]);
  return token;
}

/** Whether a device token is a live remembered device of this user; its last use is noted. */
export async function isRememberedDevice(db: Db, userId: string, token: string | null | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const now = new Date();
  const [row] = await db
    .update(rememberedDevices)
    .set({ lastUsedAt: now })
    .where(and(eq(rememberedDevices.tokenHash, await sha256Hex(token)), eq(rememberedDevices.userId, userId), gt(rememberedDevices.expiresAt, now)))
    .returning({ id: rememberedDevices.id });
  return !!row;
}
