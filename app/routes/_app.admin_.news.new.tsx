import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { AdminNav } from "~/components/admin/admin-nav";
import { NewsEditor } from "~/components/admin/news-editor";
import { NEWS_TEXT } from "~/components/admin/news-texts";
import { Card, PageHeader } from "~/components/ui/card";
import { requireGlobalAdminPage } from "~/lib/admin.server";

export const meta: MetaFunction = () => [{ title: "New article — Admin — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGlobalAdminPage(request, context);
  return null;
}

export default function NewArticle() {
  return (
    <>
      <PageHeader title={NEWS_TEXT.newTitle} />
      <AdminNav />
      <Card className="max-w-4xl">
        <NewsEditor article={null} />
      </Card>
    </>
  );
}
