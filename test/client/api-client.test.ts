import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, cacheTtlFor, createApiClient, filenameFromDisposition } from "../../app/lib/api-client";
import { CONSTANTS } from "../../app/lib/constants";
import { MESSAGES } from "../../app/lib/messages";

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch double that answers JSON and records what the client sent. */
function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response> = () => Response.json({ ok: true })) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    return answer(url, init ?? {});
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

function client(fetchFn: typeof fetch, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({ fetch: fetchFn, now: () => Date.now(), getToken: () => "tok-1", getOrganizationId: () => "org-1", ...extra });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("API client headers", () => {
  it("sends the bearer token and the active organization on every request, under the /api base", async () => {
    const f = fakeFetch();
    const api = client(f.fn);
    await api.get("/v1/sites");
    await api.post("/v1/sites", { name: "x" });
    expect(f.calls.map((c) => c.url)).toEqual(["/api/v1/sites", "/api/v1/sites"]);
    for (const c of f.calls) {
      const h = c.init.headers as Record<string, string>;
      expect(h.Authorization).toBe("Bearer tok-1");
      expect(h["X-Organization-Id"]).toBe("org-1");
    }
  });
});

describe("GET cache lifetimes (spec §7)", () => {
  it.each([
    ["/v1/site-config/site-1", CONSTANTS.cacheTtl.siteConfig, 60_000],
    ["/v1/platform/site-1/capabilities", CONSTANTS.cacheTtl.platform, 300_000],
    ["/v1/system-notification", CONSTANTS.cacheTtl.systemNotification, 30_000],
    ["/v1/sites", CONSTANTS.cacheTtl.default, 30_000],
  ])("%s is cached for %i ms", async (path, ttl, expected) => {
    expect(ttl).toBe(expected);
    expect(cacheTtlFor(path)).toBe(expected);
    const f = fakeFetch();
    const api = client(f.fn);
    await api.get(path);
    vi.advanceTimersByTime(expected - 1);
    await api.get(path);
    expect(f.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await api.get(path);
    expect(f.calls).toHaveLength(2);
  });

  it("keeps a separate cache per organization, and `fresh` bypasses the cache", async () => {
    let org = "org-1";
    const f = fakeFetch();
    const api = client(f.fn, { getOrganizationId: () => org });
    await api.get("/v1/sites");
    org = "org-2";
    await api.get("/v1/sites");
    expect(f.calls).toHaveLength(2);
    await api.get("/v1/sites", { fresh: true });
    expect(f.calls).toHaveLength(3);
  });
});

describe("de-duplication", () => {
  it("sends identical concurrent GETs once and gives every caller the answer", async () => {
    const pending = new Map<string, (r: Response) => void>();
    const f = fakeFetch((url) => new Promise<Response>((resolve) => pending.set(url, resolve)));
    const api = client(f.fn);
    const a = api.get<{ n: number }>("/v1/sites");
    const b = api.get<{ n: number }>("/v1/sites");
    const c = api.get<{ n: number }>("/v1/sites?page=2");
    expect(f.calls.map((x) => x.url)).toEqual(["/api/v1/sites", "/api/v1/sites?page=2"]);
    pending.get("/api/v1/sites")?.(Response.json({ n: 7 }));
    pending.get("/api/v1/sites?page=2")?.(Response.json({ n: 8 }));
    expect(await a).toEqual({ n: 7 });
    expect(await b).toEqual({ n: 7 });
    expect(await c).toEqual({ n: 8 });
    // Once answered, the same GET comes from the cache.
    await api.get("/v1/sites");
    expect(f.calls).toHaveLength(2);
  });

  it("does not cache a failed GET, so the next call asks again", async () => {
    let fail = true;
    const f = fakeFetch(() => (fail ? Response.json({ error: "Boom" }, { status: 500 }) : Response.json({ ok: 1 })));
    const api = client(f.fn);
    await expect(api.get("/v1/sites")).rejects.toMatchObject({ status: 500, error: "Boom" });
    fail = false;
    await expect(api.get("/v1/sites")).resolves.toEqual({ ok: 1 });
    expect(f.calls).toHaveLength(2);
  });
});

describe("invalidation", () => {
  it("a write to site-config or template-config drops cached site-config reads", async () => {
    const f = fakeFetch();
    const api = client(f.fn);
    await api.get("/v1/site-config/s1");
    await api.put("/v1/site-config/s1", { name: "n" });
    await api.get("/v1/site-config/s1");
    expect(f.calls.filter((c) => c.init.method === "GET")).toHaveLength(2);
    await api.post("/v1/template-config/s1", {});
    await api.get("/v1/site-config/s1");
    expect(f.calls.filter((c) => c.init.method === "GET")).toHaveLength(3);
  });

  it("a write elsewhere keeps the site-config cache", async () => {
    const f = fakeFetch();
    const api = client(f.fn);
    await api.get("/v1/site-config/s1");
    await api.put("/v1/users/theme-preference", { themePreference: "dark" });
    await api.get("/v1/site-config/s1");
    expect(f.calls.filter((c) => c.init.method === "GET")).toHaveLength(1);
  });

  it("invalidates even when the write fails", async () => {
    const f = fakeFetch((_u, init) => (init.method === "PUT" ? Response.json({ error: "Invalid" }, { status: 400 }) : Response.json({})));
    const api = client(f.fn);
    await api.get("/v1/site-config/s1");
    await expect(api.put("/v1/site-config/s1", {})).rejects.toBeInstanceOf(ApiRequestError);
    await api.get("/v1/site-config/s1");
    expect(f.calls.filter((c) => c.init.method === "GET")).toHaveLength(2);
  });
});

describe("errors, timeouts and downloads", () => {
  it("/auth/me gives up after 7 s", async () => {
    const f = fakeFetch(
      (_u, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    );
    const api = client(f.fn);
    const me = api.get("/v1/auth/me");
    const settled = vi.fn();
    me.then(settled, settled);
    await vi.advanceTimersByTimeAsync(CONSTANTS.meTimeoutMs - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(me).rejects.toThrow("aborted");
    expect(CONSTANTS.meTimeoutMs).toBe(7000);
  });

  it("reports 401s and carries the server's error, details and status", async () => {
    const onUnauthorized = vi.fn();
    const f = fakeFetch(() => Response.json({ error: "Not authenticated", details: { a: 1 } }, { status: 401 }));
    const api = client(f.fn, { onUnauthorized });
    await expect(api.get("/v1/sites")).rejects.toMatchObject({ status: 401, error: "Not authenticated", details: { a: 1 } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("logs a 404 as a warning, except the expected 'No active migration found'", async () => {
    const warn = vi.fn();
    let error = "Not found";
    const f = fakeFetch(() => Response.json({ error }, { status: 404 }));
    const api = client(f.fn, { warn });
    await expect(api.get("/v1/sites/x")).rejects.toMatchObject({ status: 404 });
    expect(warn).toHaveBeenCalledTimes(1);
    error = MESSAGES.noActiveMigration;
    await expect(api.get("/v1/migration/active/s1")).rejects.toMatchObject({ status: 404 });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("takes a download's filename from Content-Disposition", async () => {
    const f = fakeFetch(() => new Response("zip", { headers: { "Content-Disposition": `attachment; filename="export.zip"` } }));
    const api = client(f.fn);
    const { filename } = await api.download("/v1/exports/1");
    expect(filename).toBe("export.zip");
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf; filename="x.pdf"`)).toBe("résumé.pdf");
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
