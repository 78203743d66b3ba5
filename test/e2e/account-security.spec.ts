import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, signUpUser } from "./dashboard-support";
import { DEMO, hydrated, mailedCode, open, signIn } from "./support";

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

async function fillSignIn(page: Page, email: string, password: string) {
  await open(page, "/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("MFA: turn it on in the profile, sign in with the code from the outbox, remember the device, sign in again without a code", async ({ page, request }) => {
  const user = await signUpUser(request, "mfa");
  await fillSignIn(page, user.email, user.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));

  // Profile: turning MFA on takes a code too.
  await open(page, "/profile");
  const security = page.getByRole("region", { name: "Sign-in security" });
  await security.getByRole("button", { name: "Turn on sign-in codes" }).click();
  // The code field shows once the code was mailed.
  const settingCode = security.getByLabel("Code", { exact: true });
  await expect(settingCode).toBeVisible();
  await settingCode.fill(await mailedCode(request, user.email));
  await security.getByRole("button", { name: "Confirm" }).click();
  await expect(security.getByText("Sign-in codes are on")).toBeVisible();
  await page.screenshot({ path: "test-results/account-security-profile.png", fullPage: true });

  await page.context().clearCookies();
  await fillSignIn(page, user.email, user.password);
  const code = page.getByLabel("Code", { exact: true });
  await expect(code).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: `We sent a 6-digit code to ${user.email}.` })).toBeVisible();
  // A wrong code: the spec's text.
  const right = await mailedCode(request, user.email);
  await code.fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Verification failed", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/account-security-code.png", fullPage: true });
  await code.fill(right);
  await page.getByLabel("Remember this device for 30 days").check();
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem("mfaDeviceToken"))).toMatch(/^[\w-]{40,}$/);

  // Signed out, the same browser signs in with the password alone.
  await page.context().clearCookies();
  await fillSignIn(page, user.email, user.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await open(page, "/profile");
  await expect(page.getByRole("region", { name: "Sign-in security" }).getByRole("list", { name: "Remembered devices" }).getByRole("listitem")).toHaveCount(1);
});

/** The newest reset link the development outbox holds for an address. */
async function mailedResetLink(page: Page, email: string): Promise<string> {
  const html = await (await page.request.get("/outbox")).text();
  const at = html.indexOf(`aria-label="Reset your password to ${email}"`);
  expect(at, `no reset mail for ${email}`).toBeGreaterThanOrEqual(0);
  const link = html.slice(at).match(/href="(https?:\/\/[^"]+\/reset-password\?token=[^"]+)"/)?.[1];
  expect(link).toBeTruthy();
  const url = new URL(link!.replaceAll("&amp;", "&"));
  return url.pathname + url.search;
}

test("password reset: request a link, follow it, set a new password; the old sessions are gone and the new password signs in", async ({ page, browser, request }) => {
  const user = await signUpUser(request, "reset");
  // An older session in another browser.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await fillSignIn(otherPage, user.email, user.password);
  await otherPage.waitForURL((url) => !url.pathname.startsWith("/login"));

  await open(page, "/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/reset-password-request$/);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText("If an account exists for that e-mail, we sent a link to reset its password.");
  await page.screenshot({ path: "test-results/account-security-reset-request.png", fullPage: true });

  await open(page, await mailedResetLink(page, user.email));
  await page.getByLabel("New password").fill("a brand new password");
  await page.screenshot({ path: "test-results/account-security-reset.png", fullPage: true });
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByText("Your password was changed. Sign in with the new password.")).toBeVisible();

  // The old sessions ended: the API token of the sign-up and the other browser's cookie.
  expect((await request.get("/api/v1/auth/me", { headers: { Authorization: `Bearer ${user.token}` } })).status()).toBe(401);
  await otherPage.goto("/snapshots");
  await expect(otherPage).toHaveURL(/\/login\?expired=1$/);
  await other.close();

  await fillSignIn(page, user.email, user.password);
  await expect(page.getByText("Invalid e-mail or password")).toBeVisible();
  await fillSignIn(page, user.email, "a brand new password");
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
});

test("OpenID Connect: sign in through the local provider; a new verified e-mail gets an account", async ({ page }) => {
  const email = `oidc-${Date.now()}@example.com`;
  await open(page, "/login");
  await page.screenshot({ path: "test-results/account-security-login.png", fullPage: true });
  await page.getByRole("link", { name: "Sign in with Local OpenID" }).click();
  // The provider's own development login and consent forms.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  const app = new URL(test.info().project.use.baseURL!).origin;
  await page.waitForURL((url) => url.origin === app && !/^\/(oauth|login)/.test(url.pathname));
  await hydrated(page);
  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  const me = await page.request.get("/api/v1/auth/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ user: { email, emailVerified: true }, isImpersonation: false });
});

test("a global ADMIN signs in with a mailed code and reads the outbox at /admin/outbox; other users are sent away", async ({ page, request }) => {
  const user = await signUpUser(request, "outbox");
  await fillSignIn(page, user.email, user.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.goto("/admin/outbox");
  await expect(page).toHaveURL(/\/snapshots$/);

  await page.context().clearCookies();
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await open(page, "/admin/outbox");
  const mail = page.getByRole("list", { name: "Mail" });
  await expect(mail.getByRole("listitem", { name: `Your sign-in code to ${DEMO.admin.email}` }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/account-security-admin-outbox.png" });
});
