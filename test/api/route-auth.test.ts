import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../workers/api";
import { newUser } from "./helpers";

/** Routes anyone may call without signing in: `METHOD path` as registered. */
const PUBLIC_ROUTES = new Set([
  "POST /api/v1/auth/signup",
  "POST /api/v1/auth/login",
  "POST /api/v1/auth/verify-email",
  "POST /api/v1/auth/mfa/challenge",
  "POST /api/v1/auth/mfa/verify",
  "POST /api/v1/auth/mfa/device",
  "POST /api/v1/auth/password-reset/request",
  "POST /api/v1/auth/password-reset",
  "GET /api/v1/news",
  "GET /api/v1/news/:slug",
  "GET /api/v1/system-notification",
]);

/** The API-wide middleware (no-store header) is not an endpoint. */
const GLOBAL_MIDDLEWARE = "ALL /api/v1/*";

/** The administration routes a signed-in non-admin may reach without a 403, and what they answer instead. */
const ADMIN_ROUTES_WITHOUT_ROLE_CHECK: Record<string, number> = {
  // Only an impersonation session can be ended; any other session is a bad request.
  "POST /api/v1/admin/end-impersonation": 400,
};

interface Endpoint {
  key: string;
  method: string;
  url: string;
}

/** Every distinct method + path of the route table, with its parameters filled in. */
function endpoints(): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const r of api.routes) {
    const key = `${r.method} ${r.path}`;
    if (key === GLOBAL_MIDDLEWARE || seen.has(key)) continue;
    const path = r.path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, "00000000-0000-4000-8000-000000000000").replace(/\*/g, "anything");
    // Middleware registered for every method is exercised with GET.
    seen.set(key, { key, method: r.method === "ALL" ? "GET" : r.method, url: `http://localhost${path}` });
  }
  return [...seen.values()];
}

async function send(e: Endpoint, token?: string): Promise<number> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = e.method === "GET" || e.method === "HEAD" ? undefined : "{}";
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(e.url, { method: e.method, headers, body });
  await res.arrayBuffer();
  return res.status;
}

describe("route table", () => {
  it("finds the routes it is meant to guard", () => {
    const keys = endpoints().map((e) => e.key);
    expect(keys.length).toBeGreaterThan(20);
    for (const k of ["GET /api/v1/auth/me", "PUT /api/v1/site-config/:siteId", "POST /api/v1/admin/impersonate/:userId", "DELETE /api/v1/admin/news/:id"]) {
      expect(keys).toContain(k);
    }
    for (const k of PUBLIC_ROUTES) expect(keys).toContain(k);
  });

  it("answers 401 without a token on every route but the public ones", async () => {
    const failures: string[] = [];
    for (const e of endpoints()) {
      const status = await send(e);
      if (PUBLIC_ROUTES.has(e.key)) {
        if (status === 401) failures.push(`${e.key} is public but answered 401`);
      } else if (status !== 401) {
        failures.push(`${e.key} answered ${status} without a token`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 to a signed-in non-admin on every administration route", async () => {
    const user = await newUser("route-walk");
    const failures: string[] = [];
    const adminRoutes = endpoints().filter((e) => /^\/api\/v1\/admin(\/|$)/.test(new URL(e.url).pathname) || e.key === "PUT /api/v1/system-notification");
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
    for (const e of adminRoutes) {
      const status = await send(e, user.token);
      const expected = ADMIN_ROUTES_WITHOUT_ROLE_CHECK[e.key] ?? 403;
      if (status !== expected) failures.push(`${e.key} answered ${status}, expected ${expected}`);
    }
    expect(failures).toEqual([]);
  });
});
