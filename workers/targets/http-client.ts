/**
 * The one rate-aware HTTP client every target adapter uses (ARCHITECTURE rule 7).
 *
 * - A token bucket per target (shared by every client with the same key in this isolate) keeps the
 *   request rate at the platform's documented limit.
 * - 429 answers pause the whole bucket for as long as the platform asks (Retry-After, or the
 *   X-Contentful-RateLimit-Reset / RateLimit-Reset / X-RateLimit-Reset headers) and are retried.
 * - 5xx answers, network errors and timeouts are retried with exponential backoff and jitter.
 * - A create that is not idempotent can pass `recover`: before it is retried, the adapter checks
 *   whether the first attempt landed after all, so a retry never writes a duplicate.
 * - Every request passes the egress guard (workers/lib/egress.ts): https only outside local
 *   development (credentials go along), no private or internal address, redirects followed by hand and
 *   checked hop by hop, credentials never sent on to another origin. A refusal is not retried.
 * - A failure never carries the platform's response body: only the status and a short, safe reason.
 */
import { egressFetch, EgressRefusedError, type EgressPolicy, type FetchLike } from "../lib/egress";

export type { FetchLike } from "../lib/egress";

export interface RateLimitPolicy {
  /** Sustained requests per second. */
  requestsPerSecond: number;
  /** Requests that may go at once after an idle period (default 2, so a late timer loses no capacity). */
  burst?: number;
  /** The limit covers writes only (Sanity limits mutations and uploads, not reads). */
  writesOnly?: boolean;
}

export interface HttpClientOptions {
  /** Identifies the target (for example "contentful:<space>"): clients with one key share one bucket. */
  key: string;
  policy: RateLimitPolicy | null;
  /** Which destinations the client may reach (`egressPolicy(env)`). */
  egress: EgressPolicy;
  /** The transport under the egress guard: the global fetch, or a fake platform in tests. */
  fetch?: FetchLike;
  /** Attempts for 5xx, network errors and timeouts (default 6). */
  maxAttempts?: number;
  /** 429 answers tolerated for one request before giving up (default 30). */
  maxRateLimitRetries?: number;
  timeoutMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface RequestOptions extends RequestInit {
  /** Called before a retry of a non-idempotent request: a Response means the first attempt landed. */
  recover?: () => Promise<Response | null>;
  /** Statuses returned to the caller instead of thrown (e.g. 404 for "not there yet"). */
  accept?: number[];
  /** Overrides the client's attempts for 5xx and network errors (a connection test answers quickly). */
  attempts?: number;
}

/**
 * A request that failed for good: a 4xx the platform will not accept, or retries exhausted. Its text
 * goes into the run's logs, which members read: it names the status and a short reason (`safeReason`),
 * never the response body, which could be anything the URL answered with.
 */
export class TargetHttpError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly url: string,
    readonly reason: string,
    readonly attempts: number,
  ) {
    super(`${method} ${redactUrl(url)} failed with ${status || "a network error"}${reason ? ` (${reason})` : ""} after ${attempts} attempt(s)`);
    this.name = "TargetHttpError";
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
  408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
  413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content", 429: "Too Many Requests",
  500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
};

/** An error code as platforms document them ("rest_forbidden", "ValidationFailed", "mutationError"). */
const SAFE_CODE = /^[A-Za-z][A-Za-z0-9_.-]{1,47}$/;

/**
 * A short reason for a failed answer that is safe to show: the platform's error code when the body is
 * JSON with one in a documented place (WordPress `code`, Contentful `sys.id`, Sanity `error.type`, a
 * string `error` or `errorCode`) and it looks like a code, else the standard text of the status. The
 * response's own status line is not used either: whoever answers chooses it.
 */
