import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { DEMO, hydrated, mailedCode, sameOrigin } from "./support";

/** Marks cookies as already chosen, so the banner stays out of tests that are not about it. */
export async function acceptCookies(target: Page | BrowserContext) {
  await target.addInitScript(() => localStorage.setItem("cookie-consent", "accepted"));
}

/** Signs in through the API and returns the bearer token (for setting up data the test is not about). */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post("/api/v1/auth/login", { data: { email, password }, headers: sameOrigin() });
  expect(res.ok()).toBe(true);
  const answer = (await res.json()) as { token?: string; mfaRequired: boolean; challengeId?: string };
  if (!answer.mfaRequired) return answer.token!;
  // A global ADMIN (or an account with MFA) finishes with the code mailed to the development outbox.
  const code = await mailedCode(request, email);
  const verified = await request.post("/api/v1/auth/mfa/verify", { data: { challengeId: answer.challengeId, method: "email", code }, headers: sameOrigin() });
  expect(verified.ok()).toBe(true);
  return ((await verified.json()) as { token: string }).token;
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

/**
 * Verifies an address through the link of its newest verification mail in the development outbox
 * (/outbox), as its owner would by opening the mail.
 */
export async function verifyThroughOutbox(request: APIRequestContext, email: string) {
  const page = await (await request.get("/outbox")).text();
  const at = page.indexOf(`aria-label="Verify your e-mail address to ${email}"`);
  expect(at, `no verification mail for ${email} in the outbox`).toBeGreaterThanOrEqual(0);
  const link = page.slice(at).match(/href="(https?:\/\/[^"]+\/verify-email\?token=[^"]+)"/)?.[1];
  expect(link).toBeTruthy();
  const res = await request.get(new URL(link!).pathname + new URL(link!).search);
  expect(await res.text()).toContain("Your e-mail address is verified.");
}

/** Accepts, through the API, the invitation to an organization that a user holds (their e-mail verified first). */
export async function acceptInvitation(request: APIRequestContext, invitee: { email: string; token: string }, organizationId: string) {
  await verifyThroughOutbox(request, invitee.email);
  const auth = { Authorization: `Bearer ${invitee.token}` };
  const mine = (await (await request.get("/api/v1/invitations", { headers: auth })).json()) as { invitations: { id: string; organization: { id: string } }[] };
  const invitation = mine.invitations.find((i) => i.organization.id === organizationId);
  expect(invitation, `no invitation to ${organizationId} for ${invitee.email}`).toBeTruthy();
  expect((await request.post(`/api/v1/invitations/${invitation!.id}/accept`, { headers: auth })).ok()).toBe(true);
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
