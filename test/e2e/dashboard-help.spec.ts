import { expect, test } from "@playwright/test";
import { acceptCookies, settled } from "./dashboard-support";
import { DEMO, DEMO_PROJECT, open, signIn } from "./support";

// Full journeys through a shared, busy machine: allow more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("visitors read the public docs with the public header and footer", async ({ page }) => {
  await open(page, "/help");
  const header = page.getByRole("navigation", { name: "Public" });
  for (const name of ["Docs", "Partners", "Contact", "News"]) await expect(header.getByRole("link", { name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  const footer = page.getByRole("contentinfo");
  for (const name of ["News", "Sign in", "Book a demo", "Privacy Policy", "Terms of Service"]) await expect(footer.getByRole("link", { name })).toBeVisible();
  await expect(footer).toContainText("ABN");
  await expect(footer).toContainText("ACN");
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);

  // The app-only sections are not listed for visitors.
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Getting started" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Migration runs" })).toHaveCount(0);
  await main.getByRole("region", { name: "Target platforms" }).getByRole("link", { name: "Connecting a platform" }).click();
  await settled(page, /\/help\/platforms\/connecting$/);
  await expect(page.getByRole("heading", { name: "Connecting a platform", level: 1 })).toBeVisible();
  await expect(page.getByText("connection pill", { exact: false }).first()).toBeVisible();
  // Each platform has its own set-up page, next in the section.
  await page.getByRole("link", { name: /Next/ }).click();
  await settled(page, /\/help\/platforms\/magnolia$/);
  await expect(page.getByRole("heading", { name: "Connecting Magnolia", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "On the Magnolia side", level: 2 })).toBeVisible();

  // /docs is the same content under its own address; an app-only page asks to sign in.
  await open(page, "/docs/migrations/running");
  await expect(page.getByText("Sign in to read this page")).toBeVisible();
  await open(page, "/docs/no-such-section");
  await expect(page.getByText("This page does not exist")).toBeVisible();
});

test("signed-in users read help and docs inside the app shell", async ({ page }) => {
  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Help" }).click();
  await settled(page, /\/help$/);
  // The app shell: project selector and sidebar, no public header.
  // One of the demo organization's projects: the first that can start a run, which tests running beside
  // this one may change.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: DEMO_PROJECT })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Public" })).toHaveCount(0);
  await page.getByRole("region", { name: "Migration runs" }).getByRole("link", { name: "Starting and following a run" }).click();
  await settled(page, /\/help\/migrations\/running$/);
  await expect(page.getByText("No template configurations found for this site")).toBeVisible();

  await open(page, "/docs/review/mapping");
  await expect(page.getByRole("heading", { name: "Reviewing a mapping", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});
