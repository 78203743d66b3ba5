import { describe, expect, it } from "vitest";
import { CROSS_SITE_REFUSED } from "../workers/lib/cross-site";
import { WRANGLER_LIVE_RELOAD_HASH, contentSecurityPolicy, securityHeaders } from "../workers/lib/security-headers";
// @ts-ignore: a raw import of the installed wrangler's proxy, whose live-reload script development allows.
import proxyWorker from "../node_modules/wrangler/wrangler-dist/ProxyWorker.js?raw";
// @ts-ignore: the asset server's header rules for static files.
import staticHeaders from "../public/_headers?raw";
import { TEST_ORIGIN, call, fetchWorker, newUser } from "./helpers";

/** The directives of a Content-Security-Policy, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Asserts every security header; returns the CSP's directives. */
function expectSecurityHeaders(headers: Headers, what: string): Map<string, string[]> {
  const csp = headers.get("Content-Security-Policy");
  expect(csp, what).toBeTruthy();
  const d = directives(csp!);
  expect(d.get("default-src"), what).toEqual(["'self'"]);
  expect(d.get("script-src")!.some((s) => /^'nonce-[A-Za-z0-9+/=]{20,}'$/.test(s)), what).toBe(true);
  expect(d.get("script-src"), what).not.toContain("'unsafe-inline'");
  expect(d.get("script-src"), what).not.toContain("'unsafe-eval'");
  expect(d.get("style-src-elem"), what).toEqual(["'self'"]);
  expect(d.get("img-src"), what).toEqual(["'self'", "data:"]);
  expect(d.get("connect-src"), what).toEqual(["'self'"]);
  expect(d.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(d.get("base-uri"), what).toEqual(["'self'"]);
  expect(d.get("form-action"), what).toEqual(["'self'"]);
  expect(d.get("object-src"), what).toEqual(["'none'"]);
  expect(headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(headers.get("Referrer-Policy"), what).toBe("strict-origin-when-cross-origin");
  expect(headers.get("X-Frame-Options"), what).toBe("DENY");
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(headers.get("Permissions-Policy"), what).toContain(`${feature}=()`);
  // Tests run as development over http: no HSTS there.
  expect(headers.get("Strict-Transport-Security"), what).toBeNull();
  return d;
}

const nonceOf = (d: Map<string, string[]>) => d.get("script-src")!.find((s) => s.startsWith("'nonce-"))!.slice(7, -1);

describe("security headers", () => {
  it("a page's inline scripts all carry the nonce of its Content-Security-Policy, new on every request", async () => {
    const first = await fetchWorker("/login");
    expect(first.status).toBe(200);
    const nonce = nonceOf(expectSecurityHeaders(first.headers, "page"));
    const html = await first.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => !/\bsrc=/.test(attrs));
    // The theme script, ScrollRestoration's and the Remix context and module scripts.
    expect(inline.length).toBeGreaterThanOrEqual(3);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/<script\b(?![^>]*\bnonce=)(?![^>]*\bsrc=)[^>]*>/);

    const second = await fetchWorker("/login");
    await second.text();
    expect(nonceOf(expectSecurityHeaders(second.headers, "second page"))).not.toBe(nonce);
  });

  it("a signed-in app page with its loader data is covered too", async () => {
    const u = await newUser();
    const res = await fetchWorker("/profile", { headers: { Cookie: `cm_session=${u.token}` } });
    expect(res.status).toBe(200);
    const nonce = nonceOf(expectSecurityHeaders(res.headers, "app page"));
    const html = await res.text();
    for (const m of html.matchAll(/<script\b([^>]*)>/g)) if (!/\bsrc=/.test(m[1]!)) expect(m[1]).toContain(`nonce="${nonce}"`);
  });

  it("redirects carry them: a protected page and an unknown path for a visitor, / and /login for a signed-in user", async () => {
    const u = await newUser();
    const signedIn = `cm_session=${u.token}`;
    for (const [path, cookie] of [["/snapshots", undefined], ["/no-such-page", undefined], ["/", signedIn], ["/login", signedIn]] as const) {
      const res = await fetchWorker(path, { headers: cookie ? { Cookie: cookie } : {} });
      await res.arrayBuffer();
      expect([301, 302, 303, 307, 308], path).toContain(res.status);
      expectSecurityHeaders(res.headers, `redirect ${path}`);
    }
  });

  it("an error page (an unknown news article, 404) carries them, with its scripts' nonce", async () => {
    const res = await fetchWorker("/news/no-such-article");
    expect(res.status).toBe(404);
    const nonce = nonceOf(expectSecurityHeaders(res.headers, "404 page"));
    const html = await res.text();
    for (const m of html.matchAll(/<script\b([^>]*)>/g)) if (!/\bsrc=/.test(m[1]!)) expect(m[1]).toContain(`nonce="${nonce}"`);
  });

  it("API answers carry them: 200, 401, 404, 403 and 415", async () => {
    const u = await newUser();
    const ok = await call("GET", "/auth/me", { token: u.token });
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok.headers, "API 200");
    expect(ok.headers.get("Cache-Control")).toBe("no-store");

    const unauthorized = await call("GET", "/auth/me");
    expect(unauthorized.status).toBe(401);
    expectSecurityHeaders(unauthorized.headers, "API 401");

    const missing = await call("GET", "/no-such-endpoint", { token: u.token });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: "Not found" });
    expectSecurityHeaders(missing.headers, "API 404");

    const refused = await fetchWorker("/api/v1/auth/logout", { method: "POST", headers: { Cookie: `cm_session=${u.token}`, Origin: "http://evil.example" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: CROSS_SITE_REFUSED });
    expectSecurityHeaders(refused.headers, "API 403");

    const plain = await fetchWorker("/api/v1/auth/login", { method: "POST", headers: { Origin: TEST_ORIGIN, "Content-Type": "text/plain" }, body: "{}" });
    expect(plain.status).toBe(415);
    await plain.arrayBuffer();
    expectSecurityHeaders(plain.headers, "API 415");
  });

  it("keeps the session cookie of a sign-in once, with the headers beside it", async () => {
    const u = await newUser();
    const res = await call("POST", "/auth/login", { body: { email: u.email, password: "correct horse battery" } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("cm_session="))).toHaveLength(1);
    expectSecurityHeaders(res.headers, "sign-in");
  });
});

