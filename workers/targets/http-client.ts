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
 */

export interface RateLimitPolicy {
  /** Sustained requests per second. */
  requestsPerSecond: number;
  /** Requests that may go at once after an idle period (default 2, so a late timer loses no capacity). */
  burst?: number;
  /** The limit covers writes only (Sanity limits mutations and uploads, not reads). */
  writesOnly?: boolean;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  /** Identifies the target (for example "contentful:<space>"): clients with one key share one bucket. */
  key: string;
  policy: RateLimitPolicy | null;
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

/** A request that failed for good: a 4xx the platform will not accept, or retries exhausted. */
export class TargetHttpError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly url: string,
    readonly body: string,
    readonly attempts: number,
  ) {
    super(`${method} ${redactUrl(url)} failed with ${status || "a network error"} after ${attempts} attempt(s): ${body.slice(0, 300)}`);
    this.name = "TargetHttpError";
  }
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

/** A token bucket with a FIFO of waiters and a pause that a 429 can set. */
export class TokenBucket {
  private tokens: number;
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
      if (this.tokens >= 1) {
        this.tokens -= 1;
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

  /** Sends a request with throttling and retries; returns the first acceptable response. */
  async request(url: string, init: RequestOptions = {}): Promise<Response> {
    const { recover, accept = [], attempts: attemptsOverride, ...requestInit } = init;
    const method = (requestInit.method ?? "GET").toUpperCase();
    const maxAttempts = attemptsOverride ?? this.options.maxAttempts ?? 6;
    const maxRateLimited = this.options.maxRateLimitRetries ?? 30;
    let attempts = 0;
    let rateLimited = 0;
    let lastStatus = 0;
    let lastBody = "";
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
        res = await this.doFetch(url, { ...requestInit, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
      } catch (err) {
        this.stats.networkErrors++;
        uncertain = true;
        lastStatus = 0;
        lastBody = err instanceof Error ? err.message : String(err);
        if (attempts - rateLimited >= maxAttempts) throw new TargetHttpError(0, method, url, lastBody, attempts);
        await sleep(this.backoff(attempts - rateLimited));
        continue;
      }
      if (res.ok || accept.includes(res.status)) return res;
      lastStatus = res.status;
      lastBody = await res.text().catch(() => "");
      if (res.status === 429) {
        this.stats.rateLimited++;
        rateLimited++;
        if (rateLimited > maxRateLimited) throw new TargetHttpError(429, method, url, lastBody, attempts);
        const wait = retryDelayFromHeaders(res.headers) ?? this.backoff(rateLimited);
        const until = Date.now() + wait;
        if (this.bucket) this.bucket.pause(until);
        else await sleep(wait);
        continue;
      }
      if (res.status >= 500 || res.status === 408) {
        this.stats.serverErrors++;
        uncertain = true;
        if (attempts - rateLimited >= maxAttempts) throw new TargetHttpError(res.status, method, url, lastBody, attempts);
        const asked = res.status === 503 ? retryDelayFromHeaders(res.headers) : null;
        await sleep(asked ?? this.backoff(attempts - rateLimited));
        continue;
      }
      throw new TargetHttpError(lastStatus, method, url, lastBody, attempts);
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
