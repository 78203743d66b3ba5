import { expect, test } from "@playwright/test";
import { serveFixtureSite } from "../fixtures/site/site.mjs";
import { acceptCookies } from "./dashboard-support";
import { apiAs, createProject, newAccount, runMigrationFromUi, screenshotLink, selectProject } from "./migration-support";
import { hydrated, signIn } from "./support";

/**
 * The snapshot review screen says where each value came from, shows the screenshot at a readable
 * width, and outlines a proposal's element on it.
 */

test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 1440, height: 900 } });

let site: { origin: string; close: () => Promise<void> };

test.beforeAll(async () => {
  site = await serveFixtureSite({ pages: 3 });
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

test("a snapshot's proposals show their provenance and outline their element on a readable screenshot", async ({ page, request }) => {
  const account = await newAccount(request, "provenance");
  const api = apiAs(request, account);
  const siteId = await createProject(api, site.origin, {
    platform: "drupal",
    components: {
      hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }, { name: "lead", type: "text" }] },
      card: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }, { name: "text", type: "richtext" }, { name: "image", type: "image" }] },
      richText: { name: "Rich text", selector: ".rich-text", fields: [{ name: "body", type: "richtext" }] },
    },
    // Template fields are filled from the page metadata layer (<title>, og:title, meta description).
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"], fields: [{ name: "title", type: "text" }, { name: "description", type: "text" }, { name: "body", type: "richtext" }] } },
    // Nothing is auto-applied, so every proposal waits on the review screen.
    settings: { urlList: [`${site.origin}/`], minConfidence: 1 },
  });

  await signIn(page, account.email, account.password);
  await selectProject(page, account, siteId);
  await runMigrationFromUi(page);

  // The home page's snapshot, opened from the run's screenshot.
  const url = `${site.origin}/`;
  await screenshotLink(page, url).click();
  await expect(page).toHaveURL(/\/snapshots\/[^/]+$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Mapping" })).toBeVisible();

  // A page-level proposal says where its value came from. The home page's title is "Welcome to Fixture
  // Corp" in its og:title and h1, and "Welcome to Fixture Corp | Fixture Corp" in <title>.
  const pageFields = page.getByRole("region", { name: "Page fields" });
  const title = pageFields.locator("li[data-proposal-id]").filter({ hasText: "page.title" });
  await expect(title).toHaveCount(1);
  await expect(title).toContainText("Welcome to Fixture Corp");
  await expect(title.getByText(/^From:\s*\S.*(title|h1|heading)/i)).toBeVisible();

  // The page's body, from its main content, says how far a body can be trusted, and why.
  const body = pageFields.locator("li[data-proposal-id]").filter({ hasText: "page.body" });
  await expect(body).toHaveCount(1);
  await expect(body).toContainText("from main content body");
  // Rich text is previewed as the text a reader sees, not as its markup.
  const bodyPreview = body.locator("p").first();
  await expect(bodyPreview).toContainText(/\w{3,}/);
  await expect(bodyPreview).not.toContainText("<");
  await body.getByText("Evidence", { exact: true }).click();
  await expect(body.getByRole("listitem").filter({ hasText: /^a page's main content is right as extracted on about \d+% of real pages \(\d+ measured\): review it, or lower the site's minimum confidence to accept that rate$/ })).toBeVisible();
  await body.screenshot({ path: "test-results/review-body-evidence.png" });

  // A component of one rich-text field carries its block's whole content (heading, list and all), and says so.
  const richBody = page.locator("li[data-proposal-id]").filter({ hasText: "richText.body" });
  await expect(richBody).toHaveCount(1);
  await expect(richBody).toContainText("from (instance content)");
  await expect(richBody.getByText(/^From:\s*richText component: its whole content$/)).toBeVisible();
  await expect(richBody.locator("p").first()).not.toContainText("<");
  await richBody.getByText("Evidence", { exact: true }).click();
  await expect(richBody.getByRole("listitem").filter({ hasText: /^the instance's whole content: its images and headings stay in it$/ })).toBeVisible();
  await richBody.screenshot({ path: "test-results/review-whole-content.png" });

  // The extraction panel says where the main content and the page metadata came from. Soft, so a
  // missing panel part still lets the screenshot checks below run and report.
  await expect.soft(page.getByTestId("main-source")).toContainText(/Main content:\s*\w+ — \S/);
  const metadata = page.getByRole("list", { name: "Page metadata" });
  await expect.soft(metadata.getByRole("listitem").filter({ hasText: "Welcome to Fixture Corp" }).first()).toContainText(/from \S/);

  // The screenshot is shown at a readable width.
  const shot = page.getByRole("img", { name: `Screenshot of ${url}`, exact: true });
  await expect(shot).toBeVisible();
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const shotBox = (await shot.boundingBox())!;
  expect(shotBox.width).toBeGreaterThanOrEqual(600);

  // "Show on page" on the hero title outlines the heading on the screenshot.
  const heroTitle = page.locator("li[data-proposal-id]").filter({ hasText: "from hero__title" }).first();
  await expect(heroTitle).toContainText("hero.title");
  const show = heroTitle.getByRole("button", { name: "Show on page" });
  await expect(show).toHaveAttribute("aria-pressed", "false");
  await show.click();
  await expect(show).toHaveAttribute("aria-pressed", "true");
  const highlight = page.getByRole("img", { name: /^Highlighted: hero\.title/ });
  await expect(highlight).toBeVisible();
  await expect(highlight).toBeInViewport();
  const hl = (await highlight.boundingBox())!;
  const shotNow = (await shot.boundingBox())!;
  expect(hl.width).toBeGreaterThan(0);
  expect(hl.height).toBeGreaterThan(0);
  expect(hl.x).toBeGreaterThanOrEqual(shotNow.x - 1);
  expect(hl.y).toBeGreaterThanOrEqual(shotNow.y - 1);
  expect(hl.x + hl.width).toBeLessThanOrEqual(shotNow.x + shotNow.width + 1);
  expect(hl.y + hl.height).toBeLessThanOrEqual(shotNow.y + shotNow.height + 1);
  await page.screenshot({ path: "test-results/review-provenance.png" });

  // Pressing it again takes the outline away.
  await show.click();
  await expect(show).toHaveAttribute("aria-pressed", "false");
  await page.mouse.move(0, 0);
  await expect(highlight).toHaveCount(0);
});
