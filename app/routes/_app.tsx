import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import type { SiteConfigDto, SiteDto } from "../../workers/contracts/sites";
import { useApi } from "~/components/app/app-context";
import { MigrationProvider } from "~/components/migration/migration-provider";
import { MobileImpersonation } from "~/components/admin/mobile-impersonation";
import { ConnectionPill } from "~/components/shell/connection-pill";
import { Sidebar } from "~/components/shell/sidebar";
import { TopBar } from "~/components/shell/top-bar";
import { LoadingState } from "~/components/ui/spinner";
import type { DashboardContext } from "~/lib/dashboard-context";
import { MESSAGES } from "~/lib/messages";
import { pickActiveOrganization } from "~/lib/organization";
import { useScrollLock } from "~/lib/scroll-lock";
import { requireUser } from "~/lib/session.server";
import { STORAGE_KEYS, readLocal, writeLocal } from "~/lib/storage-keys";
import { useAsync } from "~/lib/use-async";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await requireUser(request, context));
}

/** The signed-in user does not change while moving between screens; only a form submission re-reads it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

/** The dashboard layout: top bar, sidebar and the selected project's configuration for every screen. */
export default function DashboardLayout() {
  const { user, isImpersonation } = useLoaderData<typeof loader>();
  const api = useApi();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [orgId, setOrgId] = useState<string | null>(null);

  // The active organization lives in browser storage; resolve it after hydration.
  useEffect(() => {
    const org = pickActiveOrganization(user.organizations, readLocal(STORAGE_KEYS.activeOrganizationId), user.lastActiveOrganization);
    writeLocal(STORAGE_KEYS.activeOrganizationId, org?.id ?? null);
    setOrgId(org?.id ?? "");
  }, [user]);

  useEffect(() => setMenuOpen(false), [location.pathname]);
  // The open mobile menu covers the page, which must not scroll underneath it.
  useScrollLock(menuOpen);

  const sitesState = useAsync(async () => (orgId ? (await api.get<{ sites: SiteDto[] }>("/v1/sites")).sites : []), [orgId]);
  const sites = useMemo(() => sitesState.data ?? [], [sitesState.data]);
  const site = useMemo(() => {
    if (sites.length === 0) return null;
    const stored = readLocal(STORAGE_KEYS.selectedSiteId);
    return sites.find((s) => s.id === stored) ?? sites[0];
  }, [sites]);
  useEffect(() => {
    if (site) writeLocal(STORAGE_KEYS.selectedSiteId, site.id);
  }, [site]);

  const configState = useAsync(async () => (site ? api.get<SiteConfigDto>(`/v1/site-config/${site.id}`) : null), [site?.id]);

  const ctx: DashboardContext = {
    user,
    isImpersonation,
    organization: user.organizations.find((o) => o.id === orgId) ?? null,
    sites,
    site,
    siteConfig: configState.data ?? null,
    siteConfigError: configState.error ? MESSAGES.loadSiteConfig : null,
    reloadSiteConfig: () => {
      api.invalidate("/v1/site-config");
      configState.reload();
    },
  };

  const ready = orgId !== null && !sitesState.loading;
  return (
    <div className="min-h-screen pt-[var(--system-notification-height,0px)]">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <TopBar onMenu={() => setMenuOpen((o) => !o)} menuOpen={menuOpen} right={<ConnectionPill site={site} config={ctx.siteConfig} />} />
      <div className="flex">
        <aside
          id="dashboard-sidebar"
          className={`${menuOpen ? "fixed inset-x-0 bottom-0 top-[calc(3.5rem+var(--system-notification-height,0px))] z-30 block overflow-y-auto bg-white dark:bg-slate-950" : "hidden"} w-full shrink-0 border-r border-slate-200 lg:sticky lg:top-[calc(3.5rem+var(--system-notification-height,0px))] lg:block lg:h-[calc(100vh-3.5rem-var(--system-notification-height,0px))] lg:w-64 dark:border-slate-800`}
        >
          <Sidebar
            sites={sites}
            site={site}
            platform={ctx.siteConfig?.platform ?? null}
            isAdmin={user.role === "ADMIN"}
            isImpersonation={isImpersonation}
            onNavigate={() => setMenuOpen(false)}
            extra={<MobileImpersonation isAdmin={user.role === "ADMIN"} isImpersonation={isImpersonation} />}
          />
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-8">
          {ready ? (
            <MigrationProvider siteId={site?.id ?? null}>
              <Outlet context={ctx} />
            </MigrationProvider>
          ) : (
            <LoadingState />
          )}
        </main>
      </div>
    </div>
  );
}
