import type { AppLoadContext } from "@remix-run/cloudflare";
import type { OrganizationDetailsDto, OrganizationSummaryDto } from "../../workers/contracts/auth";
import { touchActiveOrganization } from "../../workers/services/auth";
import { getOrganizationDetails, listOrganizations } from "../../workers/services/organizations";
import { loadSection, requireDashboardSelection } from "~/lib/dashboard.server";
import type { LoadedSection } from "~/lib/dashboard-context";

/**
 * The organization screen: the user's organizations (GET /v1/organization) and the active one's members
 * and pending invitations (GET /v1/organization/:id, which needs membership and, like that route, makes
 * it the user's last active organization). Each part keeps its own error state.
 */
export async function loadOrganization(
  request: Request,
  context: AppLoadContext,
): Promise<{ organizations: LoadedSection<OrganizationSummaryDto[]>; details: LoadedSection<OrganizationDetailsDto> | null }> {
  const { db, auth, organization } = await requireDashboardSelection(request, context);
  const [organizations, details] = await Promise.all([
    loadSection(() => listOrganizations(db, auth)),
    organization
      ? loadSection(async () => {
          const details = await getOrganizationDetails(db, auth, organization.id);
          await touchActiveOrganization(db, auth.user.id, details.id);
          return details;
        })
      : null,
  ]);
  return { organizations, details };
}
