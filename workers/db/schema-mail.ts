import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { belongsTo, createdAt } from "./columns";
import { users } from "./schema";

/**
 * Tokens of e-mail verification links. Only a SHA-256 hash of the token is stored; a token verifies
 * the address it was sent to, once, before it expires.
 */
export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: belongsTo("user_id", () => users.id),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

/**
 * Mail the product sends (verification links, invitations) where no mail provider delivers it:
 * local development and tests, whose /outbox page shows it.
 */
export const outboxMessages = sqliteTable(
  "outbox_messages",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** The simple HTML part, when the mail has one. */
    html: text("html"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_messages_to_idx").on(t.to, t.createdAt)],
);

export type EmailVerificationToken = typeof emailVerificationTokens.$inferSelect;
export type OutboxMessage = typeof outboxMessages.$inferSelect;
