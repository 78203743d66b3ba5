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
