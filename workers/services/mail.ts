import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboxMessages, type OutboxMessage } from "../db/schema-mail";
import type { Env } from "../env";
import { newId } from "../lib/ids";

/** A mail: plain text, and optionally a simple HTML part with the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where the product's mail goes: the outbox locally, a mail provider in production. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/** A subject is one line: a name with a line break in it must not add a header. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

/** Keeps mail in the outbox table (local development and tests); the /outbox page shows it. */
export function outboxSender(db: Db): MailSender {
  return {
    async send(message) {
      await db
        .insert(outboxMessages)
        .values({ id: newId(), to: message.to, subject: oneLine(message.subject), text: message.text, html: message.html ?? null });
    },
  };
}

/**
 * Production has no mail provider wired in yet: mail is not sent, and the log says so (without the
 * message, which may hold a verification link). A provider is composed here when one is configured.
 */
const unconfiguredSender: MailSender = {
  async send(message) {
    console.warn(`No mail provider is configured: mail "${oneLine(message.subject)}" was not sent`);
  },
};

/** The mail sender of a deployment: the outbox everywhere but production. */
export function mailSender(env: Pick<Env, "ENVIRONMENT">, db: Db): MailSender {
  return env.ENVIRONMENT === "production" ? unconfiguredSender : outboxSender(db);
}

/** Whether this deployment keeps its mail in the outbox (and shows it at /outbox). */
export function hasOutbox(env: Pick<Env, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT !== "production";
}

/** The newest outbox mail, optionally to one address. */
export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(opts.to ? eq(outboxMessages.to, opts.to.toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(opts.limit ?? 50);
}