export function safeReason(status: number, body: string): string {
  let code: unknown;
  if (body.length < 65_536) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown> | null;
      if (parsed && typeof parsed === "object") {
        const sys = parsed.sys as Record<string, unknown> | undefined;
        const error = parsed.error as Record<string, unknown> | string | undefined;
        code = [parsed.code, sys?.id, typeof error === "object" ? error?.type : error, parsed.errorCode].find((c) => typeof c === "string" && SAFE_CODE.test(c));
      }
    } catch {
      // Not JSON: the status text stands.
    }
  }
  return typeof code === "string" ? code : (STATUS_TEXT[status] ?? (status ? `HTTP ${status}` : ""));
}

export interface ClientStats {
  requests: number;
  rateLimited: number;
  serverErrors: number;
  networkErrors: number;
  recovered: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|key)=)[^&]+/gi, "$1***");
}

/**
 * How much longer than a second the bucket's window is. A request leaves here on time and can still
 * reach the platform late (a busy event loop, a body still uploading) while the next one arrives on
 * time: counted over a plain second, two such requests can land in the platform's same second. With
 * the margin, a delay of up to this long still keeps every one of the platform's seconds at or under
 * its rate (bench:faults measured a plain second at 1.15 of the limit on arrival).
 */
export const RATE_WINDOW_MARGIN_MS = 250;

/**
 * A token bucket with a FIFO of waiters and a pause that a 429 can set. The bucket spaces requests at
 * `rate`; on top of it, no more than `rate` requests go out in any one second plus
 * `RATE_WINDOW_MARGIN_MS`, burst included, so the platform's per-second limit holds over every window
 * as the platform counts it, not only on average.
 */
export class TokenBucket {
  private tokens: number;
  /** When the requests of the last window were sent, oldest first. */
  private sent: number[] = [];
  private last = Date.now();
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly rate: number,
    readonly capacity: number,
  ) {
    this.tokens = capacity;
  }

  /** Resolves when the caller may send one request. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForToken());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Stops all requests of this target until `until` (epoch ms). */
  pause(until: number): void {
    if (until > this.pausedUntil) this.pausedUntil = until;
    this.tokens = 0;
  }

  private refill(now: number) {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }

  private async waitForToken(): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (now < this.pausedUntil) {
        await sleep(this.pausedUntil - now);
        this.last = Date.now();
        continue;
      }
      this.refill(now);
      const window = 1000 + RATE_WINDOW_MARGIN_MS;
      while (this.sent.length && this.sent[0] <= now - window) this.sent.shift();
      if (this.sent.length >= Math.max(1, Math.floor(this.rate))) {
        await sleep(this.sent[0] + window - now + 1);
        continue;
      }
      if (this.tokens >= 1) {
        this.tokens -= 1;
        this.sent.push(now);
        return;
      }
      await sleep(Math.ceil(((1 - this.tokens) / this.rate) * 1000));
    }
  }
}

const buckets = new Map<string, TokenBucket>();

function bucketFor(key: string, policy: RateLimitPolicy | null): TokenBucket | null {
  if (!policy) return null;
  const id = `${key}@${policy.requestsPerSecond}/${policy.burst ?? 2}`;
  let bucket = buckets.get(id);
  if (!bucket) {
    bucket = new TokenBucket(policy.requestsPerSecond, Math.max(1, policy.burst ?? 2));
    buckets.set(id, bucket);
  }
  return bucket;
}

/** Milliseconds a 429 (or 503) asks the client to wait, from the headers platforms document. */
export function retryDelayFromHeaders(headers: Headers, now = Date.now()): number | null {
  const retryAfter = headers.get("Retry-After");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  // Contentful: seconds until the limit resets.
  const contentful = headers.get("X-Contentful-RateLimit-Reset");
  if (contentful && Number.isFinite(Number(contentful))) return Number(contentful) * 1000;
  // IETF draft (Sanity and others): seconds.
  const reset = headers.get("RateLimit-Reset");
  if (reset && Number.isFinite(Number(reset))) return Number(reset) * 1000;
  // Epoch seconds or delta seconds, by size.
  const xReset = headers.get("X-RateLimit-Reset");
  if (xReset && Number.isFinite(Number(xReset))) {
    const value = Number(xReset);
    return value > 1e9 ? Math.max(0, value * 1000 - now) : value * 1000;
  }
  return null;
}

