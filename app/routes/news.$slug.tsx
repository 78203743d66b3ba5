import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { MarkdownView } from "~/components/markdown/markdown-view";
import { NEWS_PAGE_TEXT, formatNewsDate } from "~/components/public/news-texts";
import { PublicLayout } from "~/components/public/public-layout";
import { EmptyState } from "~/components/ui/card";
import { newsMeta } from "~/lib/news-meta";
import { loadNewsArticle } from "~/lib/news.server";
import { publicPageHeaders } from "~/lib/public-headers";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data && "article" in data
    ? newsMeta({
        title: data.article.title,
        description: data.article.summary || NEWS_PAGE_TEXT.description,
        url: `${data.origin}/news/${data.article.slug}`,
        type: "article",
        publishedAt: data.article.publishedAt,
      })
    : [{ title: `${NEWS_PAGE_TEXT.notFound} — Migrate` }];

export const headers = publicPageHeaders;

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadNewsArticle(request, context, params.slug ?? "");

/** /news/{slug}: one published article; its Markdown is rendered on the server with raw HTML disabled. */
export default function NewsArticle() {
  const { signedIn, article, html } = useLoaderData<typeof loader>();
  return (
    <PublicLayout signedIn={signedIn}>
      <article className="mx-auto max-w-3xl">
        <Link to="/news" className="text-sm text-slate-600 hover:underline dark:text-slate-400">
          ← {NEWS_PAGE_TEXT.back}
        </Link>
        <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">{article.title}</h1>
        <time dateTime={article.publishedAt} className="mt-2 block text-sm text-slate-500 dark:text-slate-400">
          {formatNewsDate(article.publishedAt)}
        </time>
        {article.summary ? <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{article.summary}</p> : null}
        <MarkdownView html={html} className="mt-6" />
      </article>
    </PublicLayout>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = isRouteErrorResponse(error) ? (error.data as { signedIn?: boolean } | null) : null;
  return (
    <PublicLayout signedIn={data?.signedIn === true}>
      <div className="mx-auto max-w-xl">
        <EmptyState title={NEWS_PAGE_TEXT.notFound}>
          <p>{NEWS_PAGE_TEXT.notFoundHint}</p>
          <Link to="/news" className="mt-3 inline-block font-medium text-brand-600 underline dark:text-brand-100">
            {NEWS_PAGE_TEXT.back}
          </Link>
        </EmptyState>
      </div>
    </PublicLayout>
  );
}
