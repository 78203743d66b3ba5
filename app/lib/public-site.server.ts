import { json, type AppLoadContext } from "@remix-run/cloudflare";
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
 * How long a shared cache (the Workers Cache API in workers/index.ts) may keep an anonymous visitor's
 * page. Browsers revalidate every time (max-age=0), so signing in is never hidden behind a stale page.
 */
export const ANONYMOUS_PAGE_CACHE = "public, max-age=0, s-maxage=300";
export const PERSONAL_PAGE_CACHE = "private, no-store";

/**
 * The data of a public page and its Cache-Control: cacheable at the edge for visitors, never for a
 * signed-in user (whose header says Go to Snapshots).
 */
export function publicPage<T extends Record<string, unknown>>(signedIn: boolean, data: T) {
  return json({ signedIn, ...data }, { headers: { "Cache-Control": signedIn ? PERSONAL_PAGE_CACHE : ANONYMOUS_PAGE_CACHE } });
}
