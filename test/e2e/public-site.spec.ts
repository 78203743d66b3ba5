import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, adminToken } from "./dashboard-support";
import { DEMO, hydrated, open, signIn } from "./support";

// The public site (issue 14): landing behaviours, forms, widgets, redirects, news and docs navigation.
test.describe.configure({ timeout: 90_000 });

const WIDGET_PATHS = ["/", "/request-demo", "/book-demo", "/contact", "/privacy", "/terms"];
const NO_WIDGET_PATHS = ["/news", "/docs", "/help", "/training", "/partners", "/login"];

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("landing: video modal, anchor navigation, counters, carousel and one-at-a-time FAQ", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Move whole websites");

  // The video modal: scroll locked while open; Escape closes with a fade; a backdrop click closes too.
  await page.getByRole("button", { name: "Watch the video" }).click();
  const dialog = page.getByRole("dialog", { name: "Migrate in two minutes" });
  await expect(dialog).toBeVisible();
  await expect(page.locator("[data-video-modal]")).toHaveAttribute("data-video-modal", "open");
  await expect(dialog.locator("video")).toHaveJSProperty("muted", true);
  await expect(dialog.locator("video")).toHaveJSProperty("autoplay", true);
  // The product video (public/media/product-tour.webm) really plays.
  await expect.poll(() => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  expect(await bodyOverflow(page)).toBe("hidden");
  // The modal is on top of everything, the sticky anchor bar included.
  expect(await page.evaluate(() => !!document.elementFromPoint(640, 560)?.closest("[role=dialog]"))).toBe(true);
  await expect(page.getByRole("button", { name: "Close video" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator("[data-video-modal]")).toHaveAttribute("data-video-modal", "closing");
  await expect(page.locator("[data-video-modal]")).toHaveCount(0);
  expect(await bodyOverflow(page)).toBe("");
  await expect(page.getByRole("button", { name: "Watch the video" })).toBeFocused();
  await page.getByRole("button", { name: "Watch the video" }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(page.locator("[data-video-modal]")).toHaveCount(0);

  // Anchor navigation: every section of the spec, in order.
  const anchors = page.getByRole("navigation", { name: "On this page" }).getByRole("link");
  await expect(anchors).toHaveText(["Why choose", "Testimonials", "AI migration", "CMS compatibility", "Use cases", "FAQ", "Partnership", "See it yourself"]);
  for (const id of ["why-choose", "testimonials", "ai-migration", "cms-compatibility", "use-cases", "faq", "partnership", "see-it-yourself"]) {
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }
  await anchors.filter({ hasText: "FAQ" }).click();
  await expect(page).toHaveURL(/#faq$/);

  // The counters count up to the claims.
  await page.locator("#why-choose").scrollIntoViewIfNeeded();
  await expect(page.locator("[data-stat-counter] [aria-hidden]")).toHaveText(["80%", "90%+", "100%"]);

  // The carousel loops every 30 s; the AI section's action goes to /book-demo; four use cases.
  expect(await page.locator("[data-logo-track]").evaluate((el) => getComputedStyle(el).animationDuration)).toBe("30s");
  await expect(page.locator("#ai-migration").getByRole("link", { name: "See it in action" })).toHaveAttribute("href", "/book-demo");
  await expect(page.locator("#use-cases li h3")).toHaveText(["Rebrand or redesign", "Platform consolidation", "Portfolio launches", "Content refresh"]);
  await expect(page.locator("#see-it-yourself").getByRole("link")).toHaveText(["Book a demo", "Talk to an expert"]);

  // FAQ: six questions, the first open; opening another closes it.
  const questions = page.locator("#faq").getByRole("button");
  await expect(questions).toHaveCount(6);
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("#faq [role=region]:visible")).toHaveCount(1);

  // Full sky on a wide screen without reduced motion.
  await expect(page.locator("[data-sky-effects]")).toHaveAttribute("data-sky-effects", "full");
});

test("reduced motion and small screens get fewer sky elements and still counters", async ({ browser }) => {
  const full = Number(18 + 4 + 2 + 2);
  for (const options of [{ reducedMotion: "reduce" as const, viewport: { width: 1280, height: 900 } }, { reducedMotion: "no-preference" as const, viewport: { width: 375, height: 800 } }]) {
    const context = await browser.newContext(options);
    await context.addInitScript(() => localStorage.setItem("cookie-consent", "accepted"));
    const page = await context.newPage();
    await open(page, "/");
    const sky = page.locator("[data-sky-effects]");
    await expect(sky).toHaveAttribute("data-sky-effects", "reduced");
    expect(Number(await sky.getAttribute("data-sky-elements"))).toBeLessThan(full);
    await expect(sky.locator("[data-sky=rocket]")).toHaveCount(0);
    if (options.reducedMotion === "reduce") {
      await expect(page.locator("[data-stat-counter] [aria-hidden]")).toHaveText(["80%", "90%+", "100%"]);
      expect(await page.locator("[data-logo-track]").evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    }
    await context.close();
  }
});

test("redirects, header and footer, and the support widget only on marketing paths", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  // The brand icons the pages link to are served as images, and /favicon.ico is one too (not a redirect to /).
  const icons = await page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(icons.map((href) => new URL(href).pathname)).toEqual(["/favicon.svg", "/favicon.ico", "/apple-touch-icon.png"]);
  for (const [path, type] of [["/favicon.ico", "icon"], ["/favicon.svg", "image/svg+xml"], ["/apple-touch-icon.png", "image/png"]]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain(type);
    expect(res.headers()["cache-control"], path).toBe("public, max-age=86400");
  }
  for (const [path, heading] of [["/request-demo", "Book a demo"], ["/book-demo", "Book a demo"], ["/contact", "Contact us"], ["/training", "Training"], ["/partners", "Partner with us"]]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  await expect(page.getByRole("navigation", { name: "Public" }).getByRole("link")).toHaveText(["Docs", "Partners", "Contact", "News"]);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Footer" }).getByRole("link")).toHaveText(["News", "Sign in", "Book a demo", "Privacy Policy", "Terms of Service"]);
  const company = page.getByTestId("company-details");
  for (const text of ["Level 1, 100 Example Street", "+61 2 5550 0100", "support@migrate.example", "ABN 00 000 000 000", "ACN 000 000 000"]) await expect(company).toContainText(text);

  for (const path of WIDGET_PATHS) {
    await open(page, path);
    await expect(page.locator("[data-support-widget]"), path).toHaveCount(1);
  }
  for (const path of NO_WIDGET_PATHS) {
    await open(page, path);
    await expect(page.locator("[data-support-widget]"), path).toHaveCount(0);
  }
  // The widget opens the contact form and closes on Escape.
  await open(page, "/privacy");
  await page.getByRole("button", { name: "Support" }).click();
  const panel = page.getByRole("dialog", { name: "Support" });
  await expect(panel.getByRole("form", { name: "Contact" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
});

test("demo and contact forms: invalid input shows each field's error, valid input a confirmation, admins see it", async ({ page, browser }) => {
  const stamp = Date.now();
  await open(page, "/book-demo");
  const demo = page.getByRole("form", { name: "Demo request" });
  await demo.getByRole("button", { name: "Request a demo" }).click();
  await expect(demo.getByText("Enter your name.")).toBeVisible();
  await expect(demo.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(demo.getByText("Enter your company or organization.")).toBeVisible();
  await expect(demo.getByLabel("Name *")).toBeFocused();
  await demo.getByLabel("Name *").fill("Demo Visitor");
  await demo.getByLabel("Work e-mail *").fill(`visitor-${stamp}@example.com`);
  await demo.getByLabel("Company *").fill("Acme Publishing");
  await demo.getByLabel("Current CMS").selectOption("Drupal");
  await demo.getByLabel("Target CMS").selectOption("Magnolia");
  await demo.getByRole("button", { name: "Request a demo" }).click();
  await expect(page.getByRole("status")).toContainText("your demo request has been received");

  await open(page, "/contact");
  const contact = page.locator("main").getByRole("form", { name: "Contact" });
  await contact.getByLabel("Name *").fill("Contact Visitor");
  await contact.getByLabel("E-mail *").fill("not an address");
  await contact.getByLabel("Message *").fill("short");
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(contact.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(contact.getByText("Choose one of the options.")).toBeVisible();
  await expect(contact.getByText("Write a message of at least 10 characters.")).toBeVisible();
  await contact.getByLabel("E-mail *").fill(`contact-${stamp}@example.com`);
  await contact.getByLabel("Topic *").selectOption("Partnerships");
  await contact.getByLabel("Message *").fill(`We would like to partner on migrations (${stamp}).`);
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(page.locator("main").getByRole("status")).toContainText("your message has been sent");

  // The server checks too: a request that skips the page's checks gets the same messages.
  const bad = await page.request.post("/contact", { form: { name: "", email: "x", topic: "Nope", message: "" }, headers: { Origin: new URL(page.url()).origin } });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("Enter your name.");

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, DEMO.admin.email, DEMO.admin.password);
  await open(adminPage, "/admin/enquiries");
  await expect(adminPage.getByRole("region", { name: /Demo requests/ })).toContainText(`visitor-${stamp}@example.com`);
  await expect(adminPage.getByRole("region", { name: /Contact messages/ })).toContainText(`We would like to partner on migrations (${stamp}).`);
  await admin.close();
});

test("news pages, article Open Graph tags and RSS; docs navigation and search", async ({ page, request }) => {
  const token = await adminToken(request);
  const stamp = Date.now();
  for (let i = 1; i <= 11; i++) {
    const res = await request.post("/api/v1/admin/news", {
      data: { title: `Release ${stamp} number ${i}`, slug: `release-${stamp}-${i}`, summary: `Summary ${i}.`, bodyMarkdown: `Body of release ${i}.`, status: "published" },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(201);
  }
  await open(page, "/news");
  const titles = page.locator("main article h2");
  await expect(titles).toHaveCount(10);
  await expect(titles.first()).toHaveText(`Release ${stamp} number 11`);
  await page.getByRole("link", { name: "Older articles" }).click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  await page.getByRole("link", { name: "Newer articles" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await titles.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/news/release-${stamp}-11$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `Release ${stamp} number 11`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`/news/release-${stamp}-11$`));
  const feed = await request.get("/news/rss.xml");
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  expect(await feed.text()).toContain(`<title>Release ${stamp} number 11</title>`);

  await open(page, "/docs");
  await page.getByRole("link", { name: "Target platforms" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Target platforms");
  await page.locator("main").getByRole("link", { name: /^Connecting WordPress .+/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connecting WordPress");
  await expect(page.locator("[data-support-widget]")).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search the documentation" }).fill("storyblok region");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\?q=storyblok\+region$/);
  await page.locator("main ol").getByRole("link", { name: "Connecting Storyblok" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connecting Storyblok");
  await hydrated(page);
});
