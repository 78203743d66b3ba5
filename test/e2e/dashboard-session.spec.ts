import { expect, test } from "@playwright/test";
import { acceptCookies, toast } from "./dashboard-support";
import { DEMO, open, signIn } from "./support";

// Full journeys through a shared, busy machine: allow more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("an expired session shows the warning once and goes to sign in", async ({ page, request }) => {
  await acceptCookies(page);
  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  await open(page, "/organization");
  await expect(page.getByRole("heading", { name: "Demo Organization" })).toBeVisible();

  // The session ends on the server (signed out elsewhere; the browser keeps its cookie and token).
  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  const res = await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);

  // The next API call answers 401.
  const invite = page.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("E-mail").fill("someone@example.com");
  await invite.getByRole("button", { name: "Send invitation" }).click();

  await expect(page).toHaveURL(/\/login\?expired=1$/);
  await expect(toast(page, "Your session expired — please sign in again.")).toBeVisible();
  // Other toasts (the failed invitation) are suppressed, and the session is forgotten.
  await expect(toast(page, "Your session expired — please sign in again.")).toHaveCount(1);
  await expect(toast(page, "Failed to invite user")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
});

test("a page load with an expired session cookie goes to /login?expired=1", async ({ page, request }) => {
  await acceptCookies(page);
  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  await page.goto("/organization");
  await expect(page).toHaveURL(/\/login\?expired=1$/);
  await expect(page.getByText("Your session expired — please sign in again.")).toBeVisible();
});
