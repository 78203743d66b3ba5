import { and, eq, gt, isNull } from "drizzle-orm";
import { AUTH_MESSAGES } from "../contracts/auth";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { passwordResetTokens } from "../db/schema-auth";
import { badRequest } from "../lib/errors";
import { hashPassword, sha256Hex } from "../lib/crypto";
import { newId, newToken } from "../lib/ids";
import { accountMail } from "./account-mail";
import { auditStatement } from "./audit";
import type { RequestServices } from "./request-services";

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** The page the link of the reset mail opens. */
export const RESET_PASSWORD_PATH = "/reset-password";

/**
 * Mails a reset link when an account has this address, and answers the same either way, so the
 * request tells nobody whether an account exists. Rate-limited per address and per e-mail; earlier
 * unused links of the user stop working.
 */
export async function requestPasswordReset(db: Db, services: RequestServices, email: string): Promise<void> {
  await services.limits.beforeResetRequest(email);
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) {
    await auditStatement(db, null, { action: "user.password_reset_requested", entityType: "user", entityId: null, after: { email, known: false } });
    return;
  }
  const token = newToken();
  const now = new Date();
  await db.batch([
    db.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    db.insert(passwordResetTokens).values({ id: newId(), tokenHash: await sha256Hex(token), userId: user.id, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS) }),
    auditStatement(db, { userId: user.id }, { action: "user.password_reset_requested", entityType: "user", entityId: user.id, after: { known: true } }),
  ]);
  const link = `${services.origin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
  try {
    await services.mail.send(
      accountMail(user.email, AUTH_MESSAGES.resetSubject, [
        "Open this link to choose a new password:",
        "The link works once, for one hour. Resetting signs you out everywhere. If you did not ask for it, ignore this mail: your password stays as it is.",
      ], link),
    );
  } catch (err) {
    // The answer must not differ from an unknown address's: the failure is logged, not shown.
    console.error("Password reset mail failed", err instanceof Error ? err.message : "unknown error");
  }
}

/**
 * Sets a new password with a reset token. The token is used up in the statement that finds it, so it
 * works once even when two requests race; every session of the user ends.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<{ userId: string }> {
  const now = new Date();
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, await sha256Hex(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  if (!used) throw badRequest(AUTH_MESSAGES.resetInvalidLink);
  const passwordHash = await hashPassword(password);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, used.userId)),
    db.delete(sessions).where(eq(sessions.userId, used.userId)),
    auditStatement(db, { userId: used.userId }, { action: "user.password_reset", entityType: "user", entityId: used.userId, after: { sessionsEnded: true } }),
  ]);
  return { userId: used.userId };
}
