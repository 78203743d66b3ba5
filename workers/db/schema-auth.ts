import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { belongsTo, createdAt } from "./columns";
import { users } from "./schema";

/**
 * A one-time code sent by e-mail: the second step of a sign-in (`login`), or the proof that turns MFA
 * on or off (`enable`, `disable`). Only a hash of the code is kept; it expires, works once, and the
 * challenge locks after too many wrong codes.
 */
export const mfaChallenges = sqliteTable(
  "mfa_challenges",
  {
    id: text("id").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    purpose: text("purpose", { enum: ["login", "enable", "disable"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    sends: integer("sends").notNull().default(1),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    lockedAt: integer("locked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("mfa_challenges_user_idx").on(t.userId, t.createdAt)],
);

/** A device on which the user chose to skip the e-mail code for a while. Only a hash of its token is kept. */
export const rememberedDevices = sqliteTable(
  "remembered_devices",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: belongsTo("user_id", () => users.id),
    userAgent: text("user_agent"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("remembered_devices_user_idx").on(t.userId)],
);

/** Tokens of password-reset links: hashed, single-use, short-lived. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: belongsTo("user_id", () => users.id),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** An OpenID Connect identity (provider and subject) linked to an account. */
export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: belongsTo("user_id", () => users.id),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("oauth_accounts_provider_subject_idx").on(t.provider, t.subject), index("oauth_accounts_user_idx").on(t.userId)],
);

/**
 * A sign-in started at an OpenID provider: the hash of its `state`, and the nonce and PKCE verifier
 * the callback needs. Used once, within minutes.
 */
export const oauthLoginStates = sqliteTable("oauth_login_states", {
  id: text("id").primaryKey(),
  stateHash: text("state_hash").notNull().unique(),
  provider: text("provider").notNull(),
  nonce: text("nonce").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

export type MfaChallenge = typeof mfaChallenges.$inferSelect;
export type RememberedDevice = typeof rememberedDevices.$inferSelect;
