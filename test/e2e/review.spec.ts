import { expect, test, type Page } from "@playwright/test";
import { MAPPING_MESSAGES } from "../../workers/contracts/mapping";
import { serveFixtureSite } from "../fixtures/site/site.mjs";
import { acceptCookies } from "./dashboard-support";
import { apiAs, createProject, newAccount, runMigrationFromUi, screenshotLink, selectProject } from "./migration-support";
import { hydrated, signIn } from "./support";

/**
 * Issue 4's review flow: a run maps the pages, a person overrides one proposal on the snapshot screen,
 * and the next run applies what was learnt (layer "memory", the overridden target).
 */

test.describe.configure({ timeout: 360_000 });

const PAGES = 3;
let site: { origin: string; close: () => Promise<void> };

test.beforeAll(async () => {
  site = await serveFixtureSite({ pages: PAGES });
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

/** The proposal row of a source field on the snapshot screen. */
const proposalFrom = (page: Page, source: string) => page.locator("li[data-proposal-id]").filter({ hasText: `from ${source}` }).first();

/** Opens the snapshot of the home page that the run on the Migration screen just captured. */
async function openHomeSnapshot(page: Page): Promise<string> {
  const link = screenshotLink(page, `${site.origin}/`);
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(/\/snapshots\/[^/]+$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Mapping" })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("override a mapping on a snapshot that needs review, and see the next run apply what was learnt", async ({ page, request }) => {
  // A new organization: its mapping memory is empty, so what the second run applies was learnt here.
  const account = await newAccount(request, "reviewer");
  const api = apiAs(request, account);
  const siteId = await createProject(api, site.origin, {
    platform: "drupal",
    components: {
      hero: {
        name: "Hero",
        selector: ".hero",
        fields: [
          { name: "title", type: "text" },
          { name: "lead", type: "text" },
          { name: "summary", type: "text" },
        ],
      },
      card: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }, { name: "text", type: "richtext" }, { name: "image", type: "image" }] },
    },
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
    // A strict site: nothing is applied without a person's review.
    settings: { urlList: [`${site.origin}/`, `${site.origin}/pages/page-1`], minConfidence: 1 },
  });

  await signIn(page, account.email, account.password);
  await selectProject(page, account, siteId);

  // First run: every page is mapped and waits for review; none fails.
  await runMigrationFromUi(page);
  await expect(page.getByTestId("progress-counts")).toContainText("2 of 2 pages · 0 succeeded · 0 failed · 0 skipped · 2 waiting for review");
  await expect(page.getByRole("list", { name: "Migration logs" })).toContainText(MAPPING_MESSAGES.waitingForReview);

  const firstSnapshot = await openHomeSnapshot(page);
  await expect(page.getByText("Needs review", { exact: true })).toBeVisible();
  const lead = proposalFrom(page, "hero__lead");
  await expect(lead).toContainText("hero.lead");
  await expect(lead).toContainText("heuristic");
  await expect(lead).toContainText("pending");

  // Override: the lead goes into the hero's summary field instead.
  await lead.getByRole("button", { name: "Override hero.lead" }).click();
  await lead.getByLabel("Another field").selectOption("summary");
  await lead.getByRole("button", { name: "Apply override" }).click();
  await expect(lead).toContainText("hero.summary");
  await expect(lead).toContainText("overridden");
  await expect(lead).toContainText(`Decided by ${account.email}`);

  // The decision is stored: a reload shows it.
  await page.reload();
  await hydrated(page);
  await expect(proposalFrom(page, "hero__lead")).toContainText("overridden");

  // Next run: the page waited for review, so it is captured and mapped again, and memory applies the override.
  await runMigrationFromUi(page);
  const secondSnapshot = await openHomeSnapshot(page);
  expect(secondSnapshot).not.toBe(firstSnapshot);
  const learnt = proposalFrom(page, "hero__lead");
  await expect(learnt).toContainText("hero.summary");
  await expect(learnt.getByText("memory", { exact: true })).toBeVisible();
  await expect(learnt).toContainText("pending");
  // The other fields still come from the deterministic mapper.
  const title = proposalFrom(page, "hero__title");
  await expect(title).toContainText("hero.title");
  await expect(title.getByText("heuristic", { exact: true })).toBeVisible();
});
