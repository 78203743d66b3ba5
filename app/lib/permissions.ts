import type { OrgRole } from "../../workers/contracts/auth";
import { ORG_ACTION_ROLES, roleAllows, type OrgAction } from "../../workers/contracts/permissions";
import { useDashboard } from "./dashboard-context";

/**
 * The screens offer a control only when the caller's role in the active organization allows it: the
 * same rules the API enforces (workers/contracts/permissions.ts). A disabled control points at the
 * reason with aria-describedby and a title.
 */
export interface Permission {
  allowed: boolean;
  /** Why it is not allowed, in words for the user; null when allowed. */
  reason: string | null;
}

/** What each action is called in a reason: "Only organization owners and admins can …". */
const ACTION_WORDS: Record<OrgAction, string> = {
  view: "view this project",
  review: "review mappings",
  leave: "leave the organization",
  configure: "change the project's settings",
  run: "start or cancel migrations",
  rollback: "roll back migrations",
  deleteSite: "delete projects",
  manageMembers: "manage members",
  deleteOrganization: "delete the organization",
};

export const PERMISSION_TEXTS = {
  /** Under the organization choice of the project wizard, when some organizations are left out. */
  organizationsHidden: "Only organization owners and admins create projects, so organizations where you are a member are not listed.",
} as const;

/** Who may do an action, as a reason names them. */
function whoMay(action: OrgAction): string {
  return (ORG_ACTION_ROLES[action] as readonly OrgRole[]).includes("ADMIN") ? "organization owners and admins" : "organization owners";
}

/** Whether a role allows an action, with the reason when it does not. */
export function permissionOf(role: OrgRole | null | undefined, action: OrgAction): Permission {
  if (roleAllows(role, action)) return { allowed: true, reason: null };
  const yours = role ? ` Your role is ${role.toLowerCase()}.` : "";
  return { allowed: false, reason: `Only ${whoMay(action)} can ${ACTION_WORDS[action]}.${yours}` };
}

/** The caller's permission for an action in the dashboard's active organization. */
export function usePermission(action: OrgAction): Permission {
  return permissionOf(useDashboard().organization?.role, action);
}
