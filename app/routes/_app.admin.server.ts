import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SystemNotificationDto } from "../../workers/contracts/admin";
import { assertAdminSession } from "../../workers/services/admin";
import { getSystemNotification } from "../../workers/services/system-notification";
import { loadSection, requireDashboardSelection } from "~/lib/dashboard.server";
import type { LoadedSection } from "~/lib/dashboard-context";

/**
 * The admin screen: a global ADMIN in their own session gets the stored system notification (enabled or
 * not, as GET /v1/admin/system-notification answers it, which needs the same session); an admin while
 * impersonating gets only the stop button. Anyone else goes to /snapshots.
 */
export async function loadAdmin(request: Request, context: AppLoadContext): Promise<{ notification: LoadedSection<SystemNotificationDto | null> | null }> {
  const { db, auth, user, isImpersonation } = await requireDashboardSelection(request, context);
  if (user.role !== "ADMIN" && !isImpersonation) throw redirect("/snapshots");
  if (isImpersonation) return { notification: null };
  return {
    notification: await loadSection(async () => {
      assertAdminSession(auth);
      return getSystemNotification(db, { includeDisabled: true });
    }),
  };
}
