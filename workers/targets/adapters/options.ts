import type { EgressPolicy } from "../../lib/egress";
import type { FetchLike } from "../http-client";

/** What every adapter factory receives. */
export interface AdapterOptions {
  /** The site's platform configuration with secrets decrypted (server-side only). */
  config: Record<string, unknown>;
  /** Injected transport (tests route it to fake servers); the global fetch otherwise. */
  fetch?: FetchLike;
  /** Where platform calls may go (`egressPolicy(env)`): every call passes the egress guard. */
  egress: EgressPolicy;
  /** Root for sites on platforms without a configured root (AEM: /content/<site>). */
  siteSlug: string;
  /** R2 bucket and run id: where export bundles are written. */
  bucket?: R2Bucket;
  migrationId?: string;
}

export function str(config: Record<string, unknown>, key: string, fallback = ""): string {
  const v = config[key];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : fallback;
}

export function flag(config: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const v = config[key];
  return typeof v === "boolean" ? v : fallback;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** What a preview URL template may name: `{slug}`, `{path}`, `{id}` and `{locale}` of the written entry. */
export interface PreviewValues {
  slug: string;
  path: string;
  id: string;
  locale: string;
}

const PREVIEW_PLACEHOLDER = /\{(slug|path|id|locale)\}/g;

/**
 * Where the front end of a headless platform (Contentful, Sanity) shows a written entry, from the site's
 * preview settings: the base URL, the template filled with the entry's values (default `/{slug}`), and
 * the preview query string when asked to append it. Null without a base URL: the platform itself renders
 * no page, so there is nothing to check. An empty value (a page with no language, say) leaves no double
 * slash in the path; the template's own query string is kept as written.
 */
export function previewUrl(config: Record<string, unknown>, values: PreviewValues): string | null {
  const baseUrl = str(config, "previewBaseUrl");
  if (!baseUrl) return null;
  // One pass, so a value that happens to contain a placeholder is not filled in again.
  const filled = str(config, "previewUrlTemplate", "/{slug}").replace(PREVIEW_PLACEHOLDER, (_, name: keyof PreviewValues) => values[name]);
  const cut = filled.indexOf("?") < 0 ? filled.length : filled.indexOf("?");
  let url = trimSlash(baseUrl) + filled.slice(0, cut).replace(/\/{2,}/g, "/") + filled.slice(cut);
  const query = str(config, "previewQueryString").replace(/^\?/, "");
  if (flag(config, "appendPreviewQuery", false) && query) url += (url.includes("?") ? "&" : "?") + query;
  return url;
}
