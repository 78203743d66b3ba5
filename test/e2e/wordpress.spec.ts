import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { FIDELITY_TEXTS } from "../../workers/contracts/fidelity";
import { pageHtml, pagePaths } from "../fixtures/site/pages.mjs";
import { fixtureHandler } from "../fixtures/site/site.mjs";
import { acceptCookies } from "./dashboard-support";
import { apiAs, createProject, demoOwner, runMigrationFromUi, selectProject, type AccountApi } from "./migration-support";
import { open, signIn } from "./support";

/**
 * Issue 5: a full migration of the fixture site into a real WordPress on loopback, started from the UI,
 * then the written pages opened in WordPress with their images and rewritten internal links.
 * scripts/e2e.mjs runs scripts/wordpress-setup.mjs first and passes its connection file (or the reason
 * it failed) in WORDPRESS_CONNECTION_FILE / WORDPRESS_SETUP_ERROR.
 */

test.describe.configure({ timeout: 360_000 });

interface WordPress {
  restUrl: string;
  siteUrl: string;
  username: string;
  applicationPassword: string;
}

const CONNECTION_FILE = process.env.WORDPRESS_CONNECTION_FILE ?? path.resolve(process.cwd(), ".cache/wordpress/connection.json");

/** The local WordPress, or why there is none. */
async function wordpress(): Promise<WordPress | { error: string }> {
  if (process.env.WORDPRESS_SETUP_ERROR) return { error: process.env.WORDPRESS_SETUP_ERROR };
  let wp: WordPress;
  try {
    wp = JSON.parse(fs.readFileSync(CONNECTION_FILE, "utf8")) as WordPress;
  } catch {
    return { error: `No WordPress connection file at ${CONNECTION_FILE}: run node scripts/wordpress-setup.mjs (npm run test:e2e does)` };
  }
  const auth = `Basic ${Buffer.from(`${wp.username}:${wp.applicationPassword}`).toString("base64")}`;
  const res = await fetch(`${wp.restUrl}/wp/v2/users/me`, { headers: { Authorization: auth } }).catch((err: unknown) => err);
  if (!(res instanceof Response) || res.status !== 200) {
    return { error: `WordPress at ${wp.restUrl} does not answer with the application password of ${CONNECTION_FILE}: ${res instanceof Response ? res.status : String(res)}` };
  }
  return wp;
}

/** A PNG of one colour (WordPress takes PNG uploads; it refuses SVG unless a plugin allows it). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

const PAGES = 4;
/** What becomes of the hero's SVG, which WordPress does not take. */
const HERO_STATE = "Converted";

/**
 * The fixture site with photos: card images are PNG files, the hero images stay SVG. Everything else
 * is the shared fixture site.
 */
