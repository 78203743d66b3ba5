import type { OrgAction } from "../contracts/permissions";

/**
 * Who may call a route of /api/v1:
 * - public: anyone, signed in or not;
 * - authenticated: any signed-in user (the service may still refuse, e.g. impersonation is for global ADMINs);
 * - globalAdmin: a global ADMIN from their own session (never an impersonation session);
 * - organization: a member of the request's organization whose role allows `action`
 *   (workers/contracts/permissions.ts). The organization is `X-Organization-Id` (or `?org=` on a GET,
 *   for <img>), or the path parameter `organizationParam` when the path names it.
 */
export type AccessRule =
  | { access: "public" }
  | { access: "authenticated" }
  | { access: "globalAdmin" }
  | { access: "organization"; action: OrgAction; organizationParam?: string };

const PUBLIC: AccessRule = { access: "public" };
const SIGNED_IN: AccessRule = { access: "authenticated" };
const GLOBAL_ADMIN: AccessRule = { access: "globalAdmin" };
const org = (action: OrgAction): AccessRule => ({ access: "organization", action });
/** Routes under /organization/:id name their organization in the path. */
const orgInPath = (action: OrgAction): AccessRule => ({ access: "organization", action, organizationParam: "id" });

/** The base path of the API; the table's keys are relative to it. */
export const API_BASE = "/api/v1";

/**
 * The rule of every route, keyed `METHOD /path` as the route is registered under API_BASE. A route
 * without a rule answers 500 (the access middleware fails closed) and fails test/api/access-rules.test.ts.
 */
