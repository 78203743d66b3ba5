import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, signUpUser } from "./dashboard-support";
import { hydrated, mailedCode, open } from "./support";

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
  await security.getByLabel("Code", { exact: true }).fill(await mailedCode(request, user.email));
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
