import { ORG_ROLES, type OrgRole } from "../../../workers/contracts/auth";

/** Labels and confirmations of the organization screen; the spec's failure texts are in MESSAGES. */
export const ORGANIZATION_TEXT = {
  title: "Organization",
  description: "Members, invitations and roles of your active organization.",
  switchLabel: "Active organization",
  members: "Members",
  pending: "Pending invitations",
  noPending: "No pending invitations.",
  invite: "Invite a member",
  inviteHint: "They join when they accept the invitation, signed in with this e-mail address verified.",
  inviteButton: "Send invitation",
  emailRequired: "Enter a valid e-mail address",
  you: "You",
  invited: (email: string) => `Invitation sent to ${email}`,
  added: (email: string) => `${email} was added to the organization`,
  roleUpdated: (email: string) => `Role of ${email} updated`,
  removed: (email: string) => `${email} was removed`,
  withdrawn: (email: string) => `Invitation for ${email} withdrawn`,
  left: (name: string) => `You left ${name}`,
  deleted: (name: string) => `${name} was deleted`,
  leave: "Leave organization",
  leaveConfirm: (name: string) => `Leave ${name}?`,
  leaveBody: "You lose access to its projects until someone invites you again.",
  delete: "Delete organization",
  deleteConfirm: (name: string) => `Delete ${name}?`,
  deleteBody: "Its projects, their configuration and all migration data are deleted. This cannot be undone.",
  deleteTypeName: (name: string) => `Type ${name} to confirm`,
  removeConfirm: (email: string) => `Remove ${email}?`,
  removeBody: "They lose access to the organization's projects at once.",
  withdrawConfirm: (email: string) => `Withdraw the invitation for ${email}?`,
  roleHelp: "Owners manage everything including deleting the organization; admins configure, run and delete projects and manage members; members view projects and review mappings.",
} as const;

export const ROLE_LABELS: Record<OrgRole, string> = { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member" };

/** The roles the caller may hand out: only an owner grants OWNER. */
export function assignableRoles(myRole: OrgRole): { value: OrgRole; label: string }[] {
  return ORG_ROLES.filter((r) => r !== "OWNER" || myRole === "OWNER").map((r) => ({ value: r, label: ROLE_LABELS[r] }));
}

export const isOrganizationAdmin = (role: OrgRole) => role === "OWNER" || role === "ADMIN";
