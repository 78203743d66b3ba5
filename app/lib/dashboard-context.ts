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

/** A section of a screen that its loader read on its own: its data, or why it could not be read. */
export type LoadedSection<T> = { data: T; error: null } | { data: null; error: string };
