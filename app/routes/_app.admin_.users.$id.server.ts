import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { getUserDetails } from "../../workers/services/admin";
import { requireGlobalAdminPage } from "~/lib/admin.server";
import { loadSection } from "~/lib/dashboard.server";

/**
 * One user's organizations, sessions and recent audit events for a global ADMIN in their own session,
 * as GET /v1/admin/users/:id answers them.
 */
export async function loadAdminUser(request: Request, context: AppLoadContext, id: string) {
  await requireGlobalAdminPage(request, context);
  return { details: await loadSection(() => getUserDetails(getDb(context.cloudflare.env.DB), id)) };
}
