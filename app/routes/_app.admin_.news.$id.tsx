import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import type { NewsArticleDto } from "../../workers/contracts/admin";
import { AdminNav } from "~/components/admin/admin-nav";
import { NewsEditor } from "~/components/admin/news-editor";
import { NEWS_TEXT } from "~/components/admin/news-texts";
import { useApi } from "~/components/app/app-context";
import { Card, ErrorState, PageHeader } from "~/components/ui/card";
import { LoadingState } from "~/components/ui/spinner";
import { requireGlobalAdminPage } from "~/lib/admin.server";
import { ApiRequestError } from "~/lib/api-client";
import { useAsync } from "~/lib/use-async";

export const meta: MetaFunction = () => [{ title: "Edit article — Admin — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGlobalAdminPage(request, context);
  return null;
}

export default function EditArticle() {
  const { id = "" } = useParams();
  const api = useApi();
  const article = useAsync(() => api.get<{ article: NewsArticleDto }>(`/v1/admin/news/${encodeURIComponent(id)}`, { fresh: true }), [id]);
  return (
    <>
      <PageHeader title={NEWS_TEXT.editTitle} description={article.data?.article.title} />
      <AdminNav />
      <Card className="max-w-4xl">
        {article.loading ? (
          <LoadingState label="Loading article…" />
        ) : article.error ? (
          <ErrorState message={article.error instanceof ApiRequestError ? article.error.error : NEWS_TEXT.loadFailed} onRetry={article.reload} />
        ) : article.data ? (
          <NewsEditor key={article.data.article.id} article={article.data.article} />
        ) : null}
      </Card>
    </>
  );
}
