import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { NEWS_PAGE_TEXT, formatNewsDate } from "~/components/public/news-texts";
import { PublicLayout } from "~/components/public/public-layout";
import { EmptyState } from "~/components/ui/card";
import { newsMeta } from "~/lib/news-meta";
import { loadNewsList } from "~/lib/news.server";
import { publicPageHeaders } from "~/lib/public-headers";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  newsMeta({
    title: data && data.page > 1 ? `${NEWS_PAGE_TEXT.title} (page ${data.page})` : NEWS_PAGE_TEXT.title,
    description: NEWS_PAGE_TEXT.description,
    url: `${data?.origin ?? ""}/news${data && data.page > 1 ? `?page=${data.page}` : ""}`,
    type: "website",
  });

export const headers = publicPageHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => loadNewsList(request, context);

/** /news: published articles, newest first. */
export default function News() {
  const { signedIn, articles, page, pages } = useLoaderData<typeof loader>();
  return (
    <PublicLayout signedIn={signedIn}>
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">{NEWS_PAGE_TEXT.title}</h1>
          <a href="/news/rss.xml" className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
            {NEWS_PAGE_TEXT.rss}
          </a>
        </div>
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
        {pages > 1 ? (
          <nav aria-label={NEWS_PAGE_TEXT.pagination} className="mt-8 flex items-center justify-between gap-4 text-sm">
            {page > 1 ? (
              <Link to={page === 2 ? "/news" : `/news?page=${page - 1}`} rel="prev" className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
                ← {NEWS_PAGE_TEXT.newer}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-600 dark:text-slate-400" aria-current="page">
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link to={`/news?page=${page + 1}`} rel="next" className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
                {NEWS_PAGE_TEXT.older} →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </PublicLayout>
  );
}
