import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { emptyProgress } from "../../workers/contracts/run-events";
import { serveFixtureSite } from "../fixtures/site/site.mjs";
import { selectProject } from "./migration-support";
import { DEMO, hydrated, open, sameOrigin, signIn } from "./support";

const PAGES = 10;

// A run's completion is awaited for up to 120 s: the test's own timeout (30 s by default) must allow it.
// On a slow machine a 10-page run with screenshots took longer than 30 s (CI of f2ae3dc).
test.describe.configure({ timeout: 180_000 });
let site: { origin: string; close: () => Promise<void> };

test.beforeAll(async () => {
  site = await serveFixtureSite({ pages: PAGES });
});
test.afterAll(async () => {
  await site?.close();
});

async function api(request: APIRequestContext, token: string, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "X-Organization-Id": "demo-org" },
    data,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Signs the demo owner in with `siteId` as the selected project and opens the migration screen. */
async function openMigration(page: Page, siteId: string): Promise<void> {
  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  // Stored and mirrored into the cookies, so the first render is this project, not the demo one.
  await selectProject(page, { orgId: "demo-org" }, siteId);
  await open(page, "/migration");
}

test("start a migration of the fixture site from the start control and see it complete with screenshots", async ({ page, request }) => {
  const login = await request.post("/api/v1/auth/login", { data: { email: DEMO.owner.email, password: DEMO.owner.password }, headers: sameOrigin() });
  const { token } = await login.json();
  const host = new URL(site.origin).host;
  const { site: created } = await api(request, token, "POST", "/sites", { name: `Fixture ${Date.now()}`, domain: host });
  await api(request, token, "PUT", `/site-config/${created.id}`, {
    platform: "drupal",
    components: {
      card: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }, { name: "text", type: "richtext" }, { name: "image", type: "image" }] },
      hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }, { name: "lead", type: "text" }] },
    },
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
    settings: { sitemapUrl: `${site.origin}/sitemap.xml`, concurrency: 3 },
  });

  await openMigration(page, created.id);
  await expect(page.getByRole("heading", { name: "Migration" })).toBeVisible();
  await expect(page.getByText("No migration has run for this project yet.")).toBeVisible();

  await page.getByRole("button", { name: "Start migration" }).click();
  const bar = page.getByRole("progressbar", { name: "Pages processed" });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Migration completed successfully!", { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(bar).toHaveAttribute("aria-valuenow", String(PAGES));
  // A finished run shows its status alone, not the phase it was last in.
  await expect(page.getByTestId("run-phase")).toHaveCount(0);
  await expect(page.getByTestId("progress-counts")).toContainText(`${PAGES} of ${PAGES} pages`);
  const shots = page.getByRole("list", { name: "Screenshots" }).getByRole("img");
  await expect(shots.first()).toBeVisible();
  expect(await shots.count()).toBeGreaterThan(0);
  // The images are real screenshots served by the API.
  const src = await shots.first().getAttribute("src");
  const img = await page.request.get(src!);
  expect(img.status()).toBe(200);
  expect(img.headers()["content-type"]).toMatch(/^image\//);

  // A reload reconnects to the finished run and shows its result.
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("Result summary")).toContainText(String(PAGES));

  await open(page, "/snapshots");
  await expect(page.getByRole("list", { name: "Snapshots" }).getByRole("listitem")).toHaveCount(PAGES);
});

test("a dropped live stream reconnects with Last-Event-ID and says so, then follows the run to its end", async ({ page, request }) => {
  const login = await request.post("/api/v1/auth/login", { data: { email: DEMO.owner.email, password: DEMO.owner.password }, headers: sameOrigin() });
  const { token } = await login.json();
  const { site: created } = await api(request, token, "POST", "/sites", { name: `Fixture ${Date.now()}`, domain: new URL(site.origin).host });
  // Slow pages keep the run working while the stream drops and comes back.
  const urlList = [1, 2, 3, 4].map((n) => `${site.origin}/special/slow?ms=4000&n=${n}`);
  await api(request, token, "PUT", `/site-config/${created.id}`, {
    platform: "drupal",
    components: { hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }] } },
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
    settings: { urlList, concurrency: 1 },
  });

  await openMigration(page, created.id);
  await page.getByRole("button", { name: "Start migration" }).click();
  await expect(page.getByTestId("progress-counts")).toContainText("of 4 pages", { timeout: 30_000 });
  // While the run works, the panel says which phase it is in.
  await expect(page.getByTestId("run-phase")).toBeVisible();
  // The logs panel follows the run live: a captured page of this run shows while the run still works.
  await expect(page.getByRole("list", { name: "Migration logs" })).toContainText("Captured", { timeout: 20_000 });
  await expect(page.getByText("Migration completed successfully!", { exact: true })).toHaveCount(0);
  const { migrationId } = await api(request, token, "GET", `/migration/active/${created.id}`);

  // After a reload the dashboard follows the run again; its first stream delivers the run's first
  // event and then drops, as a connection cut by a proxy would. The following ones reach the server.
  const resumedFrom: (string | null)[] = [];
  await page.route(`**/api/v1/migration/stream/${migrationId}`, async (route) => {
    resumedFrom.push(route.request().headers()["last-event-id"] ?? null);
    if (resumedFrom.length > 1) return route.continue();
    const first = { type: "progress", migrationId, status: "running", progress: { ...emptyProgress(), totalCount: 4 } };
    await route.fulfill({ status: 200, contentType: "text/event-stream", body: `id: 1\ndata: ${JSON.stringify(first)}\n\n` });
  });
  await page.reload();
  await hydrated(page);
  const status = page.getByTestId("live-connection");
  await expect(status).toHaveAttribute("role", "status");
  await expect(status).toHaveAttribute("aria-live", "polite");
  await expect(status).toHaveText("Reconnecting to the live run…");
  await expect(status).toHaveText("Reconnected", { timeout: 15_000 });
  expect(resumedFrom.slice(0, 2)).toEqual([null, "1"]);
  // "Reconnected" fades; the run is followed live to its end, without the failure toast.
  await expect(status).toHaveText("", { timeout: 10_000 });
  await expect(page.getByText("Migration completed successfully!", { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("progress-counts")).toContainText("4 of 4 pages");
  await expect(page.getByText(/Failed to reconnect/)).toHaveCount(0);
});