export const ACCESS_RULES: Readonly<Record<string, AccessRule>> = {
  // routes/auth.ts
  "POST /auth/signup": PUBLIC,
  "POST /auth/login": PUBLIC,
  "POST /auth/logout": SIGNED_IN,
  "GET /auth/me": SIGNED_IN,
  "PUT /users/theme-preference": SIGNED_IN,
  // The token of the verification mail is the proof: whoever's browser opens the link.
  "POST /auth/verify-email": PUBLIC,
  "POST /auth/verify-email/resend": SIGNED_IN,
  // Account security. The MFA challenge id and the reset token are the proofs of the public ones.
  "POST /auth/mfa/challenge": PUBLIC,
  "POST /auth/mfa/verify": PUBLIC,
  "POST /auth/mfa/device": PUBLIC,
  "POST /auth/password-reset/request": PUBLIC,
  "POST /auth/password-reset": PUBLIC,
  "GET /auth/security": SIGNED_IN,
  "POST /auth/mfa/settings/code": SIGNED_IN,
  "PUT /auth/mfa/settings": SIGNED_IN,
  "DELETE /auth/devices/:id": SIGNED_IN,
  "DELETE /auth/sessions/:id": SIGNED_IN,
  "PUT /auth/password": SIGNED_IN,

  // routes/invitations.ts — the caller's own invitations: the service checks the address is theirs and verified.
  "GET /invitations": SIGNED_IN,
  "POST /invitations/:id/accept": SIGNED_IN,
  "POST /invitations/:id/decline": SIGNED_IN,

  // routes/organizations.ts — finer rules (only an OWNER grants or touches OWNER, the last OWNER stays) live in the service.
  "GET /organization": SIGNED_IN,
  "POST /organization": SIGNED_IN,
  "GET /organization/:id": orgInPath("view"),
  "DELETE /organization/:id": orgInPath("deleteOrganization"),
  "POST /organization/:id/invite": orgInPath("manageMembers"),
  "PUT /organization/:id/members/:memberId": orgInPath("manageMembers"),
  "DELETE /organization/:id/members/:memberId": orgInPath("manageMembers"),
  "POST /organization/:id/leave": orgInPath("leave"),

  // routes/sites.ts
  "GET /projects": SIGNED_IN,
  "GET /sites": org("view"),
  "POST /sites": org("configure"),
  "PUT /sites/:siteId": org("configure"),
  "DELETE /sites/:siteId": org("deleteSite"),
  "GET /site-config": org("view"),
  "GET /site-config/:siteId": org("view"),
  "PUT /site-config/:siteId": org("configure"),

  // routes/admin.ts — the impersonation switches decide in the service (400 "already impersonating" before 403).
  "POST /admin/impersonate/:userId": SIGNED_IN,
  "POST /admin/end-impersonation": SIGNED_IN,
  "GET /admin/users": GLOBAL_ADMIN,
  "GET /admin/users/:id": GLOBAL_ADMIN,

  // routes/system-notification.ts
  "GET /system-notification": PUBLIC,
  "GET /admin/system-notification": GLOBAL_ADMIN,
  "PUT /system-notification": GLOBAL_ADMIN,

  // routes/news.ts
  "GET /news": PUBLIC,
  "GET /news/:slug": PUBLIC,
  "GET /admin/news": GLOBAL_ADMIN,
  "POST /admin/news": GLOBAL_ADMIN,
  "GET /admin/news/:id": GLOBAL_ADMIN,
  "PUT /admin/news/:id": GLOBAL_ADMIN,
  "DELETE /admin/news/:id": GLOBAL_ADMIN,

  // routes/platform.ts — a connection test and a dry run write nothing.
  "POST /platform/:siteId/test-connection": org("view"),
  "GET /platform/:siteId/capabilities": org("view"),
  "POST /platform/:siteId/dry-run": org("view"),

  // routes/target-outputs.ts
  "POST /migration/:migrationId/rollback": org("rollback"),
  "GET /migration/:migrationId/redirects.csv": org("view"),
  "GET /migration/:migrationId/export.zip": org("view"),
  "GET /migration/:migrationId/magnolia.yaml": org("view"),
  "GET /migration/:migrationId/target-pages": org("view"),

  // routes/migration.ts
  "POST /migration/start": org("run"),
  "GET /migration/active/:siteId": org("view"),
  "GET /migration/result/:migrationId": org("view"),
  "GET /migration/stream/:migrationId": org("view"),
  "POST /migration/cancel/:migrationId": org("run"),
  "GET /migration/logs/:siteId": org("view"),
  "GET /migration/screenshot/:snapshotId": org("view"),
  "GET /migration/:migrationId/fidelity": org("view"),
  "GET /migration/fidelity-screenshot/:fidelityId": org("view"),
  "GET /snapshots": org("view"),
  "GET /snapshots/:snapshotId": org("view"),
  "GET /snapshots/:snapshotId/fidelity": org("view"),

  // routes/definitions.ts
  "GET /sites/:siteId/components": org("view"),
  "GET /sites/:siteId/components/:key": org("view"),
  "PUT /sites/:siteId/components/:key": org("configure"),
  "DELETE /sites/:siteId/components/:key": org("configure"),
  "GET /sites/:siteId/templates": org("view"),
  "GET /sites/:siteId/templates/:key": org("view"),
  "PUT /sites/:siteId/templates/:key": org("configure"),
  "DELETE /sites/:siteId/templates/:key": org("configure"),

  // routes/mapping.ts — reviewing proposals is the members' job; the prompt, model settings and memory are configuration.
  "GET /sites/:siteId/mapping/snapshots": org("view"),
  "GET /mapping/snapshots/:snapshotId": org("view"),
  "POST /mapping/snapshots/:snapshotId/map": org("review"),
  "POST /mapping/snapshots/:snapshotId/bulk-approve": org("review"),
  "POST /mapping/proposals/:proposalId/decision": org("review"),
  "GET /sites/:siteId/mapping/calibration": org("view"),
  "GET /sites/:siteId/mapping/memory": org("view"),
  "DELETE /sites/:siteId/mapping/memory/:entryId": org("configure"),
  "GET /sites/:siteId/mapping/prompt": org("view"),
  "PUT /sites/:siteId/mapping/prompt": org("configure"),
  "POST /sites/:siteId/mapping/prompt/reset": org("configure"),
  "GET /sites/:siteId/mapping/settings": org("view"),
  "PUT /sites/:siteId/mapping/settings": org("configure"),

  // routes/enrich.ts — analysing and reviewing is the members' job, as for mapping; writing into the
  // target is a run's right, and undoing it a rollback's.
  "GET /sites/:siteId/enrich": org("view"),
  "GET /sites/:siteId/enrich/prompt": org("view"),
  "PUT /sites/:siteId/enrich/prompt": org("configure"),
  "POST /sites/:siteId/enrich/prompt/reset": org("configure"),
  "POST /sites/:siteId/enrich/analyse": org("review"),
  "GET /sites/:siteId/enrich/analysis": org("view"),
  "GET /sites/:siteId/enrich/proposals": org("view"),
  "POST /sites/:siteId/enrich/bulk-approve": org("review"),
  "POST /sites/:siteId/enrich/apply": org("run"),
  "GET /sites/:siteId/enrich/applies": org("view"),
  "GET /enrich/pages/:snapshotId": org("view"),
  "POST /enrich/proposals/:proposalId/decision": org("review"),
  "POST /enrich/applies/:applyId/rollback": org("rollback"),

  // routes/auto-populate.ts — suggestions become definitions, so the whole flow is configuration.
  "GET /sites/:siteId/auto-populate": org("view"),
  "POST /sites/:siteId/auto-populate": org("configure"),
  "DELETE /sites/:siteId/auto-populate": org("configure"),
  "POST /sites/:siteId/auto-populate/accept": org("configure"),
};

/** The rule of a registered route (`method`, full `path` as Hono registered it), or undefined. */
export function accessRuleOf(method: string, path: string): AccessRule | undefined {
  if (!path.startsWith(`${API_BASE}/`)) return undefined;
  const key = `${method} ${path.slice(API_BASE.length)}`;
  return Object.hasOwn(ACCESS_RULES, key) ? ACCESS_RULES[key] : undefined;
}
