import { Link } from "@remix-run/react";
import type { NewsArticleDto } from "../../../workers/contracts/admin";
import { Badge, EmptyState } from "~/components/ui/card";
import { NEWS_TEXT } from "./news-texts";
import { LocalTime } from "~/components/ui/local-time";

/** Every article with its publish state, most recently edited first. */
export function NewsList({ articles }: { articles: NewsArticleDto[] }) {
  if (articles.length === 0) return <EmptyState title={NEWS_TEXT.empty}>{NEWS_TEXT.emptyHint}</EmptyState>;
  return (
    <ul aria-label="Articles" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {articles.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <Link to={`/admin/news/${a.id}`} className="block truncate font-medium hover:underline">
              {a.title}
            </Link>
            <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">/news/{a.slug}</p>
          </div>
          <Badge tone={a.status === "published" ? "green" : "slate"}>{a.status === "published" ? "Published" : "Draft"}</Badge>
          <time dateTime={a.updatedAt} className="w-full text-xs text-slate-500 sm:w-auto dark:text-slate-400">
            Edited <LocalTime iso={a.updatedAt} dateOnly />
          </time>
        </li>
      ))}
    </ul>
  );
}
