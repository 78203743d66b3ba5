import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SiteConfigDto } from "../../workers/contracts/sites";
import { ApiError } from "../../workers/lib/errors";
import { getSiteConfig } from "../../workers/services/site-config";
import { requireDashboardSelection } from "~/lib/dashboard.server";

/**
 * The dashboard layout's data: the signed-in user, the active organization, its projects, the selected
 * project and its configuration (GET /v1/sites and /v1/site-config/:siteId, with the API's checks).
 * A configuration that cannot be read leaves the screens with their error state, not the whole page.
 */
export async function loadDashboard(request: Request, context: AppLoadContext) {
  const { db, user, isImpersonation, organization, sites, site } = await requireDashboardSelection(request, context);
  let siteConfig: SiteConfigDto | null = null;
  let siteConfigFailed = false;
  if (organization && site) {
    try {
      siteConfig = await getSiteConfig(db, organization.id, site.id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      siteConfigFailed = true;
    }
  }
  return { user, isImpersonation, organizationId: organization?.id ?? null, sites, site, siteConfig, siteConfigFailed };
}
