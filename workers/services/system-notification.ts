import { eq } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { z } from "zod";
import {
  NOTIFICATION_MESSAGES,
  type SystemNotificationDto,
  type saveSystemNotificationSchema,
} from "../contracts/admin";
import type { Db } from "../db/client";
import { systemNotifications } from "../db/schema";
import { badRequest } from "../lib/errors";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";

/**
 * The banner is one row with a fixed id: clients store dismissals per id and show the banner again
 * when `updatedAt` is later than the dismissal (spec §4), so the id must stay stable across saves.
 */
export const SYSTEM_NOTIFICATION_ID = "system-notification";

/**
 * What a banner message may contain: simple formatting and links. Everything else (scripts, styles,
 * event handlers, images, iframes, javascript: and data: URLs) is removed, because the client renders
 * the message as HTML on every page.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["a", "b", "strong", "i", "em", "u", "s", "br", "p", "span", "code", "ul", "ol", "li"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      if (out.target && out.target !== "_blank" && out.target !== "_self") delete out.target;
      if (out.target === "_blank") out.rel = "noopener noreferrer";
      return { tagName, attribs: out };
    },
  },
};

/** Removes everything but simple formatting and http(s)/mailto links from banner HTML. */
export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

function toDto(row: typeof systemNotifications.$inferSelect): SystemNotificationDto {
  return { id: row.id, message: row.message, type: row.type, enabled: row.enabled, updatedAt: row.updatedAt.toISOString() };
}

/**
 * The stored notification. With `includeDisabled: false` (the public banner) a disabled
 * notification reads as `null`, so drafts never reach visitors.
 */
export async function getSystemNotification(db: Db, opts: { includeDisabled: boolean }): Promise<SystemNotificationDto | null> {
  const row = await db.query.systemNotifications.findFirst({ where: eq(systemNotifications.id, SYSTEM_NOTIFICATION_ID) });
  if (!row) return null;
  if (!row.enabled && !opts.includeDisabled) return null;
  return toDto(row);
}

/**
 * Saves the banner (global ADMIN; the route checks the role). The message is sanitized before it is
 * stored, and `updatedAt` moves forward on every save so dismissed banners come back.
 */
export async function saveSystemNotification(
  db: Db,
  auth: SessionUser,
  input: z.infer<typeof saveSystemNotificationSchema>,
): Promise<SystemNotificationDto> {
  const message = sanitizeNotificationHtml(input.message);
  if (input.enabled && sanitizeHtml(message, { allowedTags: [], allowedAttributes: {} }).trim() === "") {
    throw badRequest(NOTIFICATION_MESSAGES.messageRequired, [{ path: "message", message: NOTIFICATION_MESSAGES.messageRequired }]);
  }
  const before = await getSystemNotification(db, { includeDisabled: true });
  // Strictly later than the previous save, even within the same millisecond.
  const updatedAt = new Date(Math.max(Date.now(), before ? Date.parse(before.updatedAt) + 1 : 0));
  const values = { message, type: input.type, enabled: input.enabled, updatedAt };
  await db.batch([
    db
      .insert(systemNotifications)
      .values({ id: SYSTEM_NOTIFICATION_ID, ...values })
      .onConflictDoUpdate({ target: systemNotifications.id, set: values }),
    auditStatement(db, auth.actor, {
      action: "system-notification.update",
      entityType: "system-notification",
      entityId: SYSTEM_NOTIFICATION_ID,
      before,
      after: { message, type: input.type, enabled: input.enabled, updatedAt: updatedAt.toISOString() },
    }),
  ]);
  return (await getSystemNotification(db, { includeDisabled: true }))!;
}
