import type { HeadersFunction } from "@remix-run/cloudflare";
import styles from "~/tailwind.css?url";

/**
 * The style sheet every page waits for before its first paint, named in the response's headers: the
 * browser requests it as soon as the headers arrive, before it parses the HTML (and an edge that sends
 * 103 Early Hints can name it while the page is still being rendered).
 */
export const STYLESHEET_PRELOAD = `<${styles}>; rel=preload; as=style`;

/** Passes the loader's Cache-Control (public-site.server.ts) on to the page; without one, nothing is shared. */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  "Cache-Control": errorHeaders ? "private, no-store" : (loaderHeaders.get("Cache-Control") ?? "private, no-store"),
  Link: STYLESHEET_PRELOAD,
});
