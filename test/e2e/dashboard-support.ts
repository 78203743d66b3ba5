import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { DEMO, hydrated, sameOrigin } from "./support";

/** Marks cookies as already chosen, so the banner stays out of tests that are not about it. */
export async function acceptCookies(target: Page | BrowserContext) {
  await target.addInitScript(() => localStorage.setItem("cookie-consent", "accepted"));
}

/** Signs in through the API and returns the bearer token (for setting up data the test is not about). */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post("/api/v1/auth/login", { data: { email, password }, headers: sameOrigin() });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

export const adminToken = (request: APIRequestContext) => apiToken(request, DEMO.admin.email, DEMO.admin.password);

/** Signs up a fresh account through the API and returns its e-mail, password and token. */
export async function signUpUser(request: APIRequestContext, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = "a-long-password";
  const res = await request.post("/api/v1/auth/signup", {
    data: { email, password, firstName: prefix.charAt(0).toUpperCase() + prefix.slice(1), lastName: "Tester" },
    headers: sameOrigin(),
  });
  expect(res.status()).toBe(201);
  const token = ((await res.json()) as { token: string }).token;
  return { email, password, token };
}

/** Saves the system notification as an administrator would. */
export async function saveNotification(request: APIRequestContext, token: string, body: { enabled: boolean; message: string; type: "info" | "warning" }) {
  const res = await request.put("/api/v1/system-notification", { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
}

/** Waits until the page is hydrated after a navigation the test did not start itself. */
export async function settled(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url);
  await hydrated(page);
}

/** The toast with exactly this text. */
export const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text });
