import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useLocation, useRevalidator, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useApi } from "~/components/app/app-context";
import { MigrationProvider } from "~/components/migration/migration-provider";
import { MobileImpersonation } from "~/components/admin/mobile-impersonation";
import { ConnectionPill } from "~/components/shell/connection-pill";
import { Sidebar } from "~/components/shell/sidebar";
import { TopBar } from "~/components/shell/top-bar";
import type { DashboardContext } from "~/lib/dashboard-context";
import { MESSAGES } from "~/lib/messages";
import { useScrollLock } from "~/lib/scroll-lock";
import { STORAGE_KEYS, readLocal, writeLocal } from "~/lib/storage-keys";
import { loadDashboard } from "./_app.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadDashboard(request, context));
}

/**
 * The signed-in user and the selection do not change while moving between screens (choosing another
 * organization or project loads the page anew): only a form submission or an explicit revalidation
 * (same URL) re-reads them.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;

/**
 * Keeps the browser's stored choice and the server's in step. The stored choice wins once (spec §4: the
 * stored selectedSiteId is restored), e.g. when it was stored before the cookies mirrored it: the cookies
 * take it and the data is read again. After that the server's answer, which falls back when the stored
 * choice no longer exists, is stored.
 */
function useStoredSelection(answer: { organizationId: string | null; site: { id: string } | null }, revalidate: () => void) {
  const restored = useRef(false);
  useEffect(() => {
    const keys = [
      [STORAGE_KEYS.activeOrganizationId, answer.organizationId],
      [STORAGE_KEYS.selectedSiteId, answer.site?.id ?? null],
    ] as const;
    if (!restored.current) {
      restored.current = true;
      const differs = keys.filter(([key, shown]) => {
        const stored = readLocal(key);
        return stored !== null && stored !== shown;
      });
      if (differs.length > 0) {
        for (const [key] of keys) writeLocal(key, readLocal(key));
        revalidate();
        return;
      }
    }
    for (const [key, shown] of keys) writeLocal(key, shown);
    // Every answer of the loader is checked: a revalidation returns a new one even when nothing changed.
  }, [answer, revalidate]);
}

/** The dashboard layout: top bar, sidebar and the selected project's configuration for every screen. */
export default function DashboardLayout() {
  const data = useLoaderData<typeof loader>();
  const { user, isImpersonation, sites, site, siteConfig } = data;
  const api = useApi();
  const { revalidate } = useRevalidator();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useStoredSelection(data, revalidate);

  useEffect(() => setMenuOpen(false), [location.pathname]);
  // The open mobile menu covers the page, which must not scroll underneath it.
  useScrollLock(menuOpen);

  const ctx: DashboardContext = {
    user,
    isImpersonation,
    organization: user.organizations.find((o) => o.id === data.organizationId) ?? null,
    sites,
    site,
    siteConfig,
    siteConfigError: data.siteConfigFailed ? MESSAGES.loadSiteConfig : null,
    reloadSiteConfig: () => {
      api.invalidate("/v1/site-config");
      revalidate();
    },
  };

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
          <MigrationProvider siteId={site?.id ?? null}>
            <Outlet context={ctx} />
          </MigrationProvider>
        </main>
      </div>
    </div>
  );
}
