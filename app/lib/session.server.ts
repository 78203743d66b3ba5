import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { SESSION_COOKIE, resolveSession, toUserDto, type SessionUser } from "../../workers/services/auth";
import type { UserDto } from "../../workers/contracts/auth";
import { decodeComponent } from "../../workers/lib/escape";

/** A cookie of the request, decoded, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i) === name) return decodeComponent(part.slice(i + 1));
  }
  return null;
}

/** The signed-in user of a page request (from the session cookie), or null. */
export async function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return resolveSession(getDb(context.cloudflare.env.DB), readCookie(request, SESSION_COOKIE));
}

export interface CurrentUser {
  user: UserDto;
  isImpersonation: boolean;
}

/**
 * Requires a signed-in user for an app page. Without one it redirects to /login, or to
 * /login?expired=1 when the browser still holds a session cookie that is no longer valid.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const auth = await getSessionUser(request, context);
  if (!auth) {
    const hadCookie = readCookie(request, SESSION_COOKIE) !== null;
    throw redirect(hadCookie ? "/login?expired=1" : "/login");
  }
  return { user: await toUserDto(getDb(context.cloudflare.env.DB), auth.user), isImpersonation: auth.isImpersonation };
}

/** Like `requireUser`, but the session itself, for loaders and actions that call the account services. */
export async function requireSession(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const auth = await getSessionUser(request, context);
  if (auth) return auth;
  throw redirect(readCookie(request, SESSION_COOKIE) !== null ? "/login?expired=1" : "/login");
}

export async function optionalUser(request: Request, context: AppLoadContext): Promise<CurrentUser | null> {
  const auth = await getSessionUser(request, context);
  if (!auth) return null;
  return { user: await toUserDto(getDb(context.cloudflare.env.DB), auth.user), isImpersonation: auth.isImpersonation };
}
