import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  NEWS_MESSAGES,
  type NewsArticleDto,
  type PublicNewsArticleDto,
  type PublicNewsSummaryDto,
  type createNewsSchema,
  type updateNewsSchema,
} from "../contracts/admin";
import type { Db } from "../db/client";
import { newsArticles, type NewsArticle } from "../db/schema-news";
import { conflict, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";

/** How many published articles the public list returns. */
export const PUBLIC_NEWS_LIMIT = 100;

function toDto(a: NewsArticle): NewsArticleDto {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    summary: a.summary,
    bodyMarkdown: a.bodyMarkdown,
    status: a.status,
    publishedAt: a.publishedAt ? a.publishedAt.toISOString() : null,
    authorUserId: a.authorUserId,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

function toPublicSummary(a: NewsArticle): PublicNewsSummaryDto {
  return { id: a.id, title: a.title, slug: a.slug, summary: a.summary, publishedAt: (a.publishedAt ?? a.updatedAt).toISOString() };
}

/** What the audit trail keeps of an article: everything but the (possibly long) body. */
function auditView(a: Pick<NewsArticle, "title" | "slug" | "summary" | "status"> & { publishedAt: Date | null }) {
  return { title: a.title, slug: a.slug, summary: a.summary, status: a.status, publishedAt: a.publishedAt?.toISOString() ?? null };
}

/** Published articles, newest first (public). */
export async function listPublishedNews(db: Db): Promise<PublicNewsSummaryDto[]> {
  const rows = await db
    .select()
    .from(newsArticles)
    .where(eq(newsArticles.status, "published"))
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.createdAt))
    .limit(PUBLIC_NEWS_LIMIT);
  return rows.map(toPublicSummary);
}

/** One published article by slug (public); drafts answer as missing. */
export async function getPublishedNews(db: Db, slug: string): Promise<PublicNewsArticleDto> {
  const a = await db.query.newsArticles.findFirst({ where: and(eq(newsArticles.slug, slug), eq(newsArticles.status, "published")) });
  if (!a) throw notFound(NEWS_MESSAGES.notFound);
  return { ...toPublicSummary(a), bodyMarkdown: a.bodyMarkdown };
}

/** Every article with drafts, most recently edited first (admin). */
export async function listAllNews(db: Db): Promise<NewsArticleDto[]> {
  const rows = await db.select().from(newsArticles).orderBy(desc(newsArticles.updatedAt));
  return rows.map(toDto);
}

async function requireArticle(db: Db, id: string): Promise<NewsArticle> {
  const a = await db.query.newsArticles.findFirst({ where: eq(newsArticles.id, id) });
  if (!a) throw notFound(NEWS_MESSAGES.notFound);
  return a;
}

/** One article with its draft state (admin). */
export async function getNews(db: Db, id: string): Promise<NewsArticleDto> {
  return toDto(await requireArticle(db, id));
}

const slugTaken = () => conflict(NEWS_MESSAGES.slugTaken, [{ path: "slug", message: NEWS_MESSAGES.slugTaken }]);

/** The messages of an error and its causes (drizzle wraps the D1 error). */
function errorMessages(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(" | ");
}

/**
 * Slugs are unique by index, not by a read-then-write check, so two editors saving the same slug at
 * once cannot both win: the loser's write fails and becomes a 409.
 */
async function withSlugConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (/UNIQUE constraint failed: news_articles\.slug/.test(errorMessages(err))) throw slugTaken();
    throw err;
  }
}

/** Creates an article (global ADMIN). Publishing sets `publishedAt`. */
export async function createNews(db: Db, auth: SessionUser, input: z.infer<typeof createNewsSchema>): Promise<NewsArticleDto> {
  const now = new Date();
  const row = {
    id: newId(),
    title: input.title,
    slug: input.slug,
    summary: input.summary,
    bodyMarkdown: input.bodyMarkdown,
    status: input.status,
    publishedAt: input.status === "published" ? now : null,
    authorUserId: auth.user.id,
    createdAt: now,
    updatedAt: now,
  };
  await withSlugConflict(() =>
    db.batch([
      db.insert(newsArticles).values(row),
      auditStatement(db, auth.actor, { action: "news.create", entityType: "news-article", entityId: row.id, after: auditView(row) }),
    ]),
  );
  return getNews(db, row.id);
}

/**
 * Updates an article (global ADMIN). Publishing a draft stamps `publishedAt`; an article that stays
 * published keeps its date; returning to draft clears it.
 */
export async function updateNews(db: Db, auth: SessionUser, id: string, input: z.infer<typeof updateNewsSchema>): Promise<NewsArticleDto> {
  const before = await requireArticle(db, id);
  const status = input.status ?? before.status;
  const now = new Date();
  const publishedAt = status === "draft" ? null : (before.publishedAt ?? now);
  const patch = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.summary !== undefined ? { summary: input.summary } : {}),
    ...(input.bodyMarkdown !== undefined ? { bodyMarkdown: input.bodyMarkdown } : {}),
    status,
    publishedAt,
    updatedAt: new Date(Math.max(now.getTime(), before.updatedAt.getTime() + 1)),
  };
  const after = { ...before, ...patch };
  await withSlugConflict(() =>
    db.batch([
      db.update(newsArticles).set(patch).where(eq(newsArticles.id, id)),
      auditStatement(db, auth.actor, {
        action: "news.update",
        entityType: "news-article",
        entityId: id,
        before: auditView(before),
        after: { ...auditView(after), bodyChanged: after.bodyMarkdown !== before.bodyMarkdown },
      }),
    ]),
  );
  return getNews(db, id);
}

/** Deletes an article (global ADMIN). */
export async function deleteNews(db: Db, auth: SessionUser, id: string): Promise<void> {
  const before = await requireArticle(db, id);
  await db.batch([
    db.delete(newsArticles).where(eq(newsArticles.id, id)),
    auditStatement(db, auth.actor, { action: "news.delete", entityType: "news-article", entityId: id, before: auditView(before) }),
  ]);
}
