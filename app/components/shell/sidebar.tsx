import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SiteDto } from "../../../workers/contracts/sites";
import { clearSession } from "~/lib/session";
import { sidebarItems } from "~/lib/nav";
import { Button } from "~/components/ui/button";
import { ProjectSelector } from "./project-selector";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white" : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"}`;

export interface SidebarProps {
  sites: SiteDto[];
  site: SiteDto | null;
  platform: string | null;
  isAdmin: boolean;
  isImpersonation: boolean;
  onNavigate?: () => void;
  /** Shown between the navigation and the account links (the mobile impersonation control). */
  extra?: ReactNode;
}

/** The dashboard sidebar of spec §2. */
export function Sidebar({ sites, site, platform, isAdmin, isImpersonation, onNavigate, extra }: SidebarProps) {
  const items = sidebarItems(platform, { isAdmin, isImpersonation });
  return (
    <nav aria-label="Main" className="flex h-full flex-col gap-4 p-4">
      <ProjectSelector sites={sites} current={site} />
      <ul className="space-y-1">
        {items.map((i) => (
          <li key={i.to}>
            <NavLink to={i.to} className={linkClass} onClick={onNavigate}>
              {i.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {extra}
      <ul className="mt-auto space-y-1 border-t border-slate-200 pt-4 dark:border-slate-800">
        <li>
          <NavLink to="/start" className={linkClass} onClick={onNavigate}>Projects</NavLink>
        </li>
        <li>
          <NavLink to="/profile" className={linkClass} onClick={onNavigate}>Account</NavLink>
        </li>
        <li>
          <form method="post" action="/logout" onSubmit={() => clearSession()}>
            <Button type="submit" variant="ghost" align="start" className="w-full">
              Logout
            </Button>
          </form>
        </li>
      </ul>
    </nav>
  );
}
