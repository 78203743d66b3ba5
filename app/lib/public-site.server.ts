import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { ANONYMOUS_PAGE_CACHE } from "../../workers/lib/page-cache";
import type { CompanyDetails } from "./public-site";

/** The footer's company details from the deployment's configuration (COMPANY_* vars). */
export function companyDetails(context: AppLoadContext): CompanyDetails {
  const env = context.cloudflare.env;
  return {
    name: env.COMPANY_NAME?.trim() ?? "",
    address: env.COMPANY_ADDRESS?.trim() ?? "",
    phone: env.COMPANY_PHONE?.trim() ?? "",
    email: env.COMPANY_EMAIL?.trim() ?? "",
    abn: env.COMPANY_ABN?.trim() ?? "",
    acn: env.COMPANY_ACN?.trim() ?? "",
  };
}

/**
 * A page for an anonymous visitor opts into the edge cache (workers/lib/page-cache.ts) with
 * ANONYMOUS_PAGE_CACHE; a signed-in user's page is never stored anywhere.
 */
export { ANONYMOUS_PAGE_CACHE };
export const PERSONAL_PAGE_CACHE = "private, no-store";

/**
 * The data of a public page and its Cache-Control: cacheable at the edge for visitors, never for a
 * signed-in user (whose header says Go to Snapshots).
 */
export function publicPage<T extends Record<string, unknown>>(signedIn: boolean, data: T) {
  return json({ signedIn, ...data }, { headers: pageCacheHeaders(signedIn) });
}

export const pageCacheHeaders = (signedIn: boolean) => ({ "Cache-Control": signedIn ? PERSONAL_PAGE_CACHE : ANONYMOUS_PAGE_CACHE });
