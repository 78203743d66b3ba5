import type { AppLoadContext } from "@remix-run/cloudflare";
import { getAutoPopulateState } from "../../workers/services/auto-populate";
import { loadSection, requireDashboardSelection } from "~/lib/dashboard.server";
import { loadDefinitions } from "~/lib/definitions.server";

/**
 * The Components (Blocks, Content types) screen: the selected project's components (GET
 * /v1/sites/:siteId/components) and its auto-populate state (GET /v1/sites/:siteId/auto-populate), which
 * the browser then polls while a job runs.
 */
export async function loadComponents(request: Request, context: AppLoadContext) {
  const { db, organization, site } = await requireDashboardSelection(request, context);
  const [{ definitions }, autoPopulate] = await Promise.all([
    loadDefinitions(request, context, "components"),
    organization && site ? loadSection(() => getAutoPopulateState(db, organization.id, site.id)) : null,
  ]);
  return { definitions, autoPopulate };
}
