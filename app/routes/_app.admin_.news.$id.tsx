import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { NewsEditor } from "~/components/admin/news-editor";
import { NEWS_TEXT } from "~/components/admin/news-texts";
import { Card, ErrorState, PageHeader } from "~/components/ui/card";
import { loadAdminArticle } from "./_app.admin_.news.$id.server";

export const meta: MetaFunction = () => [{ title: "Edit article — Admin — Migrate" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json(await loadAdminArticle(request, context, params.id ?? ""));
}

export default function EditArticle() {
  const { article } = useLoaderData<typeof loader>();
  const { revalidate } = useRevalidator();
  return (
    <>
      <PageHeader title={NEWS_TEXT.editTitle} description={article.data?.title} />
      <AdminNav />
      <Card className="max-w-4xl">
        {article.error !== null ? <ErrorState message={article.error} onRetry={revalidate} /> : <NewsEditor key={article.data.id} article={article.data} />}
      </Card>
    </>
  );
}
