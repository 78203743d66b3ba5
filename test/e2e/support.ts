import { expect, test, type Page } from "@playwright/test";

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
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await hydrated(page);
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
