import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PUBLIC_FORM_MESSAGES } from "../workers/contracts/public-forms";
import { getDb } from "../workers/db/client";
import { listPublicSubmissions, submitContactMessage } from "../workers/services/public-forms";
import { RATE_LIMITS, RATE_LIMIT_MESSAGE, RequestLimits } from "../workers/services/rate-limits";
import { decode } from "turbo-stream";
import { newAdmin } from "./api/helpers";
import { TEST_ORIGIN, call, fetchWorker } from "./helpers";

/*
 * The public site's forms through the Worker (Remix actions: the same requests the pages send), the
 * honeypot and the rate limit, the admin listing, and the anonymous pages' caching headers.
 */

function randomAddress(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Sends a form as the page's fetcher does (Remix single fetch: `<path>.data`) and decodes the action's answer. */
async function post(path: string, _route: string, fields: Record<string, string>, address = randomAddress()) {
  const res = await fetchWorker(`${path}.data`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, "X-Forwarded-Host": new URL(TEST_ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
    body: new URLSearchParams(fields).toString(),
  });
  const decoded = (await decode(res.body!)) as { value: { data: Record<string, any>; status?: number }; done: Promise<void> };
  await decoded.done;
  return { status: decoded.value.status ?? res.status, json: decoded.value.data, headers: res.headers };
}

const demo = { name: "Ada Lovelace", email: "Ada@Example.com", company: "Analytical Engines", role: "CTO", sourcePlatform: "Drupal", targetPlatform: "Magnolia", siteSize: "100 to 1,000 pages", message: "Our intranet." };
const contact = { name: "Grace Hopper", email: "grace@example.com", company: "", topic: "Sales", message: "How do licences work for agencies?" };

async function countRows(table: "demo_requests" | "contact_messages", email: string) {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE email = ?`).bind(email).first<{ n: number }>();
  return row?.n ?? 0;
}

describe("demo request form", () => {
  it("stores a valid request from /book-demo and /request-demo with its path, and confirms", async () => {
    const email = `ada-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const a = await post("/book-demo", "routes/book-demo", { ...demo, email });
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ ok: true, message: PUBLIC_FORM_MESSAGES.demoReceived });
    const b = await post("/request-demo", "routes/request-demo", { ...demo, email: email.toUpperCase() });
    expect(b.status).toBe(200);
    const rows = await env.DB.prepare("SELECT path, company, source_platform FROM demo_requests WHERE email = ? ORDER BY path").bind(email).all();
    expect(rows.results).toEqual([
      { path: "/book-demo", company: "Analytical Engines", source_platform: "Drupal" },
      { path: "/request-demo", company: "Analytical Engines", source_platform: "Drupal" },
    ]);
  });

  it("answers invalid input with 400 in the error shape, a message per field, and stores nothing", async () => {
    const res = await post("/request-demo", "routes/request-demo", { ...demo, name: " ", email: "not-an-email", company: "", sourcePlatform: "Geocities" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      ok: false,
      error: PUBLIC_FORM_MESSAGES.invalid,
      details: { fields: { name: PUBLIC_FORM_MESSAGES.nameRequired, email: PUBLIC_FORM_MESSAGES.emailInvalid, company: PUBLIC_FORM_MESSAGES.companyRequired, sourcePlatform: PUBLIC_FORM_MESSAGES.pickOne } },
    });
    expect(await countRows("demo_requests", "not-an-email")).toBe(0);
  });

  it("confirms a filled honeypot like a stored request but stores nothing", async () => {
    const email = `bot-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await post("/request-demo", "routes/request-demo", { ...demo, email, website: "http://spam.example" });
    expect(res.json).toEqual({ ok: true, message: PUBLIC_FORM_MESSAGES.demoReceived });
    expect(await countRows("demo_requests", email)).toBe(0);
  });
});

describe("contact form", () => {
  it("stores a valid message and refuses a short one", async () => {
    const email = `grace-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ok = await post("/contact", "routes/contact", { ...contact, email });
    expect(ok.json).toEqual({ ok: true, message: PUBLIC_FORM_MESSAGES.contactReceived });
    expect(await countRows("contact_messages", email)).toBe(1);
    const bad = await post("/contact", "routes/contact", { ...contact, email, topic: "", message: "hi" });
    expect(bad.status).toBe(400);
    expect(bad.json.details.fields).toEqual({ topic: PUBLIC_FORM_MESSAGES.pickOne, message: PUBLIC_FORM_MESSAGES.messageTooShort });
    expect(await countRows("contact_messages", email)).toBe(1);
  });

  it("refuses an address over the limit with 429 and Retry-After (strict limits, as in production)", async () => {
    const strict = new RequestLimits({ ...env, RATE_LIMIT_MULTIPLIER: undefined }, randomAddress());
    const db = getDb(env.DB);
    const { limit } = RATE_LIMITS.contactMessageAddress;
    const email = `limit-${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < limit; i++) await submitContactMessage(db, strict, { ...contact, email, topic: "Sales" }, { honeypot: "" });
    await expect(submitContactMessage(db, strict, { ...contact, email, topic: "Sales" }, { honeypot: "" })).rejects.toMatchObject({ status: 429, message: RATE_LIMIT_MESSAGE });
    expect(await countRows("contact_messages", email)).toBe(limit);
    const listed = await listPublicSubmissions(db);
    expect(listed.contactMessages.filter((m) => m.email === email)).toHaveLength(limit);
  });
});

describe("public pages", () => {
  it("serve visitors with a shared-cache Cache-Control and redirect unknown paths to /", async () => {
    for (const path of ["/", "/request-demo", "/book-demo", "/contact", "/training", "/partners", "/privacy", "/terms", "/news", "/docs", "/docs/platforms/wordpress", "/help"]) {
      const res = await fetchWorker(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("public, max-age=0, s-maxage=300");
      await res.arrayBuffer();
    }
    const unknown = await fetchWorker("/no-such-page/at-all");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/");
  });

  it("keep the enquiries away from anyone but a global admin", async () => {
    const res = await fetchWorker("/admin/enquiries");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("edge cache of anonymous pages", () => {
  const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];

  it("answers the second visit from the cache with a fresh nonce on every inline script, and never caches a signed-in visit", async () => {
    const path = `/partners?visit=${crypto.randomUUID()}`;
    const first = await fetchWorker(path);
    const firstHtml = await first.text();
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    // The store happens after the answer (waitUntil): wait until the copy is there.
    let second: Response | null = null;
    for (let i = 0; i < 50 && second?.headers.get("X-Page-Cache") !== "HIT"; i++) {
      if (second) await second.arrayBuffer();
      await new Promise((r) => setTimeout(r, 20));
      second = await fetchWorker(path);
    }
    expect(second!.headers.get("X-Page-Cache")).toBe("HIT");
    expect(second!.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
    const html = await second!.text();
    const [n1, n2] = [nonceOf(first), nonceOf(second!)];
    expect(n1 && n2 && n1 !== n2).toBe(true);
    const nonces = [...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([n2]));
    expect(html.replaceAll(n2!, "N")).toBe(firstHtml.replaceAll(n1!, "N"));

    const signedIn = await fetchWorker(path, { headers: { Cookie: "cm_session=not-a-real-session" } });
    expect(signedIn.headers.get("X-Page-Cache")).toBeNull();
    await signedIn.arrayBuffer();
  });
});

describe("docs search and the news feed", () => {
  it("finds a platform's set-up by its words, and only among the topics a visitor may read", async () => {
    const res = await fetchWorker("/docs?q=application%20password");
    const html = await res.text();
    expect(html).toContain('href="/docs/platforms/wordpress"');
    const app = await (await fetchWorker("/docs?q=confidence")).text();
    expect(app).not.toContain('href="/docs/review/');
    const none = await (await fetchWorker("/docs?q=zzzqqq")).text();
    expect(none).toContain("No topic matches your search");
  });

  it("serves RSS 2.0 of the published articles that parses back, newest first, without drafts", async () => {
    const now = Date.now();
    const rows = [
      ["a", "Older & wiser <news>", "published", now - 2000],
      ["b", "Newest article", "published", now - 1000],
      ["c", "A draft", "draft", null],
    ] as const;
    for (const [slug, title, status, at] of rows) {
      await env.DB.prepare("INSERT INTO news_articles (id, title, slug, summary, body_markdown, status, published_at, updated_at) VALUES (?, ?, ?, 'Sum', 'Body', ?, ?, ?)")
        .bind(crypto.randomUUID(), title, `feed-${slug}-${now}`, status, at, now)
        .run();
    }
    const res = await fetchWorker("/news/rss.xml");
    expect(res.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const { XMLParser } = await import("fast-xml-parser");
    const doc = new XMLParser({ ignoreAttributes: false }).parse(await res.text());
    expect(doc.rss["@_version"]).toBe("2.0");
    const items = [doc.rss.channel.item].flat().filter((i: { link: string }) => i.link.includes(`-${now}`));
    expect(items.map((i: { title: string }) => i.title)).toEqual(["Newest article", "Older & wiser <news>"]);
    expect(items[0].link).toBe(`${TEST_ORIGIN}/news/feed-b-${now}`);
  });
});

describe("news in the edge cache", () => {
  async function cachedNews(path: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const res = await fetchWorker(path);
      const html = await res.text();
      if (res.headers.get("X-Page-Cache") === "HIT") return html;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${path} never came from the cache`);
  }

  it("drops the cached list, feed and article when an administrator publishes or edits an article", async () => {
    const admin = await newAdmin();
    await cachedNews("/news");
    await cachedNews("/news/rss.xml");
    const slug = `fresh-${crypto.randomUUID().slice(0, 8)}`;
    const created = await call("POST", "/admin/news", { token: admin.token, body: { title: "Fresh off the press", slug, summary: "New", bodyMarkdown: "Text", status: "published" } });
    expect(created.status).toBe(201);
    await new Promise((r) => setTimeout(r, 50));
    const list = await fetchWorker("/news");
    expect(list.headers.get("X-Page-Cache")).toBe("MISS");
    expect(await list.text()).toContain("Fresh off the press");
    expect(await (await fetchWorker("/news/rss.xml")).text()).toContain("Fresh off the press");
    expect(await cachedNews(`/news/${slug}`)).toContain("Fresh off the press");
    const edited = await call("PUT", `/admin/news/${created.json.article.id}`, { token: admin.token, body: { title: "Edited title" } });
    expect(edited.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(await (await fetchWorker(`/news/${slug}`)).text()).toContain("Edited title");
  });
});
