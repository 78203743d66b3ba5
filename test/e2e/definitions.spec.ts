import { expect, test, type Page } from "@playwright/test";
import { AUTO_POPULATE_TEXTS, DEFINITION_TEXTS } from "../../app/components/definitions/texts";
import { MAPPING_SETTINGS_TEXTS } from "../../app/components/mapping-settings/texts";
import { componentDefinitionSchema } from "../../workers/contracts/definitions";
import { MAPPING_MESSAGES } from "../../workers/contracts/mapping";
import { SECRET_MASK } from "../../workers/contracts/platforms";
import { acceptCookies, apiToken, toast } from "./dashboard-support";
import { projectOn, serveFixture } from "./definitions-support";
import { selectProject } from "./migration-support";
import { DEMO, open, seriousViolations, signIn } from "./support";

/**
 * Signs the demo owner in with the project "Demo Site" selected, as the project selector does: stored,
 * then a full page load of /snapshots. These tests edit its definitions.
 */
async function signInToDemoSite(page: Page): Promise<void> {
  await signIn(page, DEMO.owner.email, DEMO.owner.password);
  await selectProject(page, { orgId: "demo-org" }, "demo-site");
  await open(page, "/snapshots");
}

// Long flows on a shared two-core machine: allow for a busy server.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});


const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function field(page: Page, n: number) {
  return page.getByRole("group", { name: new RegExp(`^Field ${n}\\b`) });
}

test("create a component with fields, edit it, see it listed and delete it", async ({ page }) => {
  const id = unique();
  await signInToDemoSite(page);
  await open(page, "/components");
  await expect(page.getByRole("heading", { name: "Components", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "New component" }).click();
  await expect(page).toHaveURL(/\?new=1/);
  const editor = page.getByRole("form", { name: "New component" });
  await expect(editor.getByRole("heading", { name: "New component" })).toBeFocused();
  await editor.getByLabel("Name", { exact: true }).fill(`Hero ${id}`);
  // The key follows the name until it is typed in.
  await expect(editor.getByLabel("Key", { exact: true })).toHaveValue(`hero-${id}`);
  await editor.getByLabel("Target ID").fill("demo:components/hero");
  await editor.getByLabel("CSS selector").fill("section.hero");
  await editor.getByLabel("Example URLs").fill("https://demo.example.com/\n\nnot-a-url");

  await editor.getByRole("button", { name: "Add field" }).click();
  await expect(field(page, 1).getByLabel("Name")).toBeFocused();
  await field(page, 1).getByLabel("Name").fill("1title");
  await field(page, 1).getByLabel("Required").check();
  await editor.getByRole("button", { name: "Add field" }).click();
  await field(page, 2).getByLabel("Name").fill("image");
  await field(page, 2).getByLabel("Type").selectOption("image");
  await editor.getByRole("button", { name: "Add field" }).click();
  await field(page, 3).getByLabel("Name").fill("body");
  await field(page, 3).getByLabel("Type").selectOption("richtext");

  // Problems are shown on the control they concern, with the API's own messages.
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByText("Field names start with a letter and use letters, digits, - or _")).toBeVisible();
  await expect(editor.getByText(/^not-a-url: /)).toBeVisible();
  // Focus moves to the first control with a problem.
  await expect(editor.getByLabel("Example URLs")).toBeFocused();
  await field(page, 1).getByLabel("Name").fill("title");
  await editor.getByLabel("Example URLs").fill("https://demo.example.com/\nhttps://demo.example.com/about");

  // Reorder with the keyboard-operable arrows, and remove one.
  await page.getByRole("button", { name: "Move Field 3: body up" }).click();
  await expect(field(page, 2)).toHaveAccessibleName("Field 2: body");
  await expect(page.getByRole("button", { name: "Move Field 2: body up" })).toBeFocused();
  await page.getByRole("button", { name: "Remove Field 3: image" }).click();
  await expect(field(page, 3)).toHaveCount(0);

  expect(await seriousViolations(page)).toEqual([]);
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, `Component "Hero ${id}" saved`)).toBeVisible();
  await expect(page).not.toHaveURL(/new=1/);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Hero ${id}` }) });
  await expect(card).toContainText(`hero-${id}`);
  await expect(card).toContainText("section.hero");
  await expect(card.getByRole("list", { name: `Fields of Hero ${id}` }).getByRole("listitem")).toHaveText([/^title\s*Text\s*required$/, /^body\s*Rich text$/]);

  // Edit: rename and add a link field; the key stays.
  await card.getByRole("button", { name: `Edit Hero ${id}` }).click();
  const edit = page.getByRole("form", { name: `Edit Hero ${id}` });
  await expect(edit.getByLabel("Key", { exact: true })).toHaveValue(`hero-${id}`);
  await expect(edit.getByLabel("Key", { exact: true })).not.toBeEditable();
  // The definition's own name comes before the names of its fields.
  await edit.getByLabel("Name", { exact: true }).first().fill(`Stage ${id}`);
  await edit.getByRole("button", { name: "Add field" }).click();
  await field(page, 3).getByLabel("Name").fill("cta");
  await field(page, 3).getByLabel("Type").selectOption("link");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, `Component "Stage ${id}" saved`)).toBeVisible();

  // Listed after a reload: it is stored.
  await page.reload();
  await expect(page.getByRole("heading", { name: `Stage ${id}` })).toBeVisible();
  const stored = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Stage ${id}` }) });
  await expect(stored.getByRole("list", { name: `Fields of Stage ${id}` }).getByRole("listitem")).toHaveCount(3);

  // Delete with confirmation; cancelling first keeps it.
  await stored.getByRole("button", { name: `Delete Stage ${id}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the component "Stage ${id}"?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(stored).toBeVisible();
  await stored.getByRole("button", { name: `Delete Stage ${id}` }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `Component "Stage ${id}" deleted`)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Stage ${id}` })).toHaveCount(0);
});

