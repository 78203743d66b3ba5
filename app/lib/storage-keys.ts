/** Browser storage keys (spec §3). */
export const STORAGE_KEYS = {
  authToken: "authToken",
  adminToken: "adminToken",
  isImpersonating: "isImpersonating",
  selectedSiteId: "selectedSiteId",
  activeOrganizationId: "activeOrganizationId",
  cookieConsent: "cookie-consent",
  theme: "theme",
  mfaDeviceToken: "mfaDeviceToken",
  notificationDismissals: "systemNotificationDismissals",
} as const;

/** Session-storage key of a site's connection status for one platform. */
export const connectionStatusKey = (siteId: string, platform: string) => `connection-status:${siteId}:${platform}`;

export const COOKIE_CONSENT_VALUES = ["accepted", "declined"] as const;
export type CookieConsent = (typeof COOKIE_CONSENT_VALUES)[number];

/** Reads localStorage without throwing where storage is unavailable (private mode, SSR). */
export function readLocal(key: string): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The stored choices that the server also needs, to render the dashboard with the chosen organization
 * and project in its first response: `writeLocal` mirrors them into cookies of the same name
 * (app/lib/dashboard.server.ts reads them).
 */
export const SERVER_SELECTION_KEYS: readonly string[] = [STORAGE_KEYS.activeOrganizationId, STORAGE_KEYS.selectedSiteId];

const SELECTION_MAX_AGE_S = 400 * 24 * 60 * 60;

function writeSelectionCookie(key: string, value: string | null): void {
  if (typeof document === "undefined") return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie =
    value === null
      ? `${key}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${key}=${encodeURIComponent(value)}; Path=/; Max-Age=${SELECTION_MAX_AGE_S}; SameSite=Lax${secure}`;
}

export function writeLocal(key: string, value: string | null): void {
  if (SERVER_SELECTION_KEYS.includes(key)) writeSelectionCookie(key, value);
  try {
    if (typeof localStorage === "undefined") return;
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the app keeps working without persistence */
  }
}