async function servePhotoSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  let handle: ReturnType<typeof fixtureHandler> | null = null;
  const paths = new Set(pagePaths(PAGES));
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? "/", "http://localhost").pathname;
    const card = /^\/images\/card-(\d+)\.png$/.exec(p);
    if (card) {
      const n = Number(card[1]);
      res.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" });
      return res.end(png(320, 180, [40 + n * 15, 90, 200 - n * 10]));
    }
    if (paths.has(p)) {
      const html = pageHtml(p, p === "/" ? 0 : Number(p.split("-").pop()), PAGES).replace(/\/images\/card-(\d+)\.svg/g, "/images/card-$1.png");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      return res.end(html);
    }
    void handle!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  handle = fixtureHandler({ pages: PAGES, origin, hits: new Map() });
  return { origin, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

let site: { origin: string; close: () => Promise<void> };
test.beforeAll(async () => {
  site = await servePhotoSite();
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

/** The WordPress URL of every page the run wrote, by source URL, from the run's log. */
async function writtenPages(api: AccountApi, siteId: string): Promise<Map<string, string>> {
  const { logs } = await api<{ logs: { message: string; url: string | null }[] }>("GET", `/migration/logs/${siteId}`);
  const out = new Map<string, string>();
  for (const l of logs) {
    const m = /^Written to the target as \d+ \((.+)\)$/.exec(l.message);
    if (m && l.url) out.set(l.url, m[1]);
  }
  return out;
}

/** Images of the page's content, each scrolled into view (WordPress loads them lazily) and loaded. */
async function contentImages(page: Page) {
  const images = page.locator(".entry-content img");
  await expect(images.first()).toBeVisible();
  const out: { src: string; alt: string; width: number }[] = [];
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    const natural = () => image.evaluate((el) => (el as HTMLImageElement).naturalWidth);
    await expect.poll(natural, { message: `image ${await image.getAttribute("src")} loads`, timeout: 15_000 }).toBeGreaterThan(0);
    out.push(await image.evaluate((el) => ({ src: (el as HTMLImageElement).currentSrc || (el as HTMLImageElement).src, alt: (el as HTMLImageElement).alt, width: (el as HTMLImageElement).naturalWidth })));
  }
  return out;
}

test("migrate the fixture site into WordPress from the UI and open the written pages there", async ({ page, request }) => {
  const wp = await wordpress();
  if ("error" in wp) {
    // On CI WordPress is part of the set-up (.ci/run): its absence is a failure, not a reason to skip.
    if (process.env.CI) throw new Error(`WordPress is not available: ${wp.error}`);
    test.skip(true, `WordPress is not available: ${wp.error}`);
    return;
  }
  const owner = await demoOwner(request);
  const api = apiAs(request, owner);
  const siteId = await createProject(api, site.origin, {
    components: {
      hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }, { name: "lead", type: "text" }, { name: "image", type: "image" }, { name: "cta", type: "link" }] },
      card: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }, { name: "text", type: "richtext" }, { name: "image", type: "image" }, { name: "link", type: "link" }] },
    },
    templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
    settings: { urlList: pagePaths(PAGES).map((p) => `${site.origin}${p}`) },
  });

  // The platform connection, through the Settings screen.
  await signIn(page, owner.email, owner.password);
  await selectProject(page, owner, siteId);
  await open(page, "/settings?tab=platform");
  const form = page.getByRole("form", { name: "Platform connection" });
  await form.getByLabel("Target platform").selectOption("wordpress");
  await form.getByLabel("REST URL *").fill(wp.restUrl);
  await form.getByLabel("Username").fill(wp.username);
  await form.getByLabel("Application password").fill(wp.applicationPassword);
  await form.getByLabel("Asset processing").selectOption("dam");
  await form.getByRole("button", { name: "Save platform settings" }).click();
  await expect(page.getByText("Platform settings saved")).toBeVisible();
  const pill = page.locator("header button[data-connection-state]");
  await expect(pill).toHaveAttribute("data-connection-state", "connected", { timeout: 30_000 });

  await runMigrationFromUi(page);
  const { logs } = await api<{ logs: { level: string; message: string; url: string | null }[] }>("GET", `/migration/logs/${siteId}`);
  expect(logs.filter((l) => l.level === "error").map((l) => `${l.url}: ${l.message}`)).toEqual([]);
  await expect(page.getByTestId("progress-counts")).toContainText(`${PAGES} of ${PAGES} pages · ${PAGES} succeeded · 0 failed`);

  // The migration screen lists what was written, page by page, with what became of each asset.
  const writtenList = page.getByRole("list", { name: "Written pages" });
  // One item per page (each page's own lists of metadata and links sit inside its item).
  const pageItems = writtenList.locator(":scope > li");
  await expect(pageItems).toHaveCount(PAGES, { timeout: 30_000 });
  const byState = page.getByLabel("Assets by state");
  await expect(byState.getByText("Uploaded")).toBeVisible();
  const firstPage = pageItems.filter({ hasText: "/pages/page-1" }).first();
  await expect(firstPage.getByRole("table")).toContainText(HERO_STATE);
  // Its metadata: what WordPress kept (read back from its answer) and what had no place there.
  await expect(firstPage).toContainText("Metadata written: title, meta description (page excerpt), featured image");
  await expect(firstPage.getByRole("list", { name: /with no place in the target/ })).toContainText("WordPress keeps one language for the whole site");
  await page.screenshot({ path: "test-results/migration-target-assets.png", fullPage: true });

  // Every written page was rendered from WordPress and compared with its source: the list shows each
  // page's fidelity, worst first, and leads to the page's review, which shows the score, the differences,
  // the two screenshots side by side and the page's assets.
  const scores = await writtenList.getByRole("link", { name: /^Fidelity \d+%: open the page's review$/ }).allTextContents();
  expect(scores).toHaveLength(PAGES);
  const percents = scores.map((t) => Number(/(\d+)%/.exec(t)![1]));
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  await firstPage.getByRole("link", { name: /^Fidelity \d+%: open the page's review$/ }).click();
  const fidelity = page.getByRole("region", { name: FIDELITY_TEXTS.title });
  await expect(fidelity.getByText(/^Fidelity \d+%$/)).toBeVisible({ timeout: 15_000 });
  await expect(fidelity.getByLabel("Fidelity by part")).toContainText(FIDELITY_TEXTS.parts.content);
  for (const name of [FIDELITY_TEXTS.sourceShot, FIDELITY_TEXTS.targetShot]) {
    const shot = fidelity.getByRole("figure", { name }).getByRole("img");
    await shot.scrollIntoViewIfNeeded();
    await expect.poll(() => shot.evaluate((el) => (el as HTMLImageElement).naturalWidth), { message: `the ${name} screenshot loads` }).toBeGreaterThan(0);
  }
  await expect(fidelity.getByRole("table", { name: /^Assets of / })).toContainText(HERO_STATE);
  await page.screenshot({ path: "test-results/snapshot-fidelity.png", fullPage: true });

  const written = await writtenPages(api, siteId);
  expect([...written.keys()].sort()).toEqual(pagePaths(PAGES).map((p) => `${site.origin}${p}`).sort());
  const wpUrls = new Set([...written.values()].map((u) => new URL(u).pathname));
  for (const url of written.values()) expect(url.startsWith(`${wp.siteUrl}/`)).toBe(true);

  // A written page, opened in WordPress: its title, its images and its links.
  const source = `${site.origin}/pages/page-1`;
  await page.goto(written.get(source)!);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const images = await contentImages(page);
  const uploads = images.filter((i) => i.src.startsWith(`${wp.siteUrl}/wp-content/uploads/`));
  // Card photos were uploaded into the media library, with their alt text, and load from WordPress.
  expect(uploads.length).toBeGreaterThanOrEqual(3);
  expect(uploads.every((i) => i.alt.length > 0)).toBe(true);
  // The hero's SVG, which WordPress does not take, was drawn into a PNG by the browser and uploaded: no image
  // of the page is left on the source site.
  expect(uploads.filter((i) => /\/hero-[^/]*\.png$/.test(i.src))).toHaveLength(1);
  expect(images.filter((i) => !i.src.startsWith(`${wp.siteUrl}/wp-content/uploads/`))).toEqual([]);

  // Links to other migrated pages now point at their WordPress pages; none leads back to the source site.
  const hrefs = await page.locator(".entry-content a").evaluateAll((els) => (els as HTMLAnchorElement[]).map((a) => a.href));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.filter((h) => h.startsWith(site.origin))).toEqual([]);
  const internal = hrefs.filter((h) => h.startsWith(`${wp.siteUrl}/`) && wpUrls.has(new URL(h).pathname));
  expect(internal.length).toBeGreaterThanOrEqual(3);
  // Following one opens that migrated page in WordPress.
  const target = internal.find((h) => new URL(h).pathname !== new URL(written.get(source)!).pathname)!;
  const response = await page.goto(target);
  expect(response?.status()).toBe(200);
  await expect(page.locator(".entry-content img").first()).toBeVisible();

  // The run is rolled back from the migration screen: every page and asset it wrote is undone in WordPress
  // (pages it created deleted, pages an earlier run had written given their earlier content back).
  await open(page, "/migration");
  await page.getByRole("button", { name: "Roll back this run" }).click();
  const dialog = page.getByRole("dialog", { name: "Roll back what this run wrote to WordPress?" });
  await dialog.getByRole("button", { name: "Roll back this run" }).click();
  const done = page.getByText(/^Rolled back: \d+ writes undone$/);
  await expect(done).toBeVisible({ timeout: 60_000 });
  expect(Number(/(\d+)/.exec((await done.textContent()) ?? "")![1])).toBeGreaterThanOrEqual(PAGES);
  await expect(page.getByRole("status").filter({ hasText: "This run's writes were rolled back on" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Roll back this run" })).toHaveCount(0);
});
