import { z } from "zod";
import type { OrgRole, UserDto } from "./auth";

/*
 * Administration API contracts: impersonation and user search (spec §2 Admin screen, §4, §7),
 * the system notification banner, and news articles.
 *
 * Response shapes:
 * - POST /admin/impersonate/{userId}, POST /admin/end-impersonation → ImpersonationResponse
 * - GET /admin/users?search= → { users: AdminUserSummaryDto[] }
 * - GET /admin/users/{id} → AdminUserDetailsDto
 * - GET /system-notification (public) → SystemNotificationResponse: `{ notification: null }` while the
 *   banner is disabled, so a visitor never sees a message an administrator has not switched on.
 * - GET /admin/system-notification, PUT /system-notification → SystemNotificationResponse with the
 *   stored notification whether enabled or not (the admin editor needs the draft).
 * - GET /news → { articles: PublicNewsSummaryDto[] }; GET /news/{slug} → { article: PublicNewsArticleDto }
 * - GET /admin/news → { articles: NewsArticleDto[] }; POST, GET, PUT /admin/news/{id} → { article: NewsArticleDto };
 *   DELETE /admin/news/{id} → { success: true }
 */

/** Impersonation user search: minimum length (spec §5, §9) and result cap. */
export const USER_SEARCH_MIN_LENGTH = 3;
export const USER_SEARCH_LIMIT = 20;
/** How many of a user's most recent audit events the user details show. */
export const USER_AUDIT_EVENTS_LIMIT = 50;

/** Server-side messages of the administration API. */
export const ADMIN_MESSAGES = {
  adminRequired: "Administrator role required",
  endImpersonationFirst: "End the impersonation to use the administration",
  searchTooShort: `Search term must be at least ${USER_SEARCH_MIN_LENGTH} characters`,
  userNotFound: "User not found",
  cannotImpersonateSelf: "You cannot impersonate yourself",
  alreadyImpersonating: "End the current impersonation before starting another",
  cannotImpersonateAdmin: "Another administrator cannot be impersonated",
  notImpersonating: "This session is not an impersonation",
} as const;

export const userSearchQuerySchema = z.object({
  search: z.string().trim().min(USER_SEARCH_MIN_LENGTH, ADMIN_MESSAGES.searchTooShort).max(100),
});

/** One row of the impersonation search (spec §7). */
export interface AdminUserSummaryDto {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "ADMIN" | "USER";
}

export interface ImpersonationResponse {
  token: string;
  user: UserDto;
  isImpersonation: boolean;
}

/** A signed-in session as administrators see it; tokens are never part of it. */
export interface AdminSessionDto {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  userAgent: string | null;
  isImpersonation: boolean;
  impersonatorUserId: string | null;
}

export interface AuditEventDto {
  id: string;
  organizationId: string | null;
  actorUserId: string | null;
  impersonatorUserId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AdminUserDetailsDto {
  user: AdminUserSummaryDto & {
    name: string;
    createdAt: string;
    themePreference: UserDto["themePreference"];
    lastActiveOrganizationId: string | null;
  };
  organizations: { id: string; name: string; role: OrgRole }[];
  sessions: AdminSessionDto[];
  auditEvents: AuditEventDto[];
}

/* ---------- System notification ---------- */

export const NOTIFICATION_TYPES = ["info", "warning"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const DEFAULT_NOTIFICATION_TYPE: NotificationType = "info";
export const NOTIFICATION_MESSAGE_MAX_LENGTH = 5000;

export const NOTIFICATION_MESSAGES = {
  messageRequired: "A message is required to show the notification",
  messageTooLong: `The message must be at most ${NOTIFICATION_MESSAGE_MAX_LENGTH} characters`,
} as const;

export const saveSystemNotificationSchema = z
  .object({
    enabled: z.boolean(),
    message: z.string().max(NOTIFICATION_MESSAGE_MAX_LENGTH, NOTIFICATION_MESSAGES.messageTooLong),
    type: z.enum(NOTIFICATION_TYPES).default(DEFAULT_NOTIFICATION_TYPE),
  })
  .strict();

/** The system-wide banner (spec §3); `message` is sanitized HTML. */
export interface SystemNotificationDto {
  id: string;
  message: string;
  type: NotificationType;
  enabled: boolean;
  updatedAt: string;
}

export interface SystemNotificationResponse {
  notification: SystemNotificationDto | null;
}

/* ---------- News ---------- */

export const NEWS_STATUSES = ["draft", "published"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
/** Lowercase words of letters and digits joined by single hyphens, e.g. `release-2-0`. */
export const NEWS_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const NEWS_MESSAGES = {
  titleRequired: "Title is required",
  slugInvalid: "Slug may contain only lowercase letters, digits and single hyphens",
  slugTaken: "An article with this slug already exists",
  notFound: "Article not found",
} as const;

const slug = z.string().trim().min(1, NEWS_MESSAGES.slugInvalid).max(120).regex(NEWS_SLUG_PATTERN, NEWS_MESSAGES.slugInvalid);

export const createNewsSchema = z
  .object({
    title: z.string().trim().min(1, NEWS_MESSAGES.titleRequired).max(200),
    slug,
    summary: z.string().trim().max(1000).default(""),
    bodyMarkdown: z.string().max(200_000).default(""),
    status: z.enum(NEWS_STATUSES).default("draft"),
  })
  .strict();

/** Every field optional: the editor may save one field at a time. */
export const updateNewsSchema = z
  .object({
    title: z.string().trim().min(1, NEWS_MESSAGES.titleRequired).max(200),
    slug,
    summary: z.string().trim().max(1000),
    bodyMarkdown: z.string().max(200_000),
    status: z.enum(NEWS_STATUSES),
  })
  .partial()
  .strict();

/** An article as the admin editor sees it. `bodyMarkdown` is stored raw and rendered by the client. */
export interface NewsArticleDto {
  id: string;
  title: string;
  slug: string;
  summary: string;
  bodyMarkdown: string;
  status: NewsStatus;
  publishedAt: string | null;
  authorUserId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A published article in the public list. */
export interface PublicNewsSummaryDto {
  id: string;
  title: string;
  slug: string;
  summary: string;
  publishedAt: string;
}

export interface PublicNewsArticleDto extends PublicNewsSummaryDto {
  bodyMarkdown: string;
}
