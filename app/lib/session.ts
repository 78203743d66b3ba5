import { CONSTANTS } from "./constants";
import { APP_EVENTS, emit } from "./events";
import { STORAGE_KEYS, readLocal, writeLocal } from "./storage-keys";

/** The bearer token stored in the browser (spec §3). */
export const getToken = () => readLocal(STORAGE_KEYS.authToken);

export function storeSession(token: string) {
  writeLocal(STORAGE_KEYS.authToken, token);
}

/** Forgets the session in this browser, including an impersonation in progress. */
export function clearSession() {
  writeLocal(STORAGE_KEYS.authToken, null);
  writeLocal(STORAGE_KEYS.adminToken, null);
  writeLocal(STORAGE_KEYS.isImpersonating, null);
}

/** Fires `auth:expired` at most once per 5 s however many requests fail with 401 (spec §4). */
export function createExpiryNotifier(now: () => number = () => Date.now(), fire: () => void = () => emit(APP_EVENTS.authExpired)) {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < CONSTANTS.sessionExpiredSuppressMs) return false;
    last = t;
    fire();
    return true;
  };
}
