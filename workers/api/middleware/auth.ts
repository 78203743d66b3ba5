import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { ADMIN_MESSAGES } from "../../contracts/admin";
import type { OrgAction } from "../../contracts/permissions";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { badRequest, forbidden, unauthorized } from "../../lib/errors";
import { assertAdminSession } from "../../services/admin";
import { SESSION_COOKIE, resolveSession, type SessionUser } from "../../services/auth";
import { requireOrganizationAction } from "../../services/organizations";

/** The bearer token of a request, or the session cookie that carries the same token. */
export function requestToken(authorization: string | undefined, cookie: string | undefined): string | null {
  const m = authorization?.match(/^Bearer\s+(.+)$/i);
  return m?.[1]?.trim() || cookie || null;
}

/**
 * The signed-in user of the request, resolved once and kept on the context; 401 'Not authenticated'
 * without one. An impersonation session resolves to the impersonated user, with that user's memberships.
 */
export async function authenticate(c: Context<AppEnv>): Promise<SessionUser> {
  const known = c.get("auth") as SessionUser | undefined;
  if (known) return known;
  const token = requestToken(c.req.header("Authorization"), getCookie(c, SESSION_COOKIE));
  const auth = await resolveSession(getDb(c.env.DB), token);
  if (!auth) throw unauthorized();
  c.set("auth", auth);
  return auth;
}

/** Requires a signed-in user; 401 'Not authenticated' otherwise. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  await authenticate(c);
  await next();
});

/**
 * Requires the global ADMIN role of the session's own user: an impersonation session never passes,
 * even when the impersonated user is an administrator.
 */
export function assertGlobalAdmin(auth: SessionUser): void {
  if (auth.user.role !== "ADMIN") throw forbidden(ADMIN_MESSAGES.adminRequired);
  assertAdminSession(auth);
}

/** The message when no active organization is sent (spec §5). */
export const NO_ACTIVE_ORGANIZATION = "No active organization selected";

/**
 * The organization a request names in `X-Organization-Id`; a GET may name it as `?org=` instead,
 * because an <img> cannot send headers (screenshots). 400 without one.
 */
export function requestedOrganization(c: Context<AppEnv>): string {
  const organizationId = (c.req.header("X-Organization-Id") ?? (c.req.method === "GET" ? c.req.query("org") : undefined))?.trim();
  if (!organizationId) throw badRequest(NO_ACTIVE_ORGANIZATION);
  return organizationId;
}

/**
 * Checks the caller's membership of the organization against D1 (403 when not a member, whether or not
 * the organization exists, or when the role does not allow `action`) and keeps the organization and the
 * caller's role in it on the context.
 */
export async function enterOrganization(c: Context<AppEnv>, auth: SessionUser, organizationId: string, action: OrgAction) {
  const membership = await requireOrganizationAction(getDb(c.env.DB), auth.user.id, organizationId, action);
  c.set("organizationId", organizationId);
  c.set("orgRole", membership.role);
  return membership;
}
