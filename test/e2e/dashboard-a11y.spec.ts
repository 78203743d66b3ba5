import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, adminToken } from "./dashboard-support";
import { DEMO, hydrated, seriousViolations, signIn } from "./support";

// Every screen is loaded and analysed: allow for a busy machine.
test.describe.configure({ timeout: 180_000 });


async function check(page: Page, path: string, ready: () => Promise<unknown>) {
  await page.goto(path);
  await hydrated(page);
  await ready();
  expect(await seriousViolations(page), `${path} (${await page.evaluate(() => document.documentElement.className || "light")})`).toEqual([]);
}

const OWNER_SCREENS: [string, string][] = [
  ["/snapshots", "Snapshots"],
  ["/migration", "Migration"],
  ["/components", "Components"],
  ["/templates", "Templates"],
  ["/settings", "Settings"],
  ["/enrich", "Enrich"],
  ["/profile", "Account"],
  ["/organization", "Organization"],
  ["/help", "Help"],
  ["/help/platforms/supported-platforms", "Supported platforms"],
];

for (const theme of ["light", "dark"] as const) {
  test(`dashboard screens have no serious or critical violations (${theme})`, async ({ page }) => {
    await acceptCookies(page);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, DEMO.owner.email, DEMO.owner.password);
    for (const [path, heading] of OWNER_SCREENS) {
      await check(page, path, () => expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible({ timeout: 20_000 }));
    }
    // Settings tabs render different forms.
    for (const tab of ["platform", "sources", "mapping"]) {
      await check(page, `/settings?tab=${tab}`, () => expect(page.getByRole("tabpanel")).toBeVisible({ timeout: 20_000 }));
    }
  });

  test(`administration screens have no serious or critical violations (${theme})`, async ({ page, request }) => {
    const token = await adminToken(request);
    const created = await request.post("/api/v1/admin/news", {
      data: { title: `Accessible article ${theme} ${Date.now()}`, slug: `accessible-${theme}-${Date.now()}`, summary: "Checked by axe.", bodyMarkdown: "## Heading\n\nText with a [link](/help).", status: "published" },
      headers: { Authorization: `Bearer ${token}` },
    });
    const article = ((await created.json()) as { article: { id: string; slug: string } }).article;
    await acceptCookies(page);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await check(page, "/admin", () => expect(page.getByLabel("Search users")).toBeVisible());
    await page.getByLabel("Search users").fill("owner@demo.test");
    await expect(page.getByRole("list", { name: "Users" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await check(page, "/admin/notifications", () => expect(page.getByLabel("Message")).toBeVisible());
    await check(page, "/admin/news", () => expect(page.getByRole("list", { name: "Articles" })).toBeVisible());
    await check(page, "/admin/news/new", () => expect(page.getByLabel("Title")).toBeVisible());
    await check(page, `/admin/news/${article.id}`, () => expect(page.getByLabel("Title")).toBeVisible());
    await check(page, "/admin/users/demo-user-owner", () => expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible());
    await check(page, "/news", () => expect(page.getByRole("heading", { name: "News", level: 1 })).toBeVisible());
    await check(page, `/news/${article.slug}`, () => expect(page.getByRole("heading", { name: "Heading" })).toBeVisible());
  });
}

test("banners, dialogs and the mobile menu have no serious or critical violations", async ({ page, request }) => {
  const token = await adminToken(request);
  await request.put("/api/v1/system-notification", { data: { enabled: true, type: "warning", message: "Maintenance <a href=\"https://status.example.com\">status</a>" }, headers: { Authorization: `Bearer ${token}` } });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.owner.email, DEMO.owner.password);
    await page.goto("/organization");
    await hydrated(page);
    await expect(page.getByRole("region", { name: "System notification" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing overflows sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    await page.getByRole("button", { name: "Delete organization" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await request.put("/api/v1/system-notification", { data: { enabled: false, type: "info", message: "" }, headers: { Authorization: `Bearer ${token}` } });
  }
});
