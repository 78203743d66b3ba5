import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { listSitesForUser } from "../../workers/services/sites";
import { loadSection } from "~/lib/dashboard.server";
import { loadMyInvitations } from "~/lib/invitations.server";
import { requireSession, requireUser } from "~/lib/session.server";

/**
 * The Projects screen: the signed-in user, whether invitations wait for them, and every project of
 * every organization they belong to (GET /v1/projects).
 */
export async function loadStart(request: Request, context: AppLoadContext) {
  const current = await requireUser(request, context);
  const auth = await requireSession(request, context);
  const [invitations, sites] = await Promise.all([
    loadMyInvitations(context, auth),
    loadSection(() => listSitesForUser(getDb(context.cloudflare.env.DB), auth.user.id)),
  ]);
  return { ...current, invitations: { emailVerified: invitations.emailVerified, pendingCount: invitations.pendingCount }, sites };
}
