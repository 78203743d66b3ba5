import { useOutletContext } from "@remix-run/react";
import type { OrganizationSummaryDto, UserDto } from "../../workers/contracts/auth";
import type { SiteConfigDto, SiteDto } from "../../workers/contracts/sites";

/** What the dashboard layout hands every screen. */
export interface DashboardContext {
  user: UserDto;
  isImpersonation: boolean;
  organization: OrganizationSummaryDto | null;
  sites: SiteDto[];
  site: SiteDto | null;
  siteConfig: SiteConfigDto | null;
  siteConfigError: string | null;
  reloadSiteConfig: () => void;
}

export const useDashboard = () => useOutletContext<DashboardContext>();
