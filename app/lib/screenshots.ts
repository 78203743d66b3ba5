import { STORAGE_KEYS, readLocal } from "./storage-keys";

/** An image URL for a screenshot API path: images cannot send headers, so the organization rides in the query. */
export function screenshotSrc(path: string): string {
  const org = readLocal(STORAGE_KEYS.activeOrganizationId);
  return org ? `${path}${path.includes("?") ? "&" : "?"}org=${encodeURIComponent(org)}` : path;
}
