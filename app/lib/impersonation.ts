import type { UserDto } from "../../workers/contracts/auth";
import { ApiRequestError, type ApiClient } from "./api-client";
import { MESSAGES } from "./messages";
import { getToken, storeSession } from "./session";
import { STORAGE_KEYS, readLocal, writeLocal } from "./storage-keys";

export const isImpersonating = () => readLocal(STORAGE_KEYS.isImpersonating) === "true";

/**
 * Starts impersonating (spec §4): keeps the admin's token, swaps in the target's token, and the
 * caller then loads /snapshots. The server sets the session cookie for the impersonated user.
 */
export async function startImpersonation(api: ApiClient, userId: string): Promise<UserDto> {
  const adminToken = getToken();
  const res = await api.post<{ token: string; user: UserDto }>(`/v1/admin/impersonate/${userId}`);
  if (adminToken) writeLocal(STORAGE_KEYS.adminToken, adminToken);
  writeLocal(STORAGE_KEYS.isImpersonating, "true");
  storeSession(res.token);
  writeLocal(STORAGE_KEYS.selectedSiteId, null);
  writeLocal(STORAGE_KEYS.activeOrganizationId, res.user.lastActiveOrganization?.id ?? res.user.organizations[0]?.id ?? null);
  api.clear();
  return res.user;
}

/** Ends the impersonation and restores the admin's session; the caller then loads /admin. */
export async function endImpersonation(api: ApiClient): Promise<UserDto> {
  if (!readLocal(STORAGE_KEYS.adminToken)) throw new ApiRequestError(400, MESSAGES.adminTokenMissing);
  const res = await api.post<{ token: string; user: UserDto }>("/v1/admin/end-impersonation");
  storeSession(res.token);
  writeLocal(STORAGE_KEYS.adminToken, null);
  writeLocal(STORAGE_KEYS.isImpersonating, null);
  writeLocal(STORAGE_KEYS.selectedSiteId, null);
  writeLocal(STORAGE_KEYS.activeOrganizationId, null);
  api.clear();
  return res.user;
}
