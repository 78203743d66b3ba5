import { expect, test } from "@playwright/test";

test("the home page loads with a title", async ({ page }) => {
  const response = await page.goto("/");
  expect(response, "navigation to / returned no response").not.toBeNull();
  expect(response!.status()).toBeLessThan(400);
  await expect(page).toHaveTitle(/\S/);
});
