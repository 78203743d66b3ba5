import type { AppLoadContext } from "@remix-run/cloudflare";
import { loadAccountSecurity, securityAction } from "~/lib/account-security.server";
import { requireSession } from "~/lib/session.server";

/**
 * The account screen's data beyond the signed-in user (which the dashboard layout reads): the sign-in
 * security of the session's user (MFA, remembered devices, sessions).
 */
export async function loadProfile(request: Request, context: AppLoadContext) {
  const auth = await requireSession(request, context);
  return { security: await loadAccountSecurity(context, auth) };
}

/** The account screen's security forms (see securityAction). */
export async function profileAction(request: Request, context: AppLoadContext) {
  return securityAction(request, context, await requireSession(request, context));
}
