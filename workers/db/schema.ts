import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { belongsTo, createdAt, updatedAt } from "./columns";


/** People who sign in. `role` is the global role: ADMIN is the super administrator. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  role: text("role", { enum: ["ADMIN", "USER"] }).notNull().default("USER"),
  themePreference: text("theme_preference", { enum: ["system", "light", "dark"] })
    .notNull()
    .default("system"),
  lastActiveOrganizationId: text("last_active_organization_id"),
  /** When the user proved the e-mail address is theirs (the link of the verification mail); null until then. */
  emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
  /** When the user turned on sign-in codes by e-mail; null while off (global ADMINs always get a code). */
  mfaEnabledAt: integer("mfa_enabled_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/** Signed-in sessions. Only a SHA-256 hash of the bearer token is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: belongsTo("user_id", () => users.id),
    /** Set when an admin started this session by impersonating `userId`. */
    impersonatorUserId: text("impersonator_user_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const organizations = sqliteTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const memberships = sqliteTable(
  "memberships",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    userId: belongsTo("user_id", () => users.id),
    role: text("role", { enum: ["OWNER", "ADMIN", "MEMBER"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("memberships_org_user_idx").on(t.organizationId, t.userId),
    index("memberships_user_idx").on(t.userId),
  ],
);

/**
 * An invitation of an e-mail address to an organization. It waits until the owner of the address,
 * signed in with it verified, accepts it (then `acceptedAt` is set) or declines it (then it is deleted).
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    email: text("email").notNull(),
    role: text("role", { enum: ["OWNER", "ADMIN", "MEMBER"] }).notNull(),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("invitations_org_email_idx").on(t.organizationId, t.email)],
);

/** A project: one website to migrate. */
export const sites = sqliteTable(
  "sites",
  {
    id: text("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    name: text("name").notNull(),
    domain: text("domain").notNull(),
    iconUrl: text("icon_url"),
    createdAt: createdAt(),
  },
  (t) => [index("sites_org_idx").on(t.organizationId)],
);

/** The target platform and migration settings of a site. Secrets inside `platformConfig` are encrypted. */
export const siteConfigs = sqliteTable("site_configs", {
  id: text("id").primaryKey(),
  siteId: belongsTo("site_id", () => sites.id).unique(),
  organizationId: belongsTo("organization_id", () => organizations.id),
  platform: text("platform"),
  platformConfig: text("platform_config", { mode: "json" }).$type<Record<string, unknown>>(),
  components: text("components", { mode: "json" }).$type<Record<string, unknown>>(),
  templates: text("templates", { mode: "json" }).$type<unknown>(),
  settings: text("settings", { mode: "json" }).$type<Record<string, unknown>>(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
});

/** The audit trail: every write records who did what to which entity, with before and after. */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id"),
    actorUserId: text("actor_user_id"),
    impersonatorUserId: text("impersonator_user_id"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_org_idx").on(t.organizationId, t.createdAt),
    index("audit_actor_idx").on(t.actorUserId, t.createdAt),
  ],
);

/** The one system-wide banner. */
export const systemNotifications = sqliteTable("system_notifications", {
  id: text("id").primaryKey(),
  message: text("message").notNull().default(""),
  type: text("type", { enum: ["info", "warning"] }).notNull().default("info"),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Organization = typeof organizations.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type Site = typeof sites.$inferSelect;
export type SiteConfigRow = typeof siteConfigs.$inferSelect;
export type OrgRole = Membership["role"];
