import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { badRequest, forbidden, unauthorized } from "../../lib/errors";
import { SESSION_COOKIE, resolveSession } from "../../services/auth";
import { requireMembership } from "../../services/organizations";

/** The bearer token of a request, or the session cookie that carries the same token. */
export function requestToken(authorization: string | undefined, cookie: string | undefined): string | null {
  const m = authorization?.match(/^Bearer\s+(.+)$/i);
  return m?.[1]?.trim() || cookie || null;
}

/** Requires a signed-in user; 401 'Not authenticated' otherwise. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = requestToken(c.req.header("Authorization"), getCookie(c, SESSION_COOKIE));
  const auth = await resolveSession(getDb(c.env.DB), token);
  if (!auth) throw unauthorized();
  c.set("auth", auth);
  await next();
});

/** Requires the global ADMIN role of the session's own user; an impersonation session never passes. */
export const requireGlobalAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.get("auth");
  if (auth.user.role !== "ADMIN") throw forbidden("Administrator role required");
  await next();
});

/** The message when no active organization is sent (spec §5). */
export const NO_ACTIVE_ORGANIZATION = "No active organization selected";

/**
 * Requires `X-Organization-Id` naming an organization the caller belongs to; 403 otherwise.
 * A GET may name it as `?org=` instead, because an <img> cannot send headers (screenshots).
 */
export const requireOrganization = createMiddleware<AppEnv>(async (c, next) => {
  const organizationId = (c.req.header("X-Organization-Id") ?? (c.req.method === "GET" ? c.req.query("org") : undefined))?.trim();
  if (!organizationId) throw badRequest(NO_ACTIVE_ORGANIZATION);
  const membership = await requireMembership(getDb(c.env.DB), c.get("auth").user.id, organizationId);
  c.set("organizationId", organizationId);
  c.set("orgRole", membership.role);
  await next();
});
