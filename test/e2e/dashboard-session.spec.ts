import { expect, test } from "@playwright/test";
import { acceptCookies, toast } from "./dashboard-support";
import { apiAs, newAccount, selectProject } from "./migration-support";
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

test("with no project chosen yet, the dashboard opens the first project that can start a migration", async ({ page, request }) => {
  const account = await newAccount(request, "landing");
  const api = apiAs(request, account);
  // "A draft" comes first by name but has no templates; "B ready" has templates and a component.
  const { site: draft } = await api<{ site: { id: string } }>("POST", "/sites", { name: "A draft", domain: "draft.example.com" });
  const { site: ready } = await api<{ site: { id: string } }>("POST", "/sites", { name: "B ready", domain: "ready.example.com" });
  await api("PUT", `/site-config/${ready.id}`, {
    platform: "drupal",
    components: { hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }] } },
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
  });
  await acceptCookies(page);
  await signIn(page, account.email, account.password);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("button", { name: /B ready/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("selectedSiteId"))).toBe(ready.id);
  // The server rendered it so: the page says which site a run of it crawls.
  await open(page, "/migration");
  await expect(page.getByText("Crawl ready.example.com", { exact: false })).toBeVisible();

  // A project chosen in the selector stays chosen, ready or not.
  await selectProject(page, account, draft.id);
  await open(page, "/migration");
  await expect(nav.getByRole("button", { name: /A draft/ })).toBeVisible();
});
