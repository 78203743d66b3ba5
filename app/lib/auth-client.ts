import type { AuthResponse, LoginResponse } from "../../workers/contracts/auth";
import { ApiRequestError } from "./api-client";
import { CONSTANTS } from "./constants";
import { storeSession } from "./session";
import { STORAGE_KEYS, writeLocal } from "./storage-keys";

/** Posts to a public auth endpoint (no cache, no bearer); the answer's JSON, or an ApiRequestError. */
export async function postAuth<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${CONSTANTS.defaultApiBase}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string; details?: unknown };
  if (!res.ok) throw new ApiRequestError(res.status, json.error ?? "Request failed", json.details);
  return json as T;
}

/**
 * Posts to an auth endpoint and stores the session it returns. A sign-in that needs a code by e-mail
 * returns the challenge and stores nothing; the code's answer (POST /v1/auth/mfa/verify) stores the
 * session, and the remembered device's token when one is given.
 */
export async function authenticate(path: "/v1/auth/login" | "/v1/auth/signup" | "/v1/auth/mfa/verify" | "/v1/auth/mfa/device", body: unknown): Promise<LoginResponse> {
  const answer = await postAuth<LoginResponse>(path, body);
  if (answer.mfaRequired) return answer;
  const auth: AuthResponse = answer;
  storeSession(auth.token);
  if (auth.deviceToken) writeLocal(STORAGE_KEYS.mfaDeviceToken, auth.deviceToken);
  writeLocal(STORAGE_KEYS.isImpersonating, auth.isImpersonation ? "true" : null);
  if (auth.user.lastActiveOrganization) writeLocal(STORAGE_KEYS.activeOrganizationId, auth.user.lastActiveOrganization.id);
  else if (auth.user.organizations[0]) writeLocal(STORAGE_KEYS.activeOrganizationId, auth.user.organizations[0].id);
  return auth;
}

/** Field errors of a 400 answer, keyed by field path. */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiRequestError && Array.isArray(err.details)) {
    for (const d of err.details as { path?: string; message?: string }[]) {
      if (d.path && d.message && !out[d.path]) out[d.path] = d.message;
    }
  }
  return out;
}
