import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { listAllNews } from "../../workers/services/news";
import { requireGlobalAdminPage } from "~/lib/admin.server";
import { loadSection } from "~/lib/dashboard.server";

/** /admin/news for a global ADMIN in their own session: every article, drafts included (GET /v1/admin/news). */
export async function loadAdminNews(request: Request, context: AppLoadContext) {
  await requireGlobalAdminPage(request, context);
  return { articles: await loadSection(() => listAllNews(getDb(context.cloudflare.env.DB))) };
}
