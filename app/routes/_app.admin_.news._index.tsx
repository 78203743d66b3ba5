import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { NewsArticleDto } from "../../workers/contracts/admin";
import { AdminNav } from "~/components/admin/admin-nav";
import { NewsList } from "~/components/admin/news-list";
import { NEWS_TEXT } from "~/components/admin/news-texts";
import { useApi } from "~/components/app/app-context";
import { ErrorState, PageHeader } from "~/components/ui/card";
import { LoadingState } from "~/components/ui/spinner";
import { requireGlobalAdminPage } from "~/lib/admin.server";
import { useAsync } from "~/lib/use-async";

export const meta: MetaFunction = () => [{ title: "News — Admin — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGlobalAdminPage(request, context);
  return null;
}

/** /admin/news: every article, drafts included. */
export default function AdminNews() {
  const api = useApi();
  const list = useAsync(() => api.get<{ articles: NewsArticleDto[] }>("/v1/admin/news", { fresh: true }), []);
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
      {list.loading ? <LoadingState label="Loading articles…" /> : list.error ? <ErrorState message={NEWS_TEXT.loadFailed} onRetry={list.reload} /> : <NewsList articles={list.data?.articles ?? []} />}
    </>
  );
}
