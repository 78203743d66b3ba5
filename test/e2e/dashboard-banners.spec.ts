import { expect, test, type Page } from "@playwright/test";
import { adminToken, acceptCookies, saveNotification, settled } from "./dashboard-support";
import { DEMO, hydrated, open, signIn } from "./support";

// Full journeys through a shared, busy machine: allow more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const COOKIE_TEXT = "We use cookies to keep you signed in";

/** Saves the editor and waits for the server's answer (a repeated toast text is suppressed within 10 s). */
async function save(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/v1/system-notification") && r.request().method() === "PUT");
  await page.getByRole("button", { name: "Save notification" }).click();
  expect((await saved).ok()).toBe(true);
}

test.describe("cookie banner", () => {
  test("Decline stores the choice, fires its event, hides the banner and records no analytics", async ({ page }) => {
    await open(page, "/news");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toContainText(COOKIE_TEXT);
    await expect(banner.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await page.evaluate(() => {
      window.addEventListener("cookie-consent:declined", () => ((window as unknown as { declinedFired: boolean }).declinedFired = true));
    });
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("declined");
    expect(await page.evaluate(() => (window as unknown as { declinedFired?: boolean }).declinedFired)).toBe(true);
    await page.getByRole("navigation", { name: "Public" }).getByRole("link", { name: "Docs" }).click();
    await settled(page, /\/docs$/);
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])).toEqual([]);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  });

  test("is in the server's HTML for a first visit, and hidden before any script of the app runs for a visitor who chose", async ({ page, request, baseURL }) => {
    // The first response holds the banner: it paints with the page, not after hydration.
    const html = await (await request.get(`${baseURL}/news`)).text();
    expect(html).toContain(COOKIE_TEXT);
    // Without the app's scripts (nothing hydrates), a first visit shows it...
    await page.route(/\/build\/.*\.js(\?|$)/, (route) => route.abort());
    await page.goto("/news");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // ...and a visitor who chose never sees it.
    await page.evaluate(() => localStorage.setItem("cookie-consent", "accepted"));
    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
    await expect(page.locator("[data-cookie-banner]")).toHaveCount(1);
  });

  test("dismissing declines; Accept starts the page views", async ({ page }) => {
    await open(page, "/news");
    await page.getByRole("button", { name: "Dismiss cookie banner" }).click();
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("declined");

    await page.evaluate(() => localStorage.removeItem("cookie-consent"));
    await open(page, "/news");
    const fired = page.evaluate(() => new Promise<boolean>((resolve) => window.addEventListener("cookie-consent:accepted", () => resolve(true))));
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    expect(await fired).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("accepted");
    // Accepting records the page being read, and every route change after it.
    await page.getByRole("navigation", { name: "Public" }).getByRole("link", { name: "Docs" }).click();
    await settled(page, /\/docs$/);
    await expect
      .poll(() => page.evaluate(() => ((window as unknown as { dataLayer?: { event: string; pagePath: string }[] }).dataLayer ?? []).map((e) => `${e.event} ${e.pagePath}`)))
      .toEqual(["page_view /news", "page_view /docs"]);
  });
});

test.describe("system notification banner", () => {
  test.afterEach(async ({ request }) => {
    await saveNotification(request, await adminToken(request), { enabled: false, message: "", type: "info" });
  });

  test("appears within one poll after an admin enables it, is dismissible, and returns when updated", async ({ browser, request }) => {
    const token = await adminToken(request);
    await saveNotification(request, token, { enabled: false, message: "", type: "info" });

    // The owner is already working when the admin switches the banner on.
    const ownerContext = await browser.newContext();
    await acceptCookies(ownerContext);
    const owner = await ownerContext.newPage();
    await owner.clock.install();
    await signIn(owner, DEMO.owner.email, DEMO.owner.password);
    await expect(owner).toHaveURL(/\/snapshots$/);
    const banner = owner.getByRole("region", { name: "System notification" });
    await expect(banner).toHaveCount(0);

    const adminContext = await browser.newContext();
    await acceptCookies(adminContext);
    const admin = await adminContext.newPage();
    await signIn(admin, DEMO.admin.email, DEMO.admin.password);
    await open(admin, "/admin/notifications");
    await admin.getByLabel("Message").fill(`Maintenance on <strong>Sunday</strong>. <a href="https://status.example.com" target="_blank">Status</a><script>window.pwned=1</script><img src=x onerror="window.pwned=1">`);
    await admin.getByLabel("Type").selectOption("warning");
    await admin.getByLabel("Show the banner").check();
    await admin.getByRole("button", { name: "Save notification" }).click();
    await expect(admin.locator("[data-toast-type=success]").filter({ hasText: "System notification saved" })).toBeVisible();
    // The server stored the sanitized HTML, and the editor shows what was stored.
    await expect(admin.getByLabel("Message")).not.toHaveValue(/script|onerror/);

    await owner.evaluate(() => {
      const w = window as unknown as { heights: number[] };
      w.heights = [];
      window.addEventListener("system-notification:height", (e) => w.heights.push((e as CustomEvent<{ height: number }>).detail.height));
    });
    await owner.clock.fastForward(30_000);
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute("data-notification-type", "warning");
    await expect(banner.locator("strong")).toHaveText("Sunday");
    await expect(banner.getByRole("link", { name: "Status" })).toHaveAttribute("rel", "noopener noreferrer");
    expect(await owner.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    // The layout makes room for the banner: the top bar sits right below it.
    const bannerBox = await banner.boundingBox();
    const topBar = await owner.locator("header").first().boundingBox();
    expect(bannerBox && topBar && Math.abs(topBar.y - bannerBox.height) <= 1).toBe(true);
    const announced = await owner.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--system-notification-height"));
    expect(parseFloat(announced)).toBeCloseTo(bannerBox!.height, 0);
    // The height is also announced as an event.
    expect(await owner.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1))).toBeCloseTo(bannerBox!.height, 0);

    await banner.getByRole("button", { name: "Dismiss system notification" }).click();
    await expect(banner).toHaveCount(0);
    const stored = await owner.evaluate(() => JSON.parse(localStorage.getItem("systemNotificationDismissals") ?? "{}"));
    expect(Object.keys(stored)).toEqual(["system-notification"]);
    await owner.reload();
    await hydrated(owner);
    await owner.clock.fastForward(30_000);
    await expect(owner.getByRole("heading", { name: "Snapshots" }).or(owner.getByText("No site selected"))).toBeVisible();
    await expect(banner).toHaveCount(0);

    // Saving again moves updatedAt, so the dismissed banner comes back at the next poll.
    await admin.getByLabel("Message").fill("Maintenance moved to <em>Monday</em>.");
    await save(admin);
    await owner.clock.fastForward(30_000);
    await expect(banner).toContainText("Maintenance moved to Monday.");

    // Switched off, it disappears at the next poll.
    await admin.getByLabel("Show the banner").uncheck();
    await save(admin);
    await owner.clock.fastForward(30_000);
    await expect(banner).toHaveCount(0);
    expect(await owner.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--system-notification-height").trim())).toBe("0px");

    await ownerContext.close();
    await adminContext.close();
  });

  test("an unreachable endpoint leaves the banner hidden", async ({ page }) => {
    await acceptCookies(page);
    await page.route("**/api/v1/system-notification", (route) => route.abort("connectionrefused"));
    await open(page, "/news");
    await expect(page.getByRole("heading", { name: "News" })).toBeVisible();
    await expect(page.getByRole("region", { name: "System notification" })).toHaveCount(0);
  });
});
