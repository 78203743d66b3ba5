/**
 * Cross-site request protection for writes (POST, PUT, PATCH, DELETE) to the API and to Remix actions.
 *
 * The session cookie is SameSite=Lax, which stops cross-site POSTs but not same-site ones from another
 * origin (a sibling subdomain, another port). So a write must come from our own origin, as its `Origin`
 * header says (or its `Referer` when a browser sends no Origin).
 *
 * An API request with a bearer token is exempt: the API then authenticates by the token, which the browser
 * does not attach on its own, and a page of another origin cannot add an Authorization header without a
 * CORS preflight, which this Worker never grants. Remix actions read only the cookie, so they get no exemption.
 * A request with neither Origin nor Referer is refused only when it carries the session cookie (browsers
 * always send Origin on writes; clients outside the browser sign in and send the bearer token, spec §7).
 */

/** The message of the 403 a refused write gets. */
export const CROSS_SITE_REFUSED = "Cross-site request refused";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether the request carries an `Authorization: Bearer` token. */
export function hasBearerToken(request: Request): boolean {
  return /^Bearer\s+\S/i.test(request.headers.get("Authorization") ?? "");
}

/** Whether the request carries the cookie of this name. */
export function hasCookie(request: Request, name: string): boolean {
  const header = request.headers.get("Cookie") ?? "";
  return header.split(/;\s*/).some((part) => part.startsWith(`${name}=`) && part.length > name.length + 1);
}

/** The origin a request says it comes from: its Origin header, else its Referer's origin; null when neither. */
export function sourceOrigin(request: Request): string | null {
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin; // "null" (an opaque origin) is kept and never matches
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

export interface CrossSiteOptions {
  /** The name of the cookie that authenticates a browser session. */
  sessionCookie: string;
  /** Whether the handler authenticates by the bearer token when one is sent (the API does; Remix does not). */
  bearerAuthenticates: boolean;
}

/** Whether a write must be refused as cross-site. */
export function isCrossSiteWrite(request: Request, { sessionCookie, bearerAuthenticates }: CrossSiteOptions): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (bearerAuthenticates && hasBearerToken(request)) return false;
  const source = sourceOrigin(request);
  if (source === null) return hasCookie(request, sessionCookie);
  return source !== new URL(request.url).origin;
}