describe("the policy by environment", () => {
  it("sends HSTS in production only", () => {
    expect(securityHeaders({ nonce: "n", environment: "production" })["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(securityHeaders({ nonce: "n", environment: "development" })["Strict-Transport-Security"]).toBeUndefined();
  });

  it("gives static files (public/_headers) the Worker's headers, with a CSP that allows nothing", () => {
    const lines = (staticHeaders as string).split("\n").filter((l) => l.trim() && !l.startsWith("#"));
    // Blocks: a path line, then its indented header lines.
    const blocks = new Map<string, Map<string, string>>();
    let current: Map<string, string> | null = null;
    for (const l of lines) {
      if (!/^\s/.test(l)) blocks.set(l.trim(), (current = new Map()));
      else current?.set(l.trim().slice(0, l.trim().indexOf(":")), l.trim().slice(l.trim().indexOf(":") + 1).trim());
    }
    expect(lines[0]).toBe("/*");
    const declared = blocks.get("/*")!;
    // The fingerprinted client build is immutable.
    expect(blocks.get("/build/*")).toEqual(new Map([["Cache-Control", "public, max-age=31536000, immutable"]]));
    expect(blocks.get("/media/*")).toEqual(new Map([["Cache-Control", "public, max-age=86400"]]));
    for (const icon of ["/favicon.ico", "/favicon.svg", "/apple-touch-icon.png"]) expect(blocks.get(icon), icon).toEqual(new Map([["Cache-Control", "public, max-age=86400"]]));
    const worker = securityHeaders({ nonce: "n", environment: "development" });
    for (const [name, value] of Object.entries(worker)) {
      if (name === "Content-Security-Policy") expect(declared.get(name)).toBe("default-src 'none'; frame-ancestors 'none'");
      else expect(declared.get(name), name).toBe(value);
    }
    expect([...declared.keys()].sort()).toEqual(Object.keys(worker).sort());
  });

  it("allows wrangler's live-reload script by its hash in development only", () => {
    expect(contentSecurityPolicy({ nonce: "n", environment: "development" })).toContain(`'${WRANGLER_LIVE_RELOAD_HASH}'`);
    expect(contentSecurityPolicy({ nonce: "n", environment: "production" })).not.toContain("sha256-");
  });

  it("the live-reload hash is that of the installed wrangler's script", async () => {
    const source = proxyWorker as string;
    const pathname = source.match(/var LIVE_RELOAD_PATHNAME = "([^"]+)"/)?.[1];
    const protocol = source.match(/var LIVE_RELOAD_PROTOCOL = "([^"]+)"/)?.[1];
    const template = source.match(/var liveReloadScript = `([\s\S]*?)`;/)?.[1];
    expect(pathname && protocol && template, "wrangler's live-reload script moved: update WRANGLER_LIVE_RELOAD_HASH").toBeTruthy();
    const script = template!.replace("${LIVE_RELOAD_PATHNAME}", pathname!).replace("${LIVE_RELOAD_PROTOCOL}", protocol!);
    const body = script.match(/<script[^>]*>([\s\S]*?)<\/script>/)![1]!;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
    const hash = `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
    expect(hash).toBe(WRANGLER_LIVE_RELOAD_HASH);
  });
});
