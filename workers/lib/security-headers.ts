/**
 * The security headers of every response the Worker sends: pages, redirects, API answers, errors and
 * event streams. `workers/index.ts` applies them in one middleware so no response escapes.
 */

/**
 * The inline script `wrangler dev --live-reload` appends to every HTML page (wrangler's ProxyWorker).
 * It carries no nonce, so development allows it by its hash; test/security-headers.test.ts recomputes the
 * hash from the installed wrangler and fails when an upgrade changes the script.
 */
export const WRANGLER_LIVE_RELOAD_HASH = "sha256-g5a3SrOYIecCloZ8S7M4xdT1pbYi6e7mjHrmwphRxfE=";

/** Features no page of the product uses; denied for the page and every frame it could embed. */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

export interface SecurityHeaderOptions {
  /** The per-request nonce that Remix's inline scripts carry. */
  nonce: string;
  /** The `ENVIRONMENT` var: HSTS only in "production", the live-reload script only in "development". */
  environment: string;
}

/** A fresh base64 nonce of 128 random bits for one response's inline scripts. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The Content-Security-Policy. Scripts: our own files and inline scripts that carry this response's
 * nonce, never 'unsafe-inline' or eval. Styles: the tailwind file; `style="…"` attributes stay allowed
 * because React components position and size elements with them (screenshot zoom, highlight boxes,
 * bars), while `style-src-elem` keeps <style> elements to our own files in browsers that know it.
 * Images: our own origin (screenshots come from R2 through /api/v1) and data: (Markdown images).
 * Connections: our own origin (the API and the live run stream).
 */
export function contentSecurityPolicy({ nonce, environment }: SecurityHeaderOptions): string {
  const scripts = ["'self'", `'nonce-${nonce}'`];
  if (environment === "development") scripts.push(`'${WRANGLER_LIVE_RELOAD_HASH}'`);
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "style-src-elem 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Every security header of a response. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Permissions-Policy": DENIED_FEATURES.map((f) => `${f}=()`).join(", "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  // Browsers ignore HSTS over plain http anyway; only the deployed product is served over https.
  if (options.environment === "production") headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * The response with the security headers set. Headers of a response that came from a fetch (a Durable
 * Object's stream, an asset) are immutable, so the response is re-wrapped around the same body stream:
 * nothing is buffered, event streams keep flowing. A WebSocket upgrade is passed through untouched.
 */
export function withSecurityHeaders(response: Response, headers: Record<string, string>): Response {
  if (response.status === 101 || response.webSocket) return response;
  const out = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) out.headers.set(name, value);
  return out;
}
