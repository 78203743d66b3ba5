import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { getNews } from "../../workers/services/news";
import { requireGlobalAdminPage } from "~/lib/admin.server";
import { loadSection } from "~/lib/dashboard.server";

/** The news editor of one article for a global ADMIN in their own session (GET /v1/admin/news/:id). */
export async function loadAdminArticle(request: Request, context: AppLoadContext, id: string) {
  await requireGlobalAdminPage(request, context);
  return { article: await loadSection(() => getNews(getDb(context.cloudflare.env.DB), id)) };
}
