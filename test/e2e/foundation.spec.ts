import { expect, test } from "@playwright/test";
import { DEMO, hydrated, open, signIn } from "./support";

const SECRET_MASK = "••••••••";

test("sign up, create an organization and a project, configure Magnolia, and see it persisted with the password masked", async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  await open(page, "/signup");
  await page.getByLabel("First name").fill("Erin");
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/start$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
  await expect(page.getByText("No sites available")).toBeVisible();

  await page.getByLabel("Organization name").fill("Erin's Agency");
  await page.getByRole("button", { name: "Create organization" }).click();

  await expect(page).toHaveURL(/\/new-project$/);
  await hydrated(page);
  await expect(page.getByLabel("Organization", { exact: true })).toContainText("Erin's Agency");
  await page.getByLabel("Project name").fill("Corporate site");
  await page.getByLabel("Domain").fill("www.corporate.example");
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByLabel("Target platform").selectOption("magnolia");
  await page.getByLabel("Author URL *").fill("https://author.corporate.example/magnoliaAuthor");
  await page.getByLabel("Author username").fill("superuser");
  await page.getByLabel("Author password").fill("s3cret-password");
  await page.getByLabel("Site root path").fill("corporate");
  await page.getByRole("button", { name: "Create project" }).click();

  // The server refuses a relative site root path and says why.
  await expect(page.getByText("siteRootPath must be an absolute path starting with /").first()).toBeVisible();
  await page.getByLabel("Site root path").fill("/corporate");
  await page.getByRole("button", { name: "Create project" }).click();

  await expect(page).toHaveURL(/\/snapshots$/);
  await hydrated(page);
  await expect(page.getByRole("button", { name: /Corporate site/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Templates" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Components" })).toBeVisible();

  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Platform connection" }).click();
  await expect(page).toHaveURL(/tab=platform/);
  await page.reload();
  await hydrated(page);

  await expect(page.getByLabel("Target platform")).toHaveValue("magnolia");
  await expect(page.getByLabel("Author URL *")).toHaveValue("https://author.corporate.example/magnoliaAuthor");
  await expect(page.getByLabel("Site root path")).toHaveValue("/corporate");
  await expect(page.getByLabel("Asset processing")).toHaveValue("dam");
  await expect(page.getByLabel("Author password")).toHaveValue(SECRET_MASK);
  // The page never holds the plaintext secret.
  expect(await page.content()).not.toContain("s3cret-password");
});

test("a visitor is sent to sign in, and a signed-in user away from / and /login", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  await expect(page).toHaveURL(/\/snapshots$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/snapshots$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/snapshots$/);
  await page.goto("/no-such-page");
  await expect(page).toHaveURL(/\/snapshots$/);
});

test("a global admin lands on /admin", async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Administration" })).toBeVisible();
});
