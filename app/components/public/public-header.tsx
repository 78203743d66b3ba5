import { Link, NavLink } from "@remix-run/react";
import { PUBLIC_NAV, PUBLIC_TEXT } from "~/lib/public-site";

/** The public navigation (spec §2): Docs, Partners, Contact, News, and Sign in or Go to Snapshots. */
export function PublicHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4">
        <Link to="/" className="text-xl font-bold tracking-tight text-brand-600 dark:text-brand-100">
          Migrate
        </Link>
        <nav aria-label="Public" className="order-3 flex w-full flex-wrap items-center gap-x-5 gap-y-1 text-sm sm:order-none sm:w-auto">
          {PUBLIC_NAV.map((i) => (
            <NavLink
              key={i.to}
              to={i.to}
              className={({ isActive }) => `py-1 font-medium ${isActive ? "text-brand-700 dark:text-white" : "text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white"}`}
            >
              {i.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto">
          {signedIn ? (
            <a href="/snapshots" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
              {PUBLIC_TEXT.goToSnapshots}
            </a>
          ) : (
            <Link to="/login" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
              {PUBLIC_TEXT.signIn}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
