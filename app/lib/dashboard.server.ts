import { json, type AppLoadContext } from "@remix-run/cloudflare";
import type { OrgRole, OrganizationSummaryDto, UserDto } from "../../workers/contracts/auth";
import type { SiteDto } from "../../workers/contracts/sites";
import { getDb, type Db } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import { toUserDto, type SessionUser } from "../../workers/services/auth";
import { requireOrganizationAction } from "../../workers/services/organizations";
import { listSites } from "../../workers/services/sites";
import { firstRunnableSiteId } from "../../workers/services/migration";
import { pickActiveOrganization } from "./organization";
import { readCookie, requireSession } from "./session.server";
import type { LoadedSection } from "./dashboard-context";
import { STORAGE_KEYS } from "./storage-keys";

/** Who is signed in, and the organization and project the dashboard shows them. */
export interface DashboardSelection {
  db: Db;
  auth: SessionUser;
  user: UserDto;
  isImpersonation: boolean;
  organization: OrganizationSummaryDto | null;
  role: OrgRole | null;
  sites: SiteDto[];
  site: SiteDto | null;
}

/**
 * The active organization and selected project come from the cookies the browser mirrors its stored
 * choice into (app/lib/storage-keys.ts), with the same fallbacks as the browser (spec §4): the last
 * active organization, then the first. With no project stored, the first one whose configuration can start a
 * migration, else the first: a new member lands where "Start migration" works. Membership is checked against
 * D1 as the API does for every request.
 */
async function resolveSelection(request: Request, context: AppLoadContext): Promise<DashboardSelection> {
  const auth = await requireSession(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const user = await toUserDto(db, auth.user);
  const base = { db, auth, user, isImpersonation: auth.isImpersonation };
  const organization = pickActiveOrganization(user.organizations, readCookie(request, STORAGE_KEYS.activeOrganizationId), user.lastActiveOrganization);
  if (!organization) return { ...base, organization: null, role: null, sites: [], site: null };
  const membership = await requireOrganizationAction(db, auth.user.id, organization.id, "view");
  const sites = await listSites(db, organization.id);
  const stored = readCookie(request, STORAGE_KEYS.selectedSiteId);
  const site = sites.find((s) => s.id === stored) ?? (await firstRunnableSite(db, organization.id, sites)) ?? sites[0] ?? null;
  return { ...base, organization, role: membership.role, sites, site };
}

/** The first of `sites` (in their listed order) a run can start from; none when there is no choice to make. */
async function firstRunnableSite(db: Db, organizationId: string, sites: SiteDto[]): Promise<SiteDto | undefined> {
  if (sites.length < 2) return undefined;
  const id = await firstRunnableSiteId(db, organizationId, sites.map((s) => s.id));
  return sites.find((s) => s.id === id);
}

// The layout's loader and the screen's loader run for the same request: resolve the selection once.
const selections = new WeakMap<Request, Promise<DashboardSelection>>();

/** The signed-in user's dashboard selection; redirects to /login without a session (see requireSession). */
export function requireDashboardSelection(request: Request, context: AppLoadContext): Promise<DashboardSelection> {
  let selection = selections.get(request);
  if (!selection) {
    selection = serviceData(() => resolveSelection(request, context));
    selections.set(request, selection);
  }
  return selection;
}

/**
 * A loader's service call: an `ApiError` becomes a thrown response with its status and the API's error
 * shape, so the route's error boundary shows what the API would have answered.
 */
export async function serviceData<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) throw json({ error: err.message }, { status: err.status, headers: err.headers });
    throw err;
  }
}

/**
 * A section that the screen shows on its own (with its own error state): what the service answered, or
 * the API's error text when it refused.
 */
export async function loadSection<T>(run: () => Promise<T>): Promise<LoadedSection<T>> {
  try {
    return { data: await run(), error: null };
  } catch (err) {
    if (err instanceof ApiError) return { data: null, error: err.message };
    throw err;
  }
}
