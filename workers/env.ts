import type { Fetcher } from "@cloudflare/workers-types";
import type { SessionUser } from "./services/auth";

/** Worker bindings, declared in wrangler.toml (and, for tests, vitest.config.ts). */
export interface Env {
  DB: D1Database;
  BUCKET: R2Bucket;
  MIGRATION_RUN: DurableObjectNamespace;
  BROWSER: Fetcher;
  ASSETS?: Fetcher;
  /** Workers AI: declared only in the production environment. */
  AI?: unknown;
  /** "development" locally and in tests, "production" when deployed. */
  ENVIRONMENT: string;
  /** Base64 of a 32-byte AES-GCM key that encrypts platform secrets at rest (a Worker secret). */
  SECRETS_KEY?: string;
}

/** Request-scoped values set by the API middleware. */
export interface AppVariables {
  auth: SessionUser;
  organizationId: string;
  orgRole: "OWNER" | "ADMIN" | "MEMBER";
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}
