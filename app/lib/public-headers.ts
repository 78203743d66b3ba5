import type { HeadersFunction } from "@remix-run/cloudflare";

/** Passes the loader's Cache-Control (public-site.server.ts) on to the page; without one, nothing is shared. */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  "Cache-Control": errorHeaders ? "private, no-store" : (loaderHeaders.get("Cache-Control") ?? "private, no-store"),
});