test("stored entries that do not match the format are shown with their problem, and can be replaced or deleted", async ({ page, request }) => {
  const token = await apiToken(request, DEMO.owner.email, DEMO.owner.password);
  const headers = { Authorization: `Bearer ${token}`, "X-Organization-Id": "demo-org" };
  const fixKey = `broken-${unique()}`;
  const dropKey = `broken-${unique()}`;
  const broken = { name: "", fields: "nope" };
  // The site configuration API stores any JSON under components; keep what is there already.
  const current = (await (await request.get("/api/v1/site-config/demo-site", { headers })).json()) as { components: Record<string, unknown> };
  const put = await request.put("/api/v1/site-config/demo-site", { headers, data: { components: { ...current.components, [fixKey]: broken, [dropKey]: broken } } });
  expect(put.ok()).toBe(true);

  await signInToDemoSite(page);
  await open(page, "/components");
  const invalid = page.getByRole("region", { name: DEFINITION_TEXTS.invalidTitle });
  // The problem is the schema's first complaint about the stored entry.
  const problem = componentDefinitionSchema.safeParse(broken).error?.issues[0]?.message ?? "";
  expect(problem).not.toBe("");
  await expect(invalid.getByRole("listitem").filter({ hasText: fixKey })).toContainText(problem);
  await expect(invalid.getByRole("listitem").filter({ hasText: dropKey })).toContainText(problem);

  // Replace: a new definition under the broken entry's key.
  await invalid.getByRole("button", { name: `Replace ${fixKey}` }).click();
  const editor = page.getByRole("form", { name: "New component" });
  await expect(editor.getByLabel("Key", { exact: true })).toHaveValue(fixKey);
  await editor.getByLabel("Name", { exact: true }).fill(`Fixed ${fixKey}`);
  await expect(editor.getByLabel("Key", { exact: true })).toHaveValue(fixKey);
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, `Component "Fixed ${fixKey}" saved`)).toBeVisible();
  await expect(invalid.getByText(fixKey)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: `Fixed ${fixKey}` })).toBeVisible();

  // Delete the other one.
  await invalid.getByRole("button", { name: `Delete ${dropKey}` }).click();
  await page.getByRole("dialog", { name: `Delete the component "${dropKey}"?` }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `Component "${dropKey}" deleted`)).toBeVisible();
  await expect(invalid.getByText(dropKey)).toHaveCount(0);
});

