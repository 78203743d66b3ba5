import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { requireUser, type CurrentUser } from "./session.server";

/**
 * The page-side gate of the administration screens: only a global ADMIN in their own session. An
 * impersonating admin is sent to /admin, where the stop button is; anyone else to /snapshots.
 * The API enforces the same rule on every call.
 */
export async function requireGlobalAdminPage(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const current = await requireUser(request, context);
  if (current.isImpersonation) throw redirect("/admin");
  if (current.user.role !== "ADMIN") throw redirect("/snapshots");
  return current;
}
