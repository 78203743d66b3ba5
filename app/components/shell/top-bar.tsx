import { IconButton } from "~/components/ui/button";
import { NavLink, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

const tabClass = (isActive: boolean) =>
  `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"}`;

/** The top bar: Migrate and Enrich tabs, the mobile menu button and the connection pill. */
export function TopBar({ onMenu, menuOpen, right }: { onMenu: () => void; menuOpen: boolean; right?: ReactNode }) {
  const inEnrich = useLocation().pathname.startsWith("/enrich");
  return (
    <header className="sticky top-[var(--system-notification-height,0px)] z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <IconButton label={menuOpen ? "Close menu" : "Open menu"} onClick={onMenu} aria-expanded={menuOpen} aria-controls="dashboard-sidebar" className="p-2 lg:hidden">
        ☰
      </IconButton>
      <a href="/snapshots" className="font-bold tracking-tight text-brand-600 dark:text-brand-100">Migrate</a>
      <nav aria-label="Areas" className="flex gap-1">
        <NavLink to="/snapshots" className={tabClass(!inEnrich)} aria-current={!inEnrich ? "page" : undefined}>
          Migrate
        </NavLink>
        <NavLink to="/enrich" className={tabClass(inEnrich)} aria-current={inEnrich ? "page" : undefined}>
          Enrich
        </NavLink>
      </nav>
      <div className="ml-auto flex items-center gap-2">{right}</div>
    </header>
  );
}
