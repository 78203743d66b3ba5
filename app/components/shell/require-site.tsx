import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SiteConfigDto, SiteDto } from "../../../workers/contracts/sites";
import { EmptyState, ErrorState } from "~/components/ui/card";
import { LoadingState } from "~/components/ui/spinner";
import { useDashboard } from "~/lib/dashboard-context";
import { MESSAGES } from "~/lib/messages";

/** Renders its children with the selected project, or the right empty/loading/error state. */
export function RequireSite({ children }: { children: (site: SiteDto, config: SiteConfigDto) => ReactNode }) {
  const { site, siteConfig, siteConfigError, reloadSiteConfig } = useDashboard();
  if (!site) {
    return (
      <EmptyState title={MESSAGES.noSiteSelected}>
        <Link className="font-medium text-brand-600 dark:text-brand-300 underline dark:text-brand-100" to="/new-project">Create new project</Link> or pick one in <Link className="underline" to="/start">Projects</Link>.
      </EmptyState>
    );
  }
  if (siteConfigError) return <ErrorState message={siteConfigError} onRetry={reloadSiteConfig} />;
  if (!siteConfig) return <LoadingState label="Loading project…" />;
  return <>{children(site, siteConfig)}</>;
}
