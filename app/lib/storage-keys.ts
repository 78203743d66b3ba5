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

export function writeLocal(key: string, value: string | null): void {
  try {
    if (typeof localStorage === "undefined") return;
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the app keeps working without persistence */
  }
}
