import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { MIGRATION_MESSAGES } from "../../workers/contracts/run-events";
import { apiToken, signUpUser } from "./dashboard-support";
import { DEMO, open } from "./support";

/** Someone who signs in, with the organization their projects belong to. */
export interface Account {
  email: string;
  password: string;
  token: string;
  orgId: string;
}

/** The seeded demo owner and organization (scripts/setup.mjs). */
export async function demoOwner(request: APIRequestContext): Promise<Account> {
  return { ...DEMO.owner, token: await apiToken(request, DEMO.owner.email, DEMO.owner.password), orgId: "demo-org" };
}

/**
 * A fresh account owning a fresh organization: what mapping learns is kept per organization, so a test
 * about learning starts from an empty memory however often it runs.
 */
export async function newAccount(request: APIRequestContext, prefix: string): Promise<Account> {
  const user = await signUpUser(request, prefix);
  const res = await request.post("/api/v1/organization", { data: { name: `${prefix} organization` }, headers: { Authorization: `Bearer ${user.token}` } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { ...user, orgId: ((await res.json()) as { organization: { id: string } }).organization.id };
}

/** Calls the API as the account (for setting up data the test is not about) and returns the JSON. */
export function apiAs(request: APIRequestContext, account: Account) {
  return async <T = Record<string, unknown>>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${account.token}`, "X-Organization-Id": account.orgId }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
}

export type AccountApi = ReturnType<typeof apiAs>;

/** Creates a project of the demo owner on the fixture site's origin with the given site configuration. */
export async function createProject(api: AccountApi, origin: string, config: Record<string, unknown>): Promise<string> {
  const { site } = await api<{ site: { id: string } }>("POST", "/sites", { name: `Fixture ${Date.now()}`, domain: new URL(origin).host });
  await api("PUT", `/site-config/${site.id}`, config);
  return site.id;
}

/** Makes a project of the account's organization the selected one in the dashboard, as the project selector does. */
export async function selectProject(page: Page, account: Pick<Account, "orgId">, siteId: string): Promise<void> {
  await page.evaluate(
    ({ id, org }) => {
      localStorage.setItem("selectedSiteId", id);
      localStorage.setItem("activeOrganizationId", org);
      // The app mirrors both into cookies, so the server renders the chosen project (app/lib/storage-keys.ts).
      document.cookie = `selectedSiteId=${encodeURIComponent(id)}; Path=/; SameSite=Lax`;
      document.cookie = `activeOrganizationId=${encodeURIComponent(org)}; Path=/; SameSite=Lax`;
    },
    { id: siteId, org: account.orgId },
  );
}

/** Starts a migration from the Migration screen's start control and waits until it completes. */
export async function runMigrationFromUi(page: Page, timeout = 180_000): Promise<void> {
  await open(page, "/migration");
  await expect(page.getByRole("heading", { name: "Migration" })).toBeVisible();
  const start = page.getByRole("button", { name: "Start migration" });
  await expect(start).toBeEnabled();
  // The Progress card's message (toasts carry the same text and may outlive a page load). A fresh load
  // shows none for an earlier run, so the one awaited below is this run's.
  const completed = page.locator("p[role=status]").filter({ hasText: MIGRATION_MESSAGES.completed });
  await expect(completed).toHaveCount(0);
  await start.click();
  await expect(page.getByRole("progressbar", { name: "Pages processed" })).toBeVisible({ timeout: 30_000 });
  await expect(completed).toBeVisible({ timeout });
}

/** The migration screen's screenshot link of a page: it opens the snapshot the run just captured. */
export function screenshotLink(page: Page, url: string) {
  return page.getByRole("list", { name: "Screenshots" }).getByRole("link").filter({ has: page.getByRole("img", { name: `Screenshot of ${url}`, exact: true }) });
}
