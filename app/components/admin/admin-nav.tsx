import { NavLink, useLocation } from "@remix-run/react";

const ITEMS = [
  { to: "/admin", label: "Users", end: true },
  { to: "/admin/notifications", label: "Notifications", end: true },
  { to: "/admin/news", label: "News", end: false },
  { to: "/admin/enquiries", label: "Enquiries", end: true },
  { to: "/admin/outbox", label: "Outbox", end: true },
];

/** Links between the administration screens. */
export function AdminNav() {
  // A user's details belong to the Users tab.
  const onUserDetails = useLocation().pathname.startsWith("/admin/users/");
  return (
    <nav aria-label="Administration" className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
      {ITEMS.map((i) => (
        <NavLink
          key={i.to}
          to={i.to}
          end={i.end}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isActive || (onUserDetails && i.to === "/admin") ? "border-brand-600 text-brand-700 dark:text-white" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"}`
          }
        >
          {i.label}
        </NavLink>
      ))}
    </nav>
  );
}
