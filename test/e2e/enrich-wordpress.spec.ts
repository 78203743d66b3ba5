import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, toast } from "./dashboard-support";
import { apiAs, createProject, newAccount, runMigrationFromUi, selectProject } from "./migration-support";
import { open, seriousViolations, signIn } from "./support";

/**
 * Issue 16: from a finding to the approved change in the real local WordPress. A one-page site whose
 * photo has no alt text is migrated into WordPress; on the Enrich screen the finding is opened, its
 * alt text written and approved, applied, and then read back from WordPress (media item and the
 * page's image); the apply is rolled back from the screen and WordPress has the old alt text again.
 */

test.describe.configure({ timeout: 150_000 });

interface WordPress { restUrl: string; siteUrl: string; username: string; applicationPassword: string }
const CONNECTION_FILE = process.env.WORDPRESS_CONNECTION_FILE ?? path.resolve(process.cwd(), ".cache/wordpress/connection.json");

async function wordpress(): Promise<WordPress | { error: string }> {
  if (process.env.WORDPRESS_SETUP_ERROR) return { error: process.env.WORDPRESS_SETUP_ERROR };
  try {
    const wp = JSON.parse(fs.readFileSync(CONNECTION_FILE, "utf8")) as WordPress;
    const res = await fetch(`${wp.restUrl}/wp/v2/users/me`, { headers: { Authorization: auth(wp) } });
    return res.status === 200 ? wp : { error: `WordPress at ${wp.restUrl} answers ${res.status}` };
  } catch (err) {
    return { error: `No usable WordPress connection at ${CONNECTION_FILE}: ${String(err)}` };
  }
}
const auth = (wp: WordPress) => `Basic ${Buffer.from(`${wp.username}:${wp.applicationPassword}`).toString("base64")}`;

