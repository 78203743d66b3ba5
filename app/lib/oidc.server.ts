import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { LoginResponse } from "../../workers/contracts/auth";
import { AUTH_MESSAGES } from "../../workers/contracts/auth";
import { getDb } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import { SESSION_COOKIE, SESSION_TTL_MS } from "../../workers/services/auth";
import { OIDC_CALLBACK_PATH, OIDC_STATE_COOKIE, OIDC_STATE_TTL_MS, finishOidcSignIn, oidcProviders, oidcTransport, startOidcSignIn } from "../../workers/services/oidc";
import { requestServices } from "../../workers/services/request-services";
import { readCookie } from "./session.server";

/** The providers the sign-in page offers: their ids and names only. */
export function oidcProviderChoices(context: AppLoadContext): { id: string; name: string }[] {
  return oidcProviders(context.cloudflare.env).map((p) => ({ id: p.id, name: p.name }));
}

function cookie(request: Request, context: AppLoadContext, name: string, value: string, maxAgeSeconds: number, path = "/"): string {
  const secure = context.cloudflare.env.ENVIRONMENT === "production" || new URL(request.url).protocol === "https:";
  return `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const redirectUri = (request: Request) => `${new URL(request.url).origin}${OIDC_CALLBACK_PATH}`;

/** /oauth/start/{provider}: off to the provider, with the sign-in's state in a short-lived cookie. */
export async function oidcStart(request: Request, context: AppLoadContext, providerId: string | undefined): Promise<Response> {
  const env = context.cloudflare.env;
  const provider = oidcProviders(env).find((p) => p.id === providerId);
  if (!provider) throw redirect("/login?oauth=unknown");
  const { authorizationUrl, state } = await startOidcSignIn(getDb(env.DB), provider, oidcTransport(env), redirectUri(request));
  return redirect(authorizationUrl, {
    headers: { "Set-Cookie": cookie(request, context, OIDC_STATE_COOKIE, state, OIDC_STATE_TTL_MS / 1000, OIDC_CALLBACK_PATH), "Cache-Control": "no-store" },
  });
}

export type OidcCallbackData =
  | { ok: true; result: LoginResponse; email: string | null }
  | { ok: false; error: string };

/**
 * /oauth/callback: finishes the sign-in. A session's token is set as the cookie and handed to the page,
 * which keeps it for the API client as a password sign-in does; the state cookie is cleared either way.
 */
export async function oidcCallback(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  headers.append("Set-Cookie", cookie(request, context, OIDC_STATE_COOKIE, "", 0, OIDC_CALLBACK_PATH));
  try {
    const result = await finishOidcSignIn(getDb(env.DB), requestServices(env, request), oidcProviders(env), oidcTransport(env), {
      callbackUrl: new URL(request.url),
      browserState: readCookie(request, OIDC_STATE_COOKIE),
      redirectUri: redirectUri(request),
      userAgent: request.headers.get("User-Agent"),
    });
    if (!result.mfaRequired) headers.append("Set-Cookie", cookie(request, context, SESSION_COOKIE, result.token, SESSION_TTL_MS / 1000));
    const email = result.mfaRequired ? null : result.user.email;
    return json<OidcCallbackData>({ ok: true, result, email }, { headers });
  } catch (err) {
    if (err instanceof ApiError) return json<OidcCallbackData>({ ok: false, error: err.status === 429 ? err.message : AUTH_MESSAGES.oauthFailed }, { status: err.status, headers });
    throw err;
  }
}
