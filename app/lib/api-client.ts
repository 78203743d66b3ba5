import { CONSTANTS } from "./constants";
import { MESSAGES } from "./messages";

/** An API failure: the server's `error` and `details` fields and the HTTP status (spec §8). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly details?: unknown,
  ) {
    super(error);
    this.name = "ApiRequestError";
  }
}

export interface ApiClientOptions {
  /** Base path; the spec's default is /api. */
  base?: string;
  fetch?: typeof fetch;
  now?: () => number;
  getToken: () => string | null;
  getOrganizationId: () => string | null;
  /** Called on every 401; the session module throttles the event. */
  onUnauthorized?: () => void;
  warn?: (message: string) => void;
}

export interface GetOptions {
  /** Bypass and refresh the cache. */
  fresh?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface CacheEntry {
  expires: number;
  data: unknown;
}

/** GET cache lifetime by path (spec §7). */
export function cacheTtlFor(path: string): number {
  const p = path.split("?")[0];
  if (p.startsWith("/v1/site-config")) return CONSTANTS.cacheTtl.siteConfig;
  if (p.startsWith("/v1/platform")) return CONSTANTS.cacheTtl.platform;
  if (p.startsWith("/v1/system-notification")) return CONSTANTS.cacheTtl.systemNotification;
  return CONSTANTS.cacheTtl.default;
}

/** Which cached paths a write to `path` makes stale. */
export function invalidatedBy(path: string): string[] {
  const p = path.split("?")[0];
  const out = new Set<string>();
  // Spec §7: writes to site-config or template-config invalidate those reads.
  if (/\/(site-config|template-config|components|templates|sites)\b/.test(p)) {
    out.add("/v1/site-config");
    out.add("/v1/template-config");
  }
  // Beyond the spec: a write also invalidates reads of its own resource, so screens never show stale rows.
  const resource = p.split("/").slice(0, 3).join("/");
  if (resource.length > 3) out.add(resource);
  if (p.startsWith("/v1/organization") || p.startsWith("/v1/users") || p.startsWith("/v1/admin")) out.add("/v1/auth/me");
  return [...out];
}

/** The dashboard's API client: bearer token and organization header on every call, GET cache and de-duplication. */
export function createApiClient(options: ApiClientOptions) {
  const base = (options.base ?? CONSTANTS.defaultApiBase).replace(/\/$/, "");
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? (() => Date.now());
  const cache = new Map<string, CacheEntry>();
  const inflight = new Map<string, Promise<unknown>>();
  const controllers = new Set<AbortController>();

  function headers(extra?: Record<string, string>): Record<string, string> {
    const h: Record<string, string> = { Accept: "application/json", ...extra };
    const token = options.getToken();
    const org = options.getOrganizationId();
    if (token) h.Authorization = `Bearer ${token}`;
    if (org) h["X-Organization-Id"] = org;
    return h;
  }

  async function handleError(res: Response): Promise<never> {
    let body: { error?: string; details?: unknown } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      /* not JSON */
    }
    const err = new ApiRequestError(res.status, body.error ?? res.statusText ?? "Request failed", body.details);
    if (res.status === 401) options.onUnauthorized?.();
    if (res.status === 404 && err.error !== MESSAGES.noActiveMigration) options.warn?.(`Not found: ${res.url}`);
    throw err;
  }

  async function request<T>(method: string, path: string, body?: unknown, timeoutMs?: number, signal?: AbortSignal): Promise<T> {
    const controller = new AbortController();
    controllers.add(controller);
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort);
    const timer = timeoutMs ? setTimeout(() => controller.abort(new Error("Request timed out")), timeoutMs) : undefined;
    try {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: headers(body !== undefined ? { "Content-Type": "application/json" } : undefined),
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: controller.signal,
        credentials: "same-origin",
      });
      if (!res.ok) await handleError(res);
      if (res.status === 204) return undefined as T;
      return (await res.json()) as T;
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      controllers.delete(controller);
    }
  }

  function cacheKey(path: string) {
    return `${options.getOrganizationId() ?? ""}|${options.getToken() ?? ""}|${path}`;
  }

  /** GET with the spec's cache lifetimes; identical concurrent GETs share one request. */
  async function get<T>(path: string, opts: GetOptions = {}): Promise<T> {
    const key = cacheKey(path);
    if (!opts.fresh) {
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.data as T;
      const pending = inflight.get(key);
      if (pending) return pending as Promise<T>;
    }
    const timeoutMs = opts.timeoutMs ?? (path.startsWith("/v1/auth/me") ? CONSTANTS.meTimeoutMs : undefined);
    const promise = request<T>("GET", path, undefined, timeoutMs, opts.signal)
      .then((data) => {
        cache.set(key, { data, expires: now() + cacheTtlFor(path) });
        return data;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  function invalidate(prefix: string) {
    for (const key of [...cache.keys()]) {
      const path = key.split("|")[2];
      if (path.startsWith(prefix)) cache.delete(key);
    }
  }

  async function write<T>(method: string, path: string, body?: unknown): Promise<T> {
    try {
      return await request<T>(method, path, body);
    } finally {
      for (const prefix of invalidatedBy(path)) invalidate(prefix);
    }
  }

  /** Downloads a file; the name comes from Content-Disposition. */
  async function download(path: string, method: "GET" | "POST" = "GET", body?: unknown): Promise<{ blob: Blob; filename: string }> {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: headers(body !== undefined ? { "Content-Type": "application/json" } : undefined),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) await handleError(res);
    return { blob: await res.blob(), filename: filenameFromDisposition(res.headers.get("Content-Disposition")) ?? "download" };
  }

  return {
    get,
    post: <T>(path: string, body?: unknown) => write<T>("POST", path, body ?? {}),
    put: <T>(path: string, body?: unknown) => write<T>("PUT", path, body ?? {}),
    del: <T>(path: string) => write<T>("DELETE", path),
    download,
    invalidate,
    /** Drops every cached response (sign-in, sign-out, organization switch). */
    clear: () => cache.clear(),
    /** Cancels every request and stream in flight (session expiry). */
    abortAll: () => {
      for (const c of controllers) c.abort();
      controllers.clear();
    },
    /** Registers a controller of a long-lived stream so abortAll cancels it too. */
    track: (c: AbortController) => {
      controllers.add(c);
      return () => controllers.delete(c);
    },
    headers,
    base,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The filename of a Content-Disposition header (RFC 6266, with filename* preferred). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = header.match(/filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through to the plain filename */
    }
  }
  const plain = header.match(/filename\s*=\s*("?)([^";]+)\1/i);
  return plain ? plain[2].trim() : null;
}
