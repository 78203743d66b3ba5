import { platformMeta } from "../../workers/contracts/platform-meta";

export interface NavItem {
  to: string;
  label: string;
}

function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The sidebar items of spec §2 for a platform and user. */
export function sidebarItems(platform: string | null, opts: { isAdmin: boolean; isImpersonation: boolean }): NavItem[] {
  const meta = platformMeta(platform);
  const componentsLabel = meta?.labels.components ?? "components";
  const items: NavItem[] = [];
  if (meta?.capabilities.entryModeling !== "types-only") items.push({ to: "/templates", label: "Templates" });
  items.push({ to: componentsLabel === "blocks" ? "/blocks" : "/components", label: capitalize(componentsLabel) });
  items.push({ to: "/snapshots", label: "Snapshots" });
  items.push({ to: "/settings", label: "Settings" });
  if (opts.isAdmin || opts.isImpersonation) items.push({ to: "/admin", label: "Admin" });
  items.push({ to: "/help", label: "Help" });
  return items;
}
