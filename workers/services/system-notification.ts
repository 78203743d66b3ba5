import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  NOTIFICATION_MESSAGES,
  type SystemNotificationDto,
  type saveSystemNotificationSchema,
} from "../contracts/admin";
import type { Db } from "../db/client";
import { systemNotifications } from "../db/schema";
import { badRequest } from "../lib/errors";
import { htmlText, sanitizeUserHtml } from "../lib/sanitize";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";

/**
 * The banner is one row with a fixed id: clients store dismissals per id and show the banner again
 * when `updatedAt` is later than the dismissal (spec §4), so the id must stay stable across saves.
 */
export const SYSTEM_NOTIFICATION_ID = "system-notification";

/**
 * Removes everything but simple formatting and http(s)/mailto links from banner HTML (the policy's
 * inline profile), because the client renders the message as HTML on every page.
 */
export function sanitizeNotificationHtml(html: string): string {
  return sanitizeUserHtml(html, "inline");
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
  if (input.enabled && htmlText(message) === "") {
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
