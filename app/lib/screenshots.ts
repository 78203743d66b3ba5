import { STORAGE_KEYS, readLocal } from "./storage-keys";

/**
 * An image URL for a screenshot API path: images cannot send headers, so the organization rides in the
 * query. Screens rendered on the server pass the organization they show; without it, the stored one.
 */
export function screenshotSrc(path: string, organizationId: string | null = readLocal(STORAGE_KEYS.activeOrganizationId)): string {
  return organizationId ? `${path}${path.includes("?") ? "&" : "?"}org=${encodeURIComponent(organizationId)}` : path;
}
