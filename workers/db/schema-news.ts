import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./schema";

/** News articles shown at /news; written by global administrators. The body is raw Markdown. */
export const newsArticles = sqliteTable(
  "news_articles",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    summary: text("summary").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    status: text("status", { enum: ["draft", "published"] }).notNull().default("draft"),
    /** Set when the article is published; cleared when it returns to draft. */
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("news_articles_status_published_idx").on(t.status, t.publishedAt)],
);

export type NewsArticle = typeof newsArticles.$inferSelect;