/** A PNG of one colour, drawn here (WordPress takes PNG uploads). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc8)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

const ALT = "A sourdough loaf cooling on the counter";

const PAGE = `<!doctype html><html lang="en"><head><title>Fresh bread every morning</title></head><body><main>
<h1>Fresh bread every morning</h1>
<div class="card"><h2>Our sourdough</h2><p>${"We bake our sourdough every morning with flour from the mill next door and sell it warm until noon. ".repeat(6)}</p><img src="/images/loaf-${Date.now()}.png" width="320" height="180"></div>
</main></body></html>`;

let server: http.Server;
let origin = "";
test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith("/images/")) {
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(png(320, 180));
    }
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(PAGE);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)));
});

test("a missing alt text found by Enrich, written and approved, is applied to WordPress and rolled back", async ({ page, request, context }) => {
  const wp = await wordpress();
  if ("error" in wp) {
    if (process.env.CI) throw new Error(`WordPress is not available: ${wp.error}`);
    test.skip(true, `WordPress is not available: ${wp.error}`);
    return;
  }
  await acceptCookies(context);
  const owner = await newAccount(request, "enrich-wp");
  const api = apiAs(request, owner);
  const siteId = await createProject(api, origin, {
    platform: "wordpress",
    platformConfig: { restUrl: wp.restUrl, username: wp.username, applicationPassword: wp.applicationPassword, assetProcessingMode: "dam" },
    components: { card: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }, { name: "text", type: "richtext" }, { name: "image", type: "image" }] } },
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
    settings: { urlList: [`${origin}/`] },
  });
  await signIn(page, owner.email, owner.password);
  await selectProject(page, owner, siteId);
  await runMigrationFromUi(page, 120_000);
  const { logs } = await api<{ logs: { message: string; url: string | null }[] }>("GET", `/migration/logs/${siteId}`);
  const written = logs.map((l) => /^Written to the target as (\d+) \((.+)\)$/.exec(l.message)).find(Boolean);
  expect(written, "the page was written to WordPress").toBeTruthy();
  const [, wpId, wpUrl] = written!;
  const wpPage = async () => (await (await fetch(`${wp.restUrl}/wp/v2/pages/${wpId}?context=edit`, { headers: { Authorization: auth(wp) } })).json()) as { content: { raw: string } };
  expect((await wpPage()).content.raw).toMatch(/<img [^>]*alt=""/);

  // The finding, on the Enrich screen.
  await open(page, "/enrich");
  await page.getByRole("button", { name: "Analyse pages" }).click();
  // The analysis runs on the analysis queue: the screen says so while it follows the job, then shows its result.
  await expect(page.getByText("Analysing the pages of the latest run…")).toBeVisible();
  await expect(page.getByText("Pages analysed")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Findings by kind" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Findings by kind" })).toContainText("Images without alt text");
  // The project's Enrich prompt, tuned like the mapping prompt: a saved edit becomes version 1.
  const prompt = page.getByRole("form", { name: "Enrich prompt" });
  await expect(prompt.getByLabel("Enrich prompt text")).toHaveValue(/^You improve the SEO and accessibility metadata/);
  await prompt.getByLabel("Enrich prompt text").fill("Describe each page for the bakery's customers, in their language.");
  await prompt.getByRole("button", { name: "Save prompt" }).click();
  await expect(page.getByText("Prompt saved as version 1")).toBeVisible();
  await page.screenshot({ path: "test-results/enrich-overview.png", fullPage: true });
  expect(await seriousViolations(page), "site overview").toEqual([]);
  // The page as written was audited in WordPress by the run's fidelity check: the same image lacks alt text there.
  await expect(page.getByText("Score in the target", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("1 written page audited as the target serves it")).toBeVisible();
  await page.getByRole("button", { name: "Fresh bread every morning" }).click();
  await expect(page.locator('[data-finding="image-alt-missing"]')).toBeVisible();
  // WordPress names the canonical URL the source lacked; the meta description is missing in both.
  await expect(page.getByRole("heading", { name: "As written to the target" })).toBeVisible();
  await expect(page.locator('[data-finding="canonical-missing"]')).toBeVisible();
  await expect(page.locator('[data-target-finding="description-missing"]')).toBeVisible();
  await expect(page.locator('[data-target-finding="canonical-missing"]')).toHaveCount(0);

  // Its proposal: nothing on the page says what the photo shows, so a person writes the alt text.
  const row = page.locator("[data-enrich-proposal]").filter({ hasText: "Image alt text" });
  await row.getByRole("button", { name: /^Tweak/ }).click();
  await row.getByLabel("New value").fill(ALT);
  await row.getByRole("button", { name: "Save value" }).click();
  await expect(row).toContainText("approved");
  await page.screenshot({ path: "test-results/enrich-page.png", fullPage: true });
  expect(await seriousViolations(page), "page view").toEqual([]);

  // Apply into WordPress, then read it back there.
  await page.getByRole("button", { name: /All pages/ }).click();
  await page.getByRole("button", { name: /Apply approved changes/ }).click();
  await expect(toast(page, "applied")).toBeVisible({ timeout: 30_000 });
  const content = (await wpPage()).content.raw;
  expect(content).toContain(`alt="${ALT}"`);
  const mediaId = /wp-image-(\d+)/.exec(content)?.[1];
  const media = (await (await fetch(`${wp.restUrl}/wp/v2/media/${mediaId}?context=edit`, { headers: { Authorization: auth(wp) } })).json()) as { alt_text: string };
  expect(media.alt_text).toBe(ALT);
  await page.goto(wpUrl);
  await expect(page.locator(`.entry-content img[alt="${ALT}"]`)).toHaveCount(1);

  // Rolled back from the screen: WordPress has the old alt text again.
  await open(page, "/enrich");
  await page.locator("[data-enrich-apply]").getByRole("button", { name: "Roll back" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Roll back" }).click();
  await expect(toast(page, "Apply rolled back")).toBeVisible({ timeout: 30_000 });
  expect((await wpPage()).content.raw).not.toContain(ALT);
});
