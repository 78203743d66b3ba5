import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { serveFixtureSite } from "../fixtures/site/site.mjs";
import { apiAs, createProject, demoOwner, runMigrationFromUi, screenshotLink, selectProject } from "./migration-support";
import { DEMO, hydrated, open, signIn } from "./support";

/**
 * The Content-Security-Policy in a real browser: signing in, hydration, a live migration run (its event
 * stream and screenshots) and signing out raise no violation; and the headers arrive on pages, API
 * answers, redirects and static files.
 */

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Collects every CSP violation of the context's pages, as events and as console errors. */
async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const found: string[] = [];
  await context.exposeBinding("__reportCspViolation", (_source, v: Violation) => {
    found.push(`${v.directive} blocked ${v.blocked || "inline"} (${v.source})`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation;
      report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy|Permissions-Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(msg.text())) {
      found.push(`console: ${msg.text()}`);
    }
  });
  return found;
}

function expectPageHeaders(headers: Record<string, string>, what: string) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp, what).not.toContain("'unsafe-eval'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  // Served over local http in development: no HSTS.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

let site: { origin: string; close: () => Promise<void> };

test.beforeAll(async () => {
  site = await serveFixtureSite({ pages: 3 });
});
test.afterAll(async () => {
  await site?.close();
});

test("sign-in, hydration, a live run and sign-out raise no CSP violation", async ({ context, page, request }) => {
  test.setTimeout(240_000);
  const violations = await watchViolations(context, page);

  const landing = await page.goto("/");
  expectPageHeaders(landing!.headers(), "landing page");
  const nonce = /'nonce-([^']+)'/.exec(landing!.headers()["content-security-policy"]!)![1];
  // The browser hides a nonce from the DOM; the inline scripts ran, so hydration happened.
  await hydrated(page);
  expect(nonce).toBeTruthy();

  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  expect(violations).toEqual([]);

  // A live run: the event stream (connect-src) and the screenshots from R2 (img-src) under the policy.
  const owner = await demoOwner(request);
  const siteId = await createProject(apiAs(request, owner), site.origin, {
    platform: "drupal",
    components: { hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }] } },
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
    settings: { sitemapUrl: `${site.origin}/sitemap.xml`, concurrency: 2 },
  });
  await selectProject(page, owner, siteId);
  await runMigrationFromUi(page);
  const shot = screenshotLink(page, `${site.origin}/`).locator("img");
  await expect(shot).toBeVisible();
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(violations).toEqual([]);

  // Client-side navigation between app pages, then a full load of one.
  await open(page, "/snapshots");
  await page.getByRole("link", { name: "Account" }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.reload();
  await hydrated(page);

  // Signing out posts the logout form (form-action 'self'); the browser's Origin passes the check.
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await open(page, "/snapshots");
  await expect(page).toHaveURL(/\/login$/);
  expect(violations).toEqual([]);
});

test("a write from another origin is refused, and the session stays", async ({ page }) => {
  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  // page.request shares the browser's cookies: only the Origin differs from a real sign-out.
  const logout = await page.request.post("/logout", { headers: { Origin: "http://evil.example" }, maxRedirects: 0 });
  expect(logout.status()).toBe(403);
  expect(await logout.json()).toEqual({ error: "Cross-site request refused" });
  const invite = await page.request.post("/api/v1/organization/demo-org/invite", {
    headers: { Origin: "http://evil.example", "Content-Type": "text/plain", "X-Organization-Id": "demo-org" },
    data: JSON.stringify({ email: "someone@example.com", role: "ADMIN" }),
  });
  expect(invite.status()).toBe(403);
  await open(page, "/snapshots");
  await expect(page).toHaveURL(/\/snapshots$/);
});

test("API answers, redirects and static files carry the headers", async ({ page, request }) => {
  const unauthorized = await request.get("/api/v1/auth/me");
  expect(unauthorized.status()).toBe(401);
  expectPageHeaders(unauthorized.headers(), "API 401");
  expect(unauthorized.headers()["cache-control"]).toBe("no-store");

  const redirect = await request.get("/snapshots", { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expectPageHeaders(redirect.headers(), "redirect");

  // The page's own script and style sheet, as the server's HTML names them (hydration may move the preload links).
  const html = await (await request.get("/login")).text();
  const script = /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"|<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.slice(1).find(Boolean);
  const stylesheet = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/.exec(html)?.[1];
  expect(script, "a script of /login").toBeTruthy();
  expect(stylesheet, "a style sheet of /login").toBeTruthy();
  await open(page, "/login");
  for (const path of [script!, stylesheet!]) {
    const asset = await request.get(path);
    expect(asset.status(), path).toBe(200);
    const headers = asset.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
  }
});
