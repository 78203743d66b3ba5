import { APP_EVENTS, emit } from "./events";
import { COOKIE_CONSENT_VALUES, STORAGE_KEYS, readLocal, writeLocal, type CookieConsent } from "./storage-keys";

/** The stored choice, or null while the visitor has not chosen (spec §4: the banner is shown). */
export function readCookieConsent(): CookieConsent | null {
  const v = readLocal(STORAGE_KEYS.cookieConsent);
  return (COOKIE_CONSENT_VALUES as readonly string[]).includes(v ?? "") ? (v as CookieConsent) : null;
}

/** Stores the choice and fires cookie-consent:accepted or cookie-consent:declined (spec §3). */
export function setCookieConsent(choice: CookieConsent): void {
  writeLocal(STORAGE_KEYS.cookieConsent, choice);
  emit(choice === "accepted" ? APP_EVENTS.cookieAccepted : APP_EVENTS.cookieDeclined);
}

export const COOKIE_BANNER_TEXT = {
  label: "Cookie consent",
  message: "We use cookies to keep you signed in and, with your consent, to measure how the product is used so we can improve it.",
  privacyLink: "Privacy Policy",
  accept: "Accept",
  decline: "Decline",
  dismiss: "Dismiss cookie banner",
} as const;
