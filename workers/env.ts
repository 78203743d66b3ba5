import type { Fetcher } from "@cloudflare/workers-types";
import type { RateLimiter } from "./lib/rate-limiter";
import type { LeaseMessage } from "./runs/leases";
import type { SessionUser } from "./services/auth";
import type { EnrichAnalysisMessage } from "./services/enrich-analysis";

/** Worker bindings, declared in wrangler.toml (and, for tests, vitest.config.ts). */
export interface Env {
  DB: D1Database;
  BUCKET: R2Bucket;
  MIGRATION_RUN: DurableObjectNamespace;
  /** One object per rate-limit key: sign-in, sign-up, invitations (workers/services/rate-limits.ts). */
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  BROWSER: Fetcher;
  ASSETS?: Fetcher;
  /** Workers AI: declared only in the production environment. */
  AI?: unknown;
  /** "development" locally and in tests, "production" when deployed. */
  ENVIRONMENT: string;
  /**
   * "true" only in local development and tests: outbound requests may reach loopback and private
   * addresses, and platform credentials may go over plain http (workers/lib/egress.ts). Ignored in production.
   */
  EGRESS_ALLOW_PRIVATE?: string;
  /** The page queue of fan-out runs (docs/scale-out.md); without it every run captures in its own object. */
  MIGRATION_PAGES?: Queue<LeaseMessage>;
  /** The queue of Enrich analyses: each runs outside the request that asked for it (services/enrich-analysis.ts). */
  ENRICH_ANALYSES: Queue<EnrichAnalysisMessage>;
  /** A run of at least this many pages fans out to the page queue (default 5000). */
  FANOUT_MIN_PAGES?: string;
  /** A run with at least this many tabs (its site's concurrency) fans out (default 9). */
  FANOUT_MIN_CONCURRENCY?: string;
  /**
   * Raises every rate limit by this factor, so the test suites can sign in and up many times from one
   * address. Ignored in production, whose limits are always the strict ones.
   */
  RATE_LIMIT_MULTIPLIER?: string;
  /** The company details of the public footer (wrangler.toml vars; app/lib/public-site.server.ts). */
  COMPANY_NAME?: string;
  COMPANY_ADDRESS?: string;
  COMPANY_PHONE?: string;
  COMPANY_EMAIL?: string;
  COMPANY_ABN?: string;
  COMPANY_ACN?: string;
  /** The landing page's testimonial: JSON `{ quote, name, role, company }` of a real customer quote. */
  LANDING_TESTIMONIAL?: string;
  /**
   * OpenID Connect providers for sign-in, a JSON list of { id, name, issuer, clientId } (README); each
   * client's secret is the Worker secret OIDC_<ID>_CLIENT_SECRET (workers/services/oidc.ts).
   */
  OIDC_PROVIDERS?: string;
  /**
   * Production mail through an HTTP provider (workers/services/mail.ts): the endpoint, the sender address,
   * and the API key as a Worker secret. Development and tests keep mail in the outbox instead.
   */
  MAIL_HTTP_URL?: string;
  MAIL_FROM?: string;
  MAIL_API_KEY?: string;
  /** Base64 of a 32-byte AES-GCM key that encrypts platform secrets at rest (a Worker secret). */
  SECRETS_KEY?: string;
}

/** Request-scoped values set by the API middleware. */
export interface AppVariables {
  auth: SessionUser;
  organizationId: string;
  orgRole: "OWNER" | "ADMIN" | "MEMBER";
  /** The Content-Security-Policy nonce of this response's inline scripts (set by workers/index.ts). */
  cspNonce: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}
