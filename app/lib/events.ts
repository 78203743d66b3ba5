/** Browser events (spec §3). */
export const APP_EVENTS = {
  authExpired: "auth:expired",
  cookieAccepted: "cookie-consent:accepted",
  cookieDeclined: "cookie-consent:declined",
  notificationHeight: "system-notification:height",
} as const;

export function emit(name: string, detail?: unknown): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
