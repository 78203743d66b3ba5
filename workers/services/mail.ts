import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboxMessages, type OutboxMessage } from "../db/schema-mail";
import type { Env } from "../env";
import { egressFetcher, egressPolicy, type FetchLike } from "../lib/egress";
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
 * Production without a mail provider: mail is not sent, and the log says so (without the message,
 * which may hold a code or a link).
 */
const unconfiguredSender: MailSender = {
  async send(message) {
    console.warn(`No mail provider is configured: mail "${oneLine(message.subject)}" was not sent`);
  },
};

/** An HTTP mail provider: where to post, its API key and the sender address. */
export interface HttpMailConfig {
  url: string;
  apiKey: string;
  from: string;
}

/**
 * Sends through an HTTP mail API that takes `{ from, to, subject, text, html }` as JSON with a bearer
 * key (Resend's `POST /emails`, and providers with the same shape). The request goes through the egress
 * guard over https; a refusal by the provider throws, so a caller can say the mail was not sent.
 */
export function httpMailSender(config: HttpMailConfig, transport: FetchLike): MailSender {
  return {
    async send(message) {
      const res = await transport(config.url, {
        method: "POST",
        headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from: config.from, to: [message.to], subject: oneLine(message.subject), text: message.text, ...(message.html ? { html: message.html } : {}) }),
      });
      await res.body?.cancel().catch(() => {});
      if (!res.ok) throw new Error(`The mail provider answered ${res.status}`);
    },
  };
}

/** The HTTP provider of a deployment, when MAIL_HTTP_URL, MAIL_API_KEY and MAIL_FROM are all set. */
export function httpMailConfig(env: Pick<Env, "MAIL_HTTP_URL" | "MAIL_API_KEY" | "MAIL_FROM">): HttpMailConfig | null {
  return env.MAIL_HTTP_URL && env.MAIL_API_KEY && env.MAIL_FROM ? { url: env.MAIL_HTTP_URL, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM } : null;
}

type MailEnv = Pick<Env, "ENVIRONMENT" | "MAIL_HTTP_URL" | "MAIL_API_KEY" | "MAIL_FROM" | "EGRESS_ALLOW_PRIVATE">;

/**
 * The mail sender of a deployment: the outbox everywhere but production; in production the configured
 * HTTP provider, or none (logged).
 */
export function mailSender(env: MailEnv, db: Db): MailSender {
  if (env.ENVIRONMENT !== "production") return outboxSender(db);
  const config = httpMailConfig(env);
  return config ? httpMailSender(config, egressFetcher(egressPolicy(env), undefined, { requireHttps: true })) : unconfiguredSender;
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
