import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, NEWS_MESSAGES } from "../../workers/contracts/admin";
import { auditFor, auditJson, call, expectError, expectValidationError, newAdmin, newUser } from "./helpers";

const slug = (base: string) => `${base}-${crypto.randomUUID().slice(0, 8)}`;

async function create(token: string, body: Record<string, unknown>) {
  return call("POST", "/admin/news", { token, body });
}

describe("admin news editor", () => {
  it("creates a draft that only admins see, publishes it, and audits each write", async () => {
    const admin = await newAdmin();
    const s = slug("launch");
    const md = "# Launch\n\nWe **shipped** <script>kept raw</script>";
    const created = await create(admin.token, { title: "  Launch day ", slug: s, summary: "Short", bodyMarkdown: md });
    expect(created.status).toBe(201);
    const a = created.json.article;
    expect(a).toMatchObject({ title: "Launch day", slug: s, summary: "Short", bodyMarkdown: md, status: "draft", publishedAt: null, authorUserId: admin.id });

    // Drafts stay private.
    expectError(await call("GET", `/news/${s}`), 404, NEWS_MESSAGES.notFound);
    expect((await call("GET", "/news")).json.articles.map((x: { slug: string }) => x.slug)).not.toContain(s);
    expect((await call("GET", `/admin/news/${a.id}`, { token: admin.token })).json.article).toEqual(a);
    expect((await call("GET", "/admin/news", { token: admin.token })).json.articles.map((x: { id: string }) => x.id)).toContain(a.id);

    const published = await call("PUT", `/admin/news/${a.id}`, { token: admin.token, body: { status: "published" } });
    expect(published.status).toBe(200);
    const p = published.json.article;
    expect(p).toMatchObject({ status: "published", title: "Launch day", bodyMarkdown: md });
    expect(Date.parse(p.publishedAt)).toBeGreaterThan(0);
    expect(Date.parse(p.updatedAt)).toBeGreaterThan(Date.parse(a.updatedAt));

    const pub = await call("GET", `/news/${s}`);
    expect(pub.status).toBe(200);
    expect(pub.json.article).toEqual({ id: a.id, title: "Launch day", slug: s, summary: "Short", bodyMarkdown: md, publishedAt: p.publishedAt });

    // Editing a published article keeps its publication date.
    const edited = await call("PUT", `/admin/news/${a.id}`, { token: admin.token, body: { title: "Launch day (updated)" } });
    expect(edited.json.article).toMatchObject({ title: "Launch day (updated)", publishedAt: p.publishedAt, status: "published" });

    const unpublished = await call("PUT", `/admin/news/${a.id}`, { token: admin.token, body: { status: "draft" } });
    expect(unpublished.json.article).toMatchObject({ status: "draft", publishedAt: null });
    expectError(await call("GET", `/news/${s}`), 404);

    const audits = await auditFor(a.id);
    expect(audits.map((r) => r.action)).toEqual(["news.create", "news.update", "news.update", "news.update"]);
    for (const r of audits) expect(r.actor_user_id).toBe(admin.id);
    expect(auditJson(audits[1].before)).toMatchObject({ status: "draft", publishedAt: null });
    expect(auditJson(audits[1].after)).toMatchObject({ status: "published", publishedAt: p.publishedAt, bodyChanged: false });

    const del = await call("DELETE", `/admin/news/${a.id}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ success: true });
    expectError(await call("GET", `/admin/news/${a.id}`, { token: admin.token }), 404, NEWS_MESSAGES.notFound);
    const [delAudit] = await auditFor(a.id, "news.delete");
    expect(auditJson(delAudit.before)).toMatchObject({ slug: s, title: "Launch day (updated)" });
    const row = await env.DB.prepare("SELECT id FROM news_articles WHERE id = ?").bind(a.id).first();
    expect(row).toBeNull();
  });

  it("lists published articles newest first without drafts or bodies", async () => {
    const admin = await newAdmin();
    const older = await create(admin.token, { title: "Older", slug: slug("older"), status: "published" });
    const draft = await create(admin.token, { title: "Draft", slug: slug("draft") });
    const newer = await create(admin.token, { title: "Newer", slug: slug("newer"), status: "published", bodyMarkdown: "body" });
    // Make the order unambiguous.
    await env.DB.prepare("UPDATE news_articles SET published_at = ? WHERE id = ?").bind(Date.now() - 60_000, older.json.article.id).run();

    const res = await call("GET", "/news");
    expect(res.status).toBe(200);
    const ids = res.json.articles.map((x: { id: string }) => x.id);
    expect(ids).not.toContain(draft.json.article.id);
    expect(ids.indexOf(newer.json.article.id)).toBeLessThan(ids.indexOf(older.json.article.id));
    for (const item of res.json.articles) {
      expect(Object.keys(item).sort()).toEqual(["id", "publishedAt", "slug", "summary", "title"]);
    }
    const times = res.json.articles.map((x: { publishedAt: string }) => Date.parse(x.publishedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("validates slugs and fields, and rejects a taken slug with 409", async () => {
    const admin = await newAdmin();
    for (const bad of ["Upper-Case", "with space", "trailing-", "-leading", "double--hyphen", "ümlaut", "under_score", ""]) {
      expectValidationError(await create(admin.token, { title: "T", slug: bad }), "slug");
    }
    expectValidationError(await create(admin.token, { title: "  ", slug: slug("t") }), "title");
    expectValidationError(await create(admin.token, { title: "T", slug: slug("t"), status: "live" }), "status");
    expectValidationError(await create(admin.token, { title: "T", slug: slug("t"), author: "x" }), "");
    expectError(await call("POST", "/admin/news", { token: admin.token, body: "{" }), 400);

    const s = slug("taken");
    const first = await create(admin.token, { title: "First", slug: s });
    expect(first.status).toBe(201);
    const dup = await create(admin.token, { title: "Second", slug: s });
    expectError(dup, 409, NEWS_MESSAGES.slugTaken);
    expect(dup.json.details).toEqual([{ path: "slug", message: NEWS_MESSAGES.slugTaken }]);

    const other = await create(admin.token, { title: "Other", slug: slug("other") });
    expectError(await call("PUT", `/admin/news/${other.json.article.id}`, { token: admin.token, body: { slug: s } }), 409, NEWS_MESSAGES.slugTaken);
    // Saving an article with its own slug is fine.
    expect((await call("PUT", `/admin/news/${first.json.article.id}`, { token: admin.token, body: { slug: s, title: "First!" } })).status).toBe(200);
    expectValidationError(await call("PUT", `/admin/news/${other.json.article.id}`, { token: admin.token, body: { slug: "Bad Slug" } }), "slug");
    expectError(await call("PUT", `/admin/news/${crypto.randomUUID()}`, { token: admin.token, body: { title: "x" } }), 404);
    expectError(await call("DELETE", `/admin/news/${crypto.randomUUID()}`, { token: admin.token }), 404);
  });

  it("lets the unique index settle two simultaneous saves of one slug", async () => {
    const admin = await newAdmin();
    const s = slug("race");
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => create(admin.token, { title: `Racer ${i}`, slug: s })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expectError(r, 409, NEWS_MESSAGES.slugTaken);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM news_articles WHERE slug = ?").bind(s).first<{ n: number }>();
    expect(count?.n).toBe(1);
    // The losing writes left no audit event behind: insert and audit share one batch.
    const audits = await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE action = 'news.create' AND json_extract(after, '$.slug') = ?")
      .bind(s)
      .first<{ n: number }>();
    expect(audits?.n).toBe(1);
  });

  it("answers 401 without a token and 403 for a non-admin on every admin route", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const a = await create(admin.token, { title: "Guarded", slug: slug("guarded") });
    const id = a.json.article.id;
    const routes: [string, string, unknown?][] = [
      ["GET", "/admin/news"],
      ["POST", "/admin/news", { title: "x", slug: slug("x") }],
      ["GET", `/admin/news/${id}`],
      ["PUT", `/admin/news/${id}`, { title: "hacked" }],
      ["DELETE", `/admin/news/${id}`],
    ];
    for (const [method, path, body] of routes) {
      expectError(await call(method, path, { body }), 401);
      expectError(await call(method, path, { token: user.token, body }), 403, ADMIN_MESSAGES.adminRequired);
    }
    expect((await call("GET", `/admin/news/${id}`, { token: admin.token })).json.article.title).toBe("Guarded");
  });
});
