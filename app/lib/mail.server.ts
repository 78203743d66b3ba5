import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import { verifyEmail } from "../../workers/services/email-verification";
import { hasOutbox, listOutbox } from "../../workers/services/mail";

/** Verifies the address of a link's token; false when the link is unknown, used or expired. */
export async function verifyEmailLink(context: AppLoadContext, token: string | null): Promise<boolean> {
  if (!token) return false;
  try {
    await verifyEmail(getDb(context.cloudflare.env.DB), token);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return false;
    throw err;
  }
}

/** The development outbox's newest mail, or null where the deployment sends real mail (production). */
export async function outboxMail(context: AppLoadContext) {
  const env = context.cloudflare.env;
  if (!hasOutbox(env)) return null;
  const mail = await listOutbox(getDb(env.DB), { limit: 50 });
  return mail.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() }));
}
