import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { MIGRATION_MESSAGES } from "../../workers/contracts/run-events";
import { apiToken } from "./dashboard-support";
import { DEMO, open } from "./support";

/** The demo owner's organization (seeded by scripts/setup.mjs). */
export const DEMO_ORG = "demo-org";

/** Calls the API as the demo owner (for setting up data the test is not about) and returns the JSON. */
export async function ownerApi(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.owner.email, DEMO.owner.password);
  return async <T = Record<string, unknown>>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, "X-Organization-Id": DEMO_ORG }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
}

export type OwnerApi = Awaited<ReturnType<typeof ownerApi>>;

/** Creates a project of the demo owner on the fixture site's origin with the given site configuration. */
export async function createProject(api: OwnerApi, origin: string, config: Record<string, unknown>): Promise<string> {
  const { site } = await api<{ site: { id: string } }>("POST", "/sites", { name: `Fixture ${Date.now()}`, domain: new URL(origin).host });
  await api("PUT", `/site-config/${site.id}`, config);
  return site.id;
}

/** Makes a project the selected one in the dashboard, as the project selector does. */
export async function selectProject(page: Page, siteId: string): Promise<void> {
  await page.evaluate(
    ({ id, org }) => {
      localStorage.setItem("selectedSiteId", id);
      localStorage.setItem("activeOrganizationId", org);
    },
    { id: siteId, org: DEMO_ORG },
  );
}

/** Starts a migration from the Migration screen's start control and waits until it completes. */
export async function runMigrationFromUi(page: Page, timeout = 180_000): Promise<void> {
  await open(page, "/migration");
  await expect(page.getByRole("heading", { name: "Migration" })).toBeVisible();
  const start = page.getByRole("button", { name: "Start migration" });
  await expect(start).toBeEnabled();
  // A fresh load shows no completion message of an earlier run, so the one awaited below is this run's.
  await expect(page.getByText(MIGRATION_MESSAGES.completed)).toHaveCount(0);
  await start.click();
  await expect(page.getByRole("progressbar", { name: "Pages processed" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(MIGRATION_MESSAGES.completed).first()).toBeVisible({ timeout });
}

/** The migration screen's screenshot link of a page: it opens the snapshot the run just captured. */
export function screenshotLink(page: Page, url: string) {
  return page.getByRole("list", { name: "Screenshots" }).getByRole("link").filter({ has: page.getByRole("img", { name: `Screenshot of ${url}`, exact: true }) });
}
