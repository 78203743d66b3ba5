import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { FakeMagnolia } from "../fixtures/targets/fake-magnolia";
import { acceptCookies, signUpUser, toast } from "./dashboard-support";
import { hydrated, open, signIn } from "./support";

// Full journeys through a shared, busy machine: allow more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** Serves the fake Magnolia author instance on a loopback port, where the Worker can reach it. */
async function serveMagnolia() {
  const fake = new FakeMagnolia("127.0.0.1");
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const answer = await fake.handle(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { fake, url: `http://127.0.0.1:${port}/magnoliaAuthor`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A fresh account with one organization and one Magnolia project. */
async function magnoliaProject(request: APIRequestContext, authorUrl: string) {
  const user = await signUpUser(request, "pill");
  const auth = { Authorization: `Bearer ${user.token}` };
  const org = await request.post("/api/v1/organization", { data: { name: "Pill Org" }, headers: auth });
  const orgId = ((await org.json()) as { organization: { id: string } }).organization.id;
  const headers = { ...auth, "X-Organization-Id": orgId };
  const site = await request.post("/api/v1/sites", { data: { name: "Pill Site", domain: "pill.example.com" }, headers });
  const siteId = ((await site.json()) as { site: { id: string } }).site.id;
  const saved = await request.put(`/api/v1/site-config/${siteId}`, {
    data: { platform: "magnolia", platformConfig: { authorUrl, authorUsername: "superuser", authorPassword: "superuser", siteRootPath: "/pill" } },
    headers,
  });
  expect(saved.ok()).toBe(true);
  return { ...user, orgId, siteId, headers };
}

test("the connection pill tests once, reports Connected, and after a failed re-test shows Unable to connect for 3 s", async ({ page, request }) => {
  const magnolia = await serveMagnolia();
  try {
    const project = await magnoliaProject(request, magnolia.url);
    await acceptCookies(page);
    const tests: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/test-connection")) tests.push(r.url());
    });
    await signIn(page, project.email, project.password);
    // The dashboard arrives with the project's configuration, so its first screen tests at once.
    const pill = page.locator("header button[data-connection-state]");
    await expect(pill).toHaveAttribute("data-connection-state", "connected");
    // Another screen does not test again.
    await open(page, "/snapshots");
    await expect(pill).toContainText("Magnolia");
    await expect(pill).toContainText("Connected");
    await expect(pill).toHaveAttribute("data-connection-state", "connected");
    expect(tests).toHaveLength(1);
    const key = `connection-status:${project.siteId}:magnolia`;
    const stored = await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? "null"), key);
    expect(stored).toMatchObject({ status: "connected", message: "Connected to Magnolia", toastShown: false });
    expect(typeof stored.timestamp).toBe("number");

    // Another screen or a reload reuses the stored result: no second automatic test.
    await page.reload();
    await hydrated(page);
    await expect(pill).toContainText("Connected");
    await page.waitForTimeout(500);
    expect(tests).toHaveLength(1);

    // The platform goes away; clicking re-tests, disabled meanwhile.
    await magnolia.close();
    // The re-test is held in the browser until its in-between state has been seen, so a fast answer
    // cannot skip past it.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/test-connection", async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((r) => r.url().endsWith("/test-connection"));
    await pill.click();
    await expect(pill).toContainText("Testing…");
    await expect(pill).toBeDisabled();
    release();
    await answered;
    await expect(pill).toContainText("Unable to connect");
    await expect(toast(page, "Unable to connect to Magnolia")).toBeVisible();
    await expect(pill).toBeEnabled();
    await expect(pill).toContainText("Not connected", { timeout: 4_000 });
    expect(await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? "null"), key)).toMatchObject({ status: "error", toastShown: true });
  } finally {
    await magnolia.close().catch(() => {});
  }
});

test("a test that never got an answer is not kept: the next screen tests again", async ({ page, request }) => {
  const magnolia = await serveMagnolia();
  try {
    const project = await magnoliaProject(request, magnolia.url);
    await acceptCookies(page);
    const tests: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/test-connection")) tests.push(r.url());
    });
    // The tests' requests fail in the browser, as when the user leaves a page while one runs.
    let drop = true;
    await page.route("**/test-connection", (route) => (drop ? route.abort("failed") : route.continue()));
    await signIn(page, project.email, project.password);
    await open(page, "/snapshots");
    const pill = page.locator("header button[data-connection-state]");
    await expect(pill).toHaveAttribute("data-connection-state", "error");
    const key = `connection-status:${project.siteId}:magnolia`;
    expect(await page.evaluate((k) => sessionStorage.getItem(k), key)).toBeNull();

    const before = tests.length;
    drop = false;
    await page.reload();
    await hydrated(page);
    await expect(pill).toContainText("Connected");
    await expect(pill).toHaveAttribute("data-connection-state", "connected");
    expect(tests).toHaveLength(before + 1);
    expect(await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? "null"), key)).toMatchObject({ status: "connected" });
  } finally {
    await magnolia.close().catch(() => {});
  }
});

test("an incomplete configuration is not tested, and a project without a platform shows no pill", async ({ page, request }) => {
  const project = await magnoliaProject(request, "");
  await acceptCookies(page);
  const tests: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/test-connection")) tests.push(r.url());
  });
  await signIn(page, project.email, project.password);
  await open(page, "/snapshots");
  const pill = page.locator("header button[data-connection-state]");
  await expect(pill).toContainText("Not connected");
  await expect(pill).toHaveAttribute("data-connection-state", "not_configured");
  await pill.click();
  await expect(toast(page, "Platform connection not configured")).toBeVisible();
  expect(tests).toHaveLength(0);

  // A second project with no target platform yet.
  const site = await request.post("/api/v1/sites", { data: { name: "Bare Site", domain: "bare.example.com" }, headers: project.headers });
  const siteId = ((await site.json()) as { site: { id: string } }).site.id;
  await page.evaluate((id) => localStorage.setItem("selectedSiteId", id), siteId);
  await open(page, "/snapshots");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Bare Site/ })).toBeVisible();
  await expect(pill).toHaveCount(0);
});
