import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { NewsList } from "~/components/admin/news-list";
import { NEWS_TEXT } from "~/components/admin/news-texts";
import { ErrorState, PageHeader } from "~/components/ui/card";
import { loadAdminNews } from "./_app.admin_.news._index.server";

export const meta: MetaFunction = () => [{ title: "News — Admin — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadAdminNews(request, context));
}

/** /admin/news: every article, drafts included. */
export default function AdminNews() {
  const { articles } = useLoaderData<typeof loader>();
  const { revalidate } = useRevalidator();
  return (
    <>
      <PageHeader
        title={NEWS_TEXT.listTitle}
        description={NEWS_TEXT.listDescription}
        actions={
          <Link to="/admin/news/new" className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {NEWS_TEXT.newArticle}
          </Link>
        }
      />
      <AdminNav />
      {articles.error !== null ? <ErrorState message={NEWS_TEXT.loadFailed} onRetry={revalidate} /> : <NewsList articles={articles.data} />}
    </>
  );
}
