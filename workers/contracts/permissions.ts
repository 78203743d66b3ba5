import type { OrgRole } from "./auth";

/**
 * What a role in an organization may do (spec §6: "organization admin means OWNER or ADMIN; owner
 * means OWNER"). The API's route table (workers/api/access-rules.ts) names one action per
 * organization-scoped route, and the screens ask the same question before they offer a control.
 *
 * - view: read sites, site configuration (secrets masked), runs, logs, snapshots, definitions, mapping state;
 * - review: approve, tweak, override or reject mapping proposals, map a snapshot — the members' job;
 * - leave: leave the organization (the last owner cannot, which the service decides);
 * - configure: create and edit sites, site configuration and target credentials, component and
 *   template definitions, auto-populate, the mapping prompt, model settings and memory;
 * - run: start and cancel migrations; rollback: undo what a run wrote to the target; deleteSite: delete a
 *   site with its runs and snapshots;
 * - manageMembers: invite, change roles, remove members (granting or touching OWNER stays owner-only,
 *   which the service decides because it depends on the member and the role asked for);
 * - deleteOrganization: delete the organization.
 */
export const ORG_ACTION_ROLES = {
  view: ["OWNER", "ADMIN", "MEMBER"],
  review: ["OWNER", "ADMIN", "MEMBER"],
  leave: ["OWNER", "ADMIN", "MEMBER"],
  configure: ["OWNER", "ADMIN"],
  run: ["OWNER", "ADMIN"],
  rollback: ["OWNER", "ADMIN"],
  deleteSite: ["OWNER", "ADMIN"],
  manageMembers: ["OWNER", "ADMIN"],
  deleteOrganization: ["OWNER"],
} as const satisfies Record<string, readonly OrgRole[]>;

export type OrgAction = keyof typeof ORG_ACTION_ROLES;

export const ORG_ACTIONS = Object.keys(ORG_ACTION_ROLES) as OrgAction[];

/** The 403 texts of a role refusal; they name who may do it. */
export const PERMISSION_MESSAGES = {
  adminRequired: "Only an organization owner or admin can do this",
  ownerRequired: "Only an organization owner can do this",
} as const;

/** Whether a role in an organization allows an action; no role (not a member) allows nothing. */
export function roleAllows(role: OrgRole | null | undefined, action: OrgAction): boolean {
  return role != null && (ORG_ACTION_ROLES[action] as readonly OrgRole[]).includes(role);
}

/** The refusal text for an action a role may not do. */
export function refusalMessage(action: OrgAction): string {
  return (ORG_ACTION_ROLES[action] as readonly OrgRole[]).includes("ADMIN") ? PERMISSION_MESSAGES.adminRequired : PERMISSION_MESSAGES.ownerRequired;
}