/** A client bound to one target. Cheap to create; the bucket is shared by key. */
export class TargetHttpClient {
  readonly stats: ClientStats = { requests: 0, rateLimited: 0, serverErrors: 0, networkErrors: 0, recovered: 0 };
  private readonly bucket: TokenBucket | null;
  private readonly doFetch: FetchLike;

  constructor(private readonly options: HttpClientOptions) {
    this.bucket = bucketFor(options.key, options.policy);
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** One attempt through the egress guard (its redirects included). */
  private async send(url: string, init: RequestInit): Promise<Response> {
    const { response } = await egressFetch(url, init, { policy: this.options.egress, fetch: this.doFetch, requireHttps: true });
    return response;
  }

  /** Sends a request with throttling and retries; returns the first acceptable response. */
  async request(url: string, init: RequestOptions = {}): Promise<Response> {
    const { recover, accept = [], attempts: attemptsOverride, ...requestInit } = init;
    const method = (requestInit.method ?? "GET").toUpperCase();
    const maxAttempts = attemptsOverride ?? this.options.maxAttempts ?? 6;
    const maxRateLimited = this.options.maxRateLimitRetries ?? 30;
    let attempts = 0;
    let rateLimited = 0;
    let lastStatus = 0;
    let lastReason = "";
    // Set after an answer that leaves unknown whether the write landed (timeout, reset, 5xx).
    let uncertain = false;
    for (;;) {
      if (uncertain && recover) {
        const landed = await recover();
        if (landed) {
          this.stats.recovered++;
          return landed;
        }
      }
      const throttled = this.bucket && !(this.options.policy?.writesOnly && (method === "GET" || method === "HEAD"));
      if (throttled) await this.bucket!.take();
      attempts++;
      this.stats.requests++;
      let res: Response;
      try {
        res = await this.send(url, { ...requestInit, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
      } catch (err) {
        // A refused destination is refused again on every retry.
        if (err instanceof EgressRefusedError) throw err;
        this.stats.networkErrors++;
        uncertain = true;
        lastStatus = 0;
        lastReason = err instanceof Error && err.name === "TimeoutError" ? "timed out" : "no answer";
        if (attempts - rateLimited >= maxAttempts) throw new TargetHttpError(0, method, url, lastReason, attempts);
        await sleep(this.backoff(attempts - rateLimited));
        continue;
      }
      if (res.ok || accept.includes(res.status)) return res;
      lastStatus = res.status;
      lastReason = safeReason(res.status, await res.text().catch(() => ""));
      if (res.status === 429) {
        this.stats.rateLimited++;
        rateLimited++;
        if (rateLimited > maxRateLimited) throw new TargetHttpError(429, method, url, lastReason, attempts);
        const wait = retryDelayFromHeaders(res.headers) ?? this.backoff(rateLimited);
        const until = Date.now() + wait;
        if (this.bucket) this.bucket.pause(until);
        else await sleep(wait);
        continue;
      }
      if (res.status >= 500 || res.status === 408) {
        this.stats.serverErrors++;
        uncertain = true;
        if (attempts - rateLimited >= maxAttempts) throw new TargetHttpError(res.status, method, url, lastReason, attempts);
        const asked = res.status === 503 ? retryDelayFromHeaders(res.headers) : null;
        await sleep(asked ?? this.backoff(attempts - rateLimited));
        continue;
      }
      throw new TargetHttpError(lastStatus, method, url, lastReason, attempts);
    }
  }

  /** `request` and parse the JSON body. */
  async json<T>(url: string, init: RequestOptions = {}): Promise<T> {
    const res = await this.request(url, init);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  private backoff(attempt: number): number {
    const base = this.options.baseDelayMs ?? 250;
    const max = this.options.maxDelayMs ?? 20_000;
    const exp = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
    return exp / 2 + Math.random() * (exp / 2);
  }
}

/** Basic auth header value. */
export function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return `Basic ${btoa(s)}`;
}
