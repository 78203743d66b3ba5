import { and, eq, gt, isNull } from "drizzle-orm";
import { VERIFICATION_MESSAGES } from "../contracts/auth";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { emailVerificationTokens } from "../db/schema-mail";
import { badRequest, conflict } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { newId, newToken } from "../lib/ids";
import { accountMail } from "./account-mail";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import type { RequestServices } from "./request-services";

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** The path of the link in the verification mail. */
export const VERIFY_EMAIL_PATH = "/verify-email";

/** The texts live in the contract, which the screens import too. */
export { VERIFICATION_MESSAGES };

/**
 * Sends a verification link to the user's address. Only the newest link works: earlier unused
 * tokens of the user are deleted. The token itself is only in the mail; the database keeps its hash.
 */
export async function sendVerificationMail(db: Db, services: Pick<RequestServices, "mail" | "origin">, user: { id: string; email: string }): Promise<void> {
  const token = newToken();
  await db.batch([
    db.delete(emailVerificationTokens).where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt))),
    db.insert(emailVerificationTokens).values({
      id: newId(),
      tokenHash: await sha256Hex(token),
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
    }),
  ]);
  const link = `${services.origin}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  await services.mail.send(
    accountMail(user.email, VERIFICATION_MESSAGES.subject, [
      "Open this link to verify your e-mail address:",
      "The link works once, for 24 hours. If you did not create an account, ignore this mail.",
    ], link),
  );
}

/**
 * Verifies the address a token was sent to. The token is used up in the same statement that finds
 * it, so two requests with one token cannot both succeed; an unknown, used or expired token is a 400.
 */
export async function verifyEmail(db: Db, token: string): Promise<{ userId: string; email: string }> {
  const now = new Date();
  const [used] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, await sha256Hex(token)),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  if (!used) throw badRequest(VERIFICATION_MESSAGES.invalidLink);
  const user = await db.query.users.findFirst({ where: eq(users.id, used.userId) });
  if (!user || user.email !== used.email) throw badRequest(VERIFICATION_MESSAGES.invalidLink);
  if (!user.emailVerifiedAt) {
    await db.batch([
      db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id)),
      auditStatement(db, { userId: user.id }, { action: "user.email_verified", entityType: "user", entityId: user.id, after: { email: user.email } }),
    ]);
  }
  return { userId: user.id, email: user.email };
}

/** Sends the signed-in user a new verification link (rate-limited per user). */
export async function resendVerificationMail(db: Db, services: RequestServices, auth: SessionUser): Promise<{ email: string }> {
  if (auth.user.emailVerifiedAt) throw conflict(VERIFICATION_MESSAGES.alreadyVerified);
  await services.limits.beforeVerificationMail(auth.user.id);
  await sendVerificationMail(db, services, auth.user);
  return { email: auth.user.email };
}
