import { expect, test, type Page } from "@playwright/test";
import { serveFixtureSite } from "../fixtures/site/site.mjs";
import { acceptCookies, adminToken, saveNotification } from "./dashboard-support";
import { apiAs, createProject, newAccount, runMigrationFromUi, selectProject } from "./migration-support";
import { DEMO, hydrated, signIn } from "./support";

/**
 * The dashboard's screens render their data on the server (issue 17): the first response of a screen
 * already holds it, and moving between screens in the browser never shows a loading state.
 */

test.describe.configure({ timeout: 240_000 });

let site: { origin: string; close: () => Promise<void> };

test.beforeAll(async () => {
  site = await serveFixtureSite({ pages: 2 });
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

/** The HTML of the server's first response for a path, as the signed-in browser would receive it. */
async function firstResponse(page: Page, path: string): Promise<string> {
  const res = await page.request.get(path, { maxRedirects: 0 });
  expect(res.status(), `GET ${path}`).toBe(200);
  return res.text();
}

/** Records every loading text that appears in the main area from now on (read back by `loadingSeen`). */
async function watchForLoading(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __loadingSeen: string[] }).__loadingSeen = seen;
    const check = () => {
      const text = document.getElementById("main")?.textContent ?? "";
      const m = text.match(/Loading[^.]*…|Loading\.\.\./);
      if (m) seen.push(m[0]);
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const loadingSeen = (page: Page) => page.evaluate(() => (window as unknown as { __loadingSeen: string[] }).__loadingSeen);

test("snapshots and settings arrive in the first response and render on navigation without a loading state", async ({ page, request }) => {
  const account = await newAccount(request, "rendered");
  const api = apiAs(request, account);
  const name = `Rendered ${Date.now()}`;
  const siteId = await createProject(api, site.origin, {
    platform: "drupal",
    components: { hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }] } },
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
    settings: { urlList: [`${site.origin}/`, `${site.origin}/pages/page-1`] },
  });
  await api("PUT", `/sites/${siteId}`, { name, domain: new URL(site.origin).host });

  await signIn(page, account.email, account.password);
  await selectProject(page, account, siteId);
  await runMigrationFromUi(page);
  await api("POST", `/sites/${siteId}/enrich/analyse`, {});

  // The server's HTML holds the data, not a loading state.
  const snapshots = await firstResponse(page, "/snapshots");
  // The grid itself is in the markup (React separates text parts with comments), not only the loader's data.
  expect(snapshots).toContain(`${site.origin}/pages/page-1</p>`);
  expect(snapshots).toMatch(/>2(<!-- -->)? snapshots</);
  expect(snapshots.match(/<a [^>]*href="\/snapshots\/[0-9a-f]+"/g)).toHaveLength(2);
  expect(snapshots).not.toContain("Loading");
  // The review screen of one snapshot holds the snapshot, its extracted content and mapping, and its fidelity.
  const page1 = `${site.origin}/pages/page-1`;
  const page1Id = snapshots.split("<a ").find((link) => link.includes(`${page1}</p>`))?.match(/^[^>]*href="\/snapshots\/([0-9a-f]+)"/)?.[1];
  expect(page1Id).toBeTruthy();
  const review = await firstResponse(page, `/snapshots/${page1Id}`);
  expect(review).toContain(`>${page1}</a>`);
  expect(review).toContain(">Extracted content</h2>");
  expect(review).toMatch(/>HTTP (<!-- -->)?200/);
  expect(review).toContain('id="fidelity-title"');
  expect(review).not.toContain("Loading");
  // Enrich holds the site's audit, its applies and its prompt; with ?page= the page's audit.
  const enrich = await firstResponse(page, "/enrich");
  expect(enrich).toContain(">Pages, worst first</h2>");
  expect(enrich).toContain(`>${page1}</span>`);
  expect(enrich).toContain('aria-label="Enrich prompt"');
  expect(enrich).not.toContain("Loading");
  const enrichPage = await firstResponse(page, `/enrich?page=${page1Id}`);
  expect(enrichPage).toContain(`>${page1}</a>`);
  expect(enrichPage).toMatch(/>Findings (<!-- -->)?<span/);
  expect(enrichPage).not.toContain("Loading");
  const settings = await firstResponse(page, "/settings");
  expect(settings).toContain(`value="${name}"`);
  expect(settings).toContain(`value="${new URL(site.origin).host}"`);
  expect(settings).not.toContain("Loading");
  const mapping = await firstResponse(page, "/settings?tab=mapping");
  expect(mapping).toContain('aria-label="Prompt"');
  expect(mapping).not.toContain("Loading");

  // Moving between the screens in the browser shows each complete, without a loading state in between.
  await page.goto("/snapshots");
  await hydrated(page);
  await watchForLoading(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByLabel("Project name")).toHaveValue(name);
  await page.getByRole("tab", { name: "AI mapping" }).click();
  await expect(page.getByRole("form", { name: "Prompt" })).toBeVisible();
  await nav.getByRole("link", { name: "Snapshots" }).click();
  await expect(page.getByRole("list", { name: "Snapshots" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("list", { name: "Snapshots" }).getByRole("link").filter({ hasText: page1 }).click();
  await expect(page.getByRole("heading", { name: "Extracted content" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: page1 })).toBeVisible();
  await page.getByRole("link", { name: "All snapshots" }).click();
  await expect(page.getByRole("list", { name: "Snapshots" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "Enrich" }).click();
  await expect(page.getByRole("heading", { name: "Pages, worst first" })).toBeVisible();
  await page.getByRole("main").getByRole("row").filter({ hasText: page1 }).getByRole("button").first().click();
  await expect(page.getByRole("heading", { name: /^Findings/ })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: page1 })).toBeVisible();
  expect(await loadingSeen(page)).toEqual([]);
});

test("organization and account arrive in the first response and render on navigation without a loading state", async ({ page, request }) => {
  const account = await newAccount(request, "screens");
  const api = apiAs(request, account);
  const invitee = `invitee-${Date.now()}@example.com`;
  await api("POST", `/organization/${account.orgId}/invite`, { email: invitee, role: "MEMBER" });

  await signIn(page, account.email, account.password);
  await selectProject(page, account, await createProject(api, site.origin, { platform: "drupal" }));

  // The server's HTML holds each screen's data, not a loading state.
  const organization = await firstResponse(page, "/organization");
  expect(organization).toContain(">screens organization</h2>");
  expect(organization).toContain(account.email);
  expect(organization).toContain(invitee);
  expect(organization).not.toContain("Loading");
  const profile = await firstResponse(page, "/profile");
  expect(profile).toContain(account.email);
  expect(profile).toContain("screens organization (OWNER)");
  expect(profile).not.toContain("Loading");
  // The Projects screen (outside the dashboard layout) holds the user's projects.
  const projects = await firstResponse(page, "/start");
  expect(projects).toMatch(/<ul [^>]*aria-label="Projects"/);
  expect(projects).toContain(">screens organization</span>");
  expect(projects).not.toContain("Loading");

  // Moving between the screens in the browser shows each complete, without a loading state in between.
  await page.goto("/snapshots");
  await hydrated(page);
  await watchForLoading(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("main")).toContainText(account.email);
  await page.getByRole("link", { name: "Manage organization and members" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(invitee);
  expect(await loadingSeen(page)).toEqual([]);
});

test("components and templates arrive in the first response and render on navigation without a loading state", async ({ page, request }) => {
  const account = await newAccount(request, "definitions");
  const api = apiAs(request, account);
  const stamp = Date.now();
  const component = `Hero banner ${stamp}`;
  const template = `Landing page ${stamp}`;
  const siteId = await createProject(api, site.origin, {
    platform: "drupal",
    components: { hero: { name: component, selector: ".hero", fields: [{ name: "title", type: "text" }] } },
    templates: { landing: { name: template, urlPattern: "/*", areas: ["main"] } },
  });

  await signIn(page, account.email, account.password);
  await selectProject(page, account, siteId);

  // The server's HTML holds the definitions and the auto-populate form with its state, not a loading state.
  const components = await firstResponse(page, "/components");
  expect(components).toContain(`>${component}</h3>`);
  expect(components).toContain(">Find components</button>");
  expect(components).not.toContain("Loading");
  const templates = await firstResponse(page, "/templates");
  expect(templates).toContain(`>${template}</h3>`);
  expect(templates).not.toContain("Loading");

  // Moving between the screens in the browser shows each complete, without a loading state in between.
  await page.goto("/snapshots");
  await hydrated(page);
  await watchForLoading(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Components" }).click();
  await expect(page.getByRole("heading", { name: component })).toBeVisible();
  await nav.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { name: template })).toBeVisible();
  await nav.getByRole("link", { name: "Components" }).click();
  await expect(page.getByRole("heading", { name: component })).toBeVisible();
  expect(await loadingSeen(page)).toEqual([]);
});

test("the admin screens arrive with their data (notification, news, a user) and render on navigation without a loading state", async ({ page, request }) => {
  const token = await adminToken(request);
  const stamp = Date.now();
  const message = `Maintenance window ${stamp}`;
  await saveNotification(request, token, { enabled: false, message, type: "warning" });
  const title = `Draft note ${stamp}`;
  const created = await request.post("/api/v1/admin/news", {
    data: { title, slug: `draft-note-${stamp}`, summary: "A draft.", bodyMarkdown: `Body of the draft ${stamp}.`, status: "draft" },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  const articleId = ((await created.json()) as { article: { id: string } }).article.id;

  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  const admin = await firstResponse(page, "/admin");
  expect(admin).toContain(message);
  expect(admin).not.toContain("Loading");
  const news = await firstResponse(page, "/admin/news");
  expect(news).toContain(`>${title}</a>`);
  expect(news).not.toContain("Loading");
  const article = await firstResponse(page, `/admin/news/${articleId}`);
  expect(article).toContain(`value="${title}"`);
  expect(article).toContain(`Body of the draft ${stamp}.`);
  expect(article).not.toContain("Loading");
  const user = await firstResponse(page, "/admin/users/demo-user-owner");
  expect(user).toContain(">Olivia Owner</h1>");
  expect(user).toContain(DEMO.owner.email);
  expect(user).toContain("Demo Organization");
  expect(user).not.toContain("Loading");

  await page.goto("/admin/news");
  await hydrated(page);
  await watchForLoading(page);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "News" }).click();
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  expect(await loadingSeen(page)).toEqual([]);

  await page.goto("/snapshots");
  await hydrated(page);
  await watchForLoading(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await expect(page.getByLabel("Message")).toHaveValue(message);
  expect(await loadingSeen(page)).toEqual([]);
});
