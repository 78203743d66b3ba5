import { pushAnalytics } from "./analytics";
import { STORAGE_KEYS, writeLocal } from "./storage-keys";

export interface SelectableSite {
  id: string;
  name: string;
  domain: string;
  organizationId: string;
}

/** Selecting a project stores it (and its organization) then does a full page load to /snapshots (spec §4). */
export function selectProject(site: SelectableSite, load: (url: string) => void = (u) => window.location.assign(u)) {
  writeLocal(STORAGE_KEYS.selectedSiteId, site.id);
  writeLocal(STORAGE_KEYS.activeOrganizationId, site.organizationId);
  // Analytics only after cookie consent (spec §3): pushAnalytics drops the event otherwise.
  pushAnalytics({
    event: "site_event",
    action: "select",
    siteId: site.id,
    name: site.name,
    domain: site.domain,
    organizationId: site.organizationId,
    timestamp: new Date().toISOString(),
  });
  load("/snapshots");
}
