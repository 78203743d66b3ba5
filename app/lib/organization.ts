import type { OrganizationSummaryDto } from "../../workers/contracts/auth";

/** The active organization: the stored choice, else the last active one, else the first (spec §4). */
export function pickActiveOrganization(
  organizations: OrganizationSummaryDto[],
  storedId: string | null,
  lastActive: OrganizationSummaryDto | null,
): OrganizationSummaryDto | null {
  return (
    organizations.find((o) => o.id === storedId) ??
    organizations.find((o) => o.id === lastActive?.id) ??
    organizations[0] ??
    null
  );
}

/** Project filter: by site name or organization name, case-insensitive (spec §5). */
export function filterSites<T extends { name: string; organization: { name: string } }>(sites: T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return sites;
  return sites.filter((s) => s.name.toLowerCase().includes(q) || s.organization.name.toLowerCase().includes(q));
}
