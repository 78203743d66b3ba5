import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/** Waits until React has hydrated the page, so handlers are attached before the test types or clicks. */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
}

export async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

export async function signIn(page: Page, email: string, password: string) {
  await open(page, "/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Accounts with MFA, and every global ADMIN, get a code by e-mail: read it from the development outbox.
  const codeField = page.getByLabel("Code", { exact: true });
  // Whichever comes first; the other's later timeout is swallowed, not left as an unhandled rejection.
  const left = page.waitForURL((url) => !url.pathname.startsWith("/login")).then(() => "left" as const, () => "timeout" as const);
  const asked = codeField.waitFor().then(() => "code" as const, () => "timeout" as const);
  if ((await Promise.race([left, asked])) === "code") {
    await codeField.fill(await mailedCode(page.request, email));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  }
  await hydrated(page);
}

/** The newest sign-in code the development outbox (/outbox) holds for an address, as its owner would read it. */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const html = await (await request.get("/outbox")).text();
  const at = html.indexOf(`aria-label="Your sign-in code to ${email.toLowerCase()}"`);
  expect(at, `no sign-in code for ${email} in the outbox`).toBeGreaterThanOrEqual(0);
  const code = html.slice(at).match(/Your code is (\d{6})/)?.[1];
  expect(code).toBeTruthy();
  return code!;
}

/**
 * The `Origin` header of a same-origin browser request, for API calls a test sends without a bearer
 * token (sign-in, sign-up): the request context keeps the session cookie of an earlier sign-in, and the
 * Worker refuses a cookie-carrying write that names no origin (workers/lib/cross-site.ts).
 */
export function sameOrigin(): { Origin: string } {
  return { Origin: new URL(test.info().project.use.baseURL!).origin };
}

export const DEMO = {
  admin: { email: "admin@demo.test", password: "DemoAdmin!2026" },
  owner: { email: "owner@demo.test", password: "DemoOwner!2026" },
};

/** The demo organization's projects as the project selector names them (scripts/setup.mjs): "Demo Site", "Demo Source Website". */
export const DEMO_PROJECT = /Demo S(?:ite|ource Website)\b/;

/**
 * Serious and critical axe violations of the screen as it is now, described for the failure message.
 * A toast fades out over 800 ms (spec): half faded, its text fails the contrast check, so the screen is
 * audited once the toasts the test's actions raised have gone (every toast leaves within 7.8 s).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.locator("[data-toast-type]")).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}
