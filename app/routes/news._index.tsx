import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { NEWS_PAGE_TEXT, formatNewsDate } from "~/components/public/news-texts";
import { PublicLayout } from "~/components/public/public-layout";
import { EmptyState } from "~/components/ui/card";
import { loadNewsList } from "~/lib/news.server";

export const meta: MetaFunction = () => [{ title: "News — Migrate" }, { name: "description", content: NEWS_PAGE_TEXT.description }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadNewsList(request, context);

/** /news: published articles, newest first. */
export default function News() {
  const { signedIn, articles } = useLoaderData<typeof loader>();
  return (
    <PublicLayout signedIn={signedIn}>
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight">{NEWS_PAGE_TEXT.title}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{NEWS_PAGE_TEXT.description}</p>
        {articles.length === 0 ? (
          <div className="mt-8">
            <EmptyState title={NEWS_PAGE_TEXT.empty}>{NEWS_PAGE_TEXT.emptyHint}</EmptyState>
          </div>
        ) : (
          <ul className="mt-8 space-y-4">
            {articles.map((a) => (
              <li key={a.id}>
                <article className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
                  <time dateTime={a.publishedAt} className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
                    {formatNewsDate(a.publishedAt)}
                  </time>
                  <h2 className="mt-1 text-xl font-semibold">
                    <Link to={`/news/${a.slug}`} className="hover:underline">
                      {a.title}
                    </Link>
                  </h2>
                  {a.summary ? <p className="mt-2 text-slate-700 dark:text-slate-300">{a.summary}</p> : null}
                  <Link to={`/news/${a.slug}`} className="mt-3 inline-block text-sm font-medium text-brand-600 underline dark:text-brand-100" aria-label={`${NEWS_PAGE_TEXT.readMore}: ${a.title}`}>
                    {NEWS_PAGE_TEXT.readMore}
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PublicLayout>
  );
}
