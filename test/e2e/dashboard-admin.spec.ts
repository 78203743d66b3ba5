import { expect, test } from "@playwright/test";
import { acceptCookies, adminToken, settled, toast } from "./dashboard-support";
import { DEMO, DEMO_PROJECT, hydrated, open, signIn } from "./support";

// Full journeys through a shared, busy machine: allow more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an admin impersonates the owner, works as them, and stops", async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const adminToken = await page.evaluate(() => localStorage.getItem("authToken"));

  // Fewer than 3 characters search nothing; Enter with 3 searches.
  const search = page.getByLabel("Search users");
  await search.fill("ow");
  await expect(page.getByRole("list", { name: "Users" })).toHaveCount(0);
  await search.fill("owner");
  await search.press("Enter");
  const row = page.getByRole("list", { name: "Users" }).getByRole("listitem").filter({ hasText: DEMO.owner.email });
  await row.getByRole("button", { name: "Impersonate" }).click();

  await settled(page, /\/snapshots$/);
  await expect(toast(page, `Now impersonating ${DEMO.owner.email}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBe(adminToken);
  expect(await page.evaluate(() => localStorage.getItem("isImpersonating"))).toBe("true");
  const impersonationToken = await page.evaluate(() => localStorage.getItem("authToken"));
  expect(impersonationToken).not.toBe(adminToken);
  const nav = page.getByRole("navigation", { name: "Main" });
  // One of the demo organization's projects: the first that can start a run, which tests running beside
  // this one may change.
  await expect(nav.getByRole("button", { name: DEMO_PROJECT })).toBeVisible();
  // The Admin item stays while impersonating, and leads to the stop button.
  await nav.getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`Impersonating ${DEMO.owner.email}`, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Stop impersonating" }).click();

  await settled(page, /\/admin$/);
  await expect(toast(page, "Impersonation ended successfully")).toBeVisible();
  await expect(page.getByLabel("Search users")).toBeVisible();
  // The admin is back in an admin session (the server issues a fresh one) and the stored admin token is gone.
  const restored = await page.evaluate(() => localStorage.getItem("authToken"));
  expect(restored).not.toBe(impersonationToken);
  const me = await page.request.get("/api/v1/auth/me", { headers: { Authorization: `Bearer ${restored}` } });
  expect(await me.json()).toMatchObject({ user: { email: DEMO.admin.email, role: "ADMIN" }, isImpersonation: false });
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("isImpersonating"))).toBeNull();
});

test("user details show organizations, sessions and recent audit events", async ({ page, request }) => {
  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  // A non-admin never reaches the admin pages.
  await page.goto("/admin/users/demo-user-owner");
  await expect(page).toHaveURL(/\/snapshots$/);

  await page.context().clearCookies();
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByLabel("Search users").fill(DEMO.owner.email);
  await page.getByRole("link", { name: "Olivia Owner" }).click();
  await settled(page, /\/admin\/users\/demo-user-owner$/);
  await expect(page.getByRole("heading", { name: "Olivia Owner", level: 1 })).toBeVisible();
  await expect(page.getByText("Demo Organization")).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Sign-in");
  await expect(page.getByRole("list", { name: "Audit events" })).toContainText("user.login");

  // The page needs an admin's own session; the API agrees.
  expect((await request.get("/api/v1/admin/users/demo-user-owner")).status()).toBe(401);
  const token = await adminToken(request);
  expect((await request.get("/api/v1/admin/users/demo-user-owner", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
});

test("the mobile menu's compact control impersonates and stops, and reports a failed start", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole("button", { name: "Open menu" }).click();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
  const control = page.getByTestId("mobile-impersonation");

  // Impersonating oneself is refused by the server: the mobile variant's own toast.
  await control.getByLabel("Impersonate a user").fill(DEMO.admin.email);
  await control.getByRole("button", { name: `Impersonate ${DEMO.admin.email}` }).click();
  await expect(toast(page, "Failed to start impersonation")).toBeVisible();

  await control.getByLabel("Impersonate a user").fill(DEMO.owner.email);
  await control.getByRole("button", { name: `Impersonate ${DEMO.owner.email}` }).click();
  await settled(page, /\/snapshots$/);
  await expect(toast(page, `Now impersonating ${DEMO.owner.email}`)).toBeVisible();

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByTestId("mobile-impersonation").getByRole("button", { name: "Stop impersonating" }).click();
  await settled(page, /\/admin$/);
  // Closing the menu gives the page its scrolling back.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Close menu" }).click();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
});

test("news: an admin writes, publishes, unpublishes and deletes an article", async ({ page, browser }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await open(page, "/admin/news");
  await page.getByRole("link", { name: "New article" }).click();
  await settled(page, /\/admin\/news\/new$/);
  const title = `Release ${Date.now()}: Sanity & Storyblok`;
  await page.getByLabel("Title").fill(title);
  const slug = await page.getByLabel("Slug").inputValue();
  expect(slug).toMatch(/^release-\d+-sanity-and-storyblok$/);
  await page.getByLabel("Summary").fill("Two more targets.");
  await page.getByRole("textbox", { name: "Body" }).fill("## What is new\n\n- **Sanity** content types\n\n<script>window.pwned=1</script>\n\n[unsafe](javascript:alert(1))");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "What is new" })).toBeVisible();
  await page.getByLabel("Publish state").selectOption("published");
  await page.getByRole("button", { name: "Create article" }).click();
  await expect(page).toHaveURL(/\/admin\/news\/[0-9a-f-]{36}$/);
  await expect(toast(page, "Article created")).toBeVisible();
  await expect(page.getByRole("link", { name: "View on the news page" })).toHaveAttribute("href", `/news/${slug}`);

  // A visitor reads it, rendered from Markdown with the HTML shown as text.
  const visitor = await browser.newPage();
  await visitor.addInitScript(() => localStorage.setItem("cookie-consent", "declined"));
  await open(visitor, "/news");
  await visitor.getByRole("link", { name: title, exact: true }).click();
  await settled(visitor, new RegExp(`/news/${slug}$`));
  await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "What is new" })).toBeVisible();
  await expect(visitor.getByText("<script>window.pwned=1</script>")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "unsafe" })).toHaveCount(0);
  expect(await visitor.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  // Back to draft: gone from the public pages.
  await page.getByLabel("Publish state").selectOption("draft");
  await page.getByRole("button", { name: "Save article" }).click();
  await expect(toast(page, "Article saved")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: "Article not found" }).or(visitor.getByText("Article not found"))).toBeVisible();

  // A taken slug is refused with the server's reason on the field.
  await open(page, "/admin/news/new");
  await page.getByLabel("Title").fill("Another");
  await page.getByLabel("Slug").fill(slug);
  await page.getByRole("button", { name: "Create article" }).click();
  await expect(page.getByText("An article with this slug already exists")).toBeVisible();

  await open(page, "/admin/news");
  await page.getByRole("link", { name: title }).click();
  await hydrated(page);
  await page.getByRole("button", { name: "Delete article" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete article" }).click();
  await settled(page, /\/admin\/news$/);
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  await visitor.close();
});