test("create a template", async ({ page }) => {
  const id = unique();
  await signInToDemoSite(page);
  await page.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New template" }).click();
  const editor = page.getByRole("form", { name: "New template" });
  await editor.getByLabel("Name", { exact: true }).fill(`Article ${id}`);
  await editor.getByLabel("URL pattern").fill("/blog/*");
  await editor.getByLabel("Areas").fill("main, aside");
  await editor.getByRole("button", { name: "Add field" }).click();
  await field(page, 1).getByLabel("Name").fill("publishedAt");
  await field(page, 1).getByLabel("Type").selectOption("date");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, `Template "Article ${id}" saved`)).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Article ${id}` }) });
  await expect(card).toContainText("/blog/*");
  await expect(card).toContainText("main, aside");
  await expect(card).toContainText("publishedAt");
});

test("AI mapping settings: threshold, language model, prompt with reset, calibration and memory", async ({ page }) => {
  const T = MAPPING_SETTINGS_TEXTS;
  await signInToDemoSite(page);
  await open(page, "/settings?tab=mapping");
  await expect(page.getByRole("tab", { name: "AI mapping" })).toHaveAttribute("aria-selected", "true");

  const threshold = page.getByRole("form", { name: T.thresholdTitle });
  await threshold.getByLabel(T.thresholdLabel).fill("1.5");
  await threshold.getByRole("button", { name: T.thresholdSave }).click();
  await expect(threshold.getByText(T.thresholdRange)).toBeVisible();
  await threshold.getByLabel(T.thresholdLabel).fill("0.92");
  await expect(threshold.getByText(T.thresholdAsPercent(92))).toBeVisible();

  // A model being chosen survives saving the threshold and the tab's reload of its data that follows.
  const model = page.getByRole("form", { name: T.llmTitle });
  await model.getByLabel(T.provider).selectOption("openai-compatible");
  const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/settings.data" && r.ok());
  await threshold.getByRole("button", { name: T.thresholdSave }).click();
  await expect(toast(page, T.thresholdSaved)).toBeVisible();
  await reloaded;
  await expect(model.getByLabel(T.provider)).toHaveValue("openai-compatible");
  await model.getByLabel(T.model, { exact: true }).fill("");
  await model.getByRole("button", { name: T.llmSave }).click();
  await expect(model.getByText(MAPPING_MESSAGES.llmBaseUrlRequired)).toBeVisible();
  await model.getByLabel(T.baseUrl).fill("http://127.0.0.1:9/v1");
  await model.getByLabel(T.model, { exact: true }).fill("mapper-small");
  await model.getByLabel(T.apiKey).fill("sk-e2e-secret-key");
  await model.getByRole("button", { name: T.llmSave }).click();
  await expect(toast(page, T.llmSaved)).toBeVisible();

  const prompt = page.getByRole("form", { name: T.promptTitle });
  const text = `Map every hero carefully. ${unique()}`;
  await prompt.getByLabel(T.promptLabel).fill(text);
  await expect(prompt.getByText(T.promptUnsaved)).toBeVisible();
  await prompt.getByRole("button", { name: T.promptSave }).click();
  await expect(toast(page, "Prompt saved as version")).toBeVisible();
  await expect(prompt.getByText(T.promptCustom)).toBeVisible();

  // Everything above is stored: read it back after a reload.
  await page.reload();
  await expect(page.getByLabel(T.thresholdLabel)).toHaveValue("0.92");
  await expect(page.getByLabel(T.provider)).toHaveValue("openai-compatible");
  await expect(page.getByLabel(T.baseUrl)).toHaveValue("http://127.0.0.1:9/v1");
  await expect(page.getByLabel(T.model, { exact: true })).toHaveValue("mapper-small");
  await expect(page.getByLabel(T.apiKey)).toHaveValue(SECRET_MASK);
  expect(await page.content()).not.toContain("sk-e2e-secret-key");
  await expect(page.getByLabel(T.promptLabel)).toHaveValue(text);
  const versions = page.getByRole("list", { name: T.promptVersions });
  await expect(versions.getByRole("listitem").first()).toContainText(T.promptCurrent);

  // Reset to the default, through a confirmation.
  await page.getByRole("button", { name: T.promptReset }).click();
  const dialog = page.getByRole("dialog", { name: T.promptResetTitle });
  await dialog.getByRole("button", { name: T.promptReset }).click();
  await expect(toast(page, "Prompt reset to the default as version")).toBeVisible();
  await expect(page.getByLabel(T.promptLabel)).not.toHaveValue(text);
  await expect(page.getByRole("form", { name: T.promptTitle }).getByText(T.promptDefault, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: T.promptReset })).toBeDisabled();

  // The accuracy and memory views answer (empty or not) for the demo project.
  const calibration = page.getByRole("region", { name: T.calibrationTitle, exact: true });
  await expect(calibration.getByText(T.calibrationEmpty).or(page.getByTestId("calibration-totals"))).toBeVisible();
  const memory = page.getByRole("region", { name: T.memoryTitle });
  await expect(memory.getByText(T.memoryEmpty).or(memory.getByRole("list", { name: T.memoryTitle }))).toBeVisible();

  // Put the threshold and model back for other tests of the demo project.
  await page.getByLabel(T.thresholdLabel).fill("0.85");
  await page.getByRole("button", { name: T.thresholdSave }).click();
  await expect(toast(page, T.thresholdSaved)).toBeVisible();
  await page.getByLabel(T.provider).selectOption("none");
  await page.getByRole("button", { name: T.llmSave }).click();
  await expect(toast(page, T.llmSaved)).toBeVisible();
});

test("auto-populate a page of the site and accept a suggestion", async ({ page, request }) => {
  const fixture = await serveFixture();
  try {
    const user = await projectOn(request, fixture.host);
    await signIn(page, user.email, user.password);
    await open(page, "/components");
    await expect(page.getByText(DEFINITION_TEXTS.empty("components"))).toBeVisible();

    const panel = page.getByRole("form", { name: AUTO_POPULATE_TEXTS.title });
    // The URL starts as a page of the project's own domain, over http for a loopback site.
    await expect(panel.getByLabel(AUTO_POPULATE_TEXTS.url)).toHaveValue(`${fixture.origin}/`);
    await panel.getByLabel(AUTO_POPULATE_TEXTS.url).fill("https://elsewhere.example.org/");
    await panel.getByRole("button", { name: AUTO_POPULATE_TEXTS.start("components") }).click();
    await expect(page.getByText(MAPPING_MESSAGES.autoPopulateOrigin).first()).toBeVisible();

    await panel.getByLabel(AUTO_POPULATE_TEXTS.url).fill(`${fixture.origin}/`);
    await panel.getByLabel(AUTO_POPULATE_TEXTS.selector).fill("main");
    await panel.getByRole("button", { name: AUTO_POPULATE_TEXTS.start("components") }).click();

    const suggestions = page.getByRole("form", { name: /suggestions?$/ });
    await expect(suggestions).toBeVisible({ timeout: 90_000 });
    const rows = suggestions.getByRole("group");
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Keep only the card-like suggestion, renamed and re-keyed.
    await suggestions.getByRole("button", { name: AUTO_POPULATE_TEXTS.selectNone }).click();
    await expect(suggestions.getByRole("button", { name: AUTO_POPULATE_TEXTS.accept(0) })).toBeDisabled();
    const card = rows.filter({ hasText: "Ridge Tent 2" }).first();
    await expect(card).toBeVisible();
    await card.getByRole("checkbox").check();
    await card.getByLabel(AUTO_POPULATE_TEXTS.name).fill("Product card");
    await card.getByLabel(AUTO_POPULATE_TEXTS.key).fill("product-card");
    await suggestions.getByRole("button", { name: AUTO_POPULATE_TEXTS.accept(1) }).click();
    await expect(toast(page, AUTO_POPULATE_TEXTS.accepted(1, "components"))).toBeVisible();

    const stored = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Product card" }) });
    await expect(stored).toContainText("product-card");
    await expect(stored.getByRole("list", { name: "Fields of Product card" }).getByRole("listitem").first()).toBeVisible();
  } finally {
    await fixture.close();
  }
});

test("the editor and the AI mapping tab have no serious or critical violations in the dark theme at phone width", async ({ page, request }) => {
  // A definition with long unbroken texts, which must not widen the screen.
  const token = await apiToken(request, DEMO.owner.email, DEMO.owner.password);
  const headers = { Authorization: `Bearer ${token}`, "X-Organization-Id": "demo-org" };
  const key = `long-${unique()}`;
  const long = "Averyveryverylongcomponentnamewithoutanyspacesatall";
  const created = await request.put(`/api/v1/sites/demo-site/components/${key}`, {
    headers,
    data: { name: long, selector: `main > div.${long} > section.${long}`, exampleUrls: [`https://demo.example.com/${long}/${long}`], fields: [{ name: long, type: "text" }] },
  });
  expect(created.ok()).toBe(true);
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDemoSite(page);
  await open(page, "/components?new=1");
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("form", { name: "New component" }).getByText(DEFINITION_TEXTS.fixErrors)).toBeVisible();
  await expect(page.getByRole("heading", { name: long })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing in the screen's content is wider than the phone.
  const main = await page.evaluate(() => {
    const el = document.getElementById("main")!;
    return { scroll: el.scrollWidth, client: el.clientWidth };
  });
  expect(main.scroll).toBeLessThanOrEqual(main.client);

  await open(page, "/settings?tab=mapping");
  await page.getByLabel(MAPPING_SETTINGS_TEXTS.provider).selectOption("openai-compatible");
  await expect(page.getByLabel(MAPPING_SETTINGS_TEXTS.promptLabel)).toBeVisible();
  await expect(page.getByRole("region", { name: MAPPING_SETTINGS_TEXTS.calibrationTitle, exact: true }).getByText(MAPPING_SETTINGS_TEXTS.calibrationEmpty).or(page.getByTestId("calibration-totals"))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect((await request.delete(`/api/v1/sites/demo-site/components/${key}`, { headers })).ok()).toBe(true);
});
