import { z } from "zod";

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const ORG_ROLES = ["OWNER", "ADMIN", "MEMBER"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

const email = z.string().trim().toLowerCase().email("Enter a valid e-mail address").max(254);

export const signupSchema = z.object({
  email,
  password: z.string().min(8, "Password must be at least 8 characters").max(200),
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
});

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "Password is required").max(200),
  deviceToken: z.string().max(500).optional().nullable(),
});

export const themeSchema = z.object({ themePreference: z.enum(THEMES) });

export const createOrganizationSchema = z.object({
  name: z.string().trim().min(1, "Organization name is required").max(120),
});

export const inviteSchema = z.object({
  email,
  role: z.enum(ORG_ROLES).default("MEMBER"),
});

export const changeRoleSchema = z.object({ role: z.enum(ORG_ROLES) });

export const verifyEmailSchema = z.object({ token: z.string().trim().min(1, "Verification token is required").max(200) });

/** The user as the API returns it (spec §3). */
export interface UserDto {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: "ADMIN" | "USER";
  createdAt: string;
  themePreference: Theme;
  /** Whether the user proved the e-mail address is theirs; answering invitations needs it. */
  emailVerified: boolean;
  organizations: OrganizationSummaryDto[];
  lastActiveOrganization: OrganizationSummaryDto | null;
  organizationId: string | null;
}

export interface OrganizationSummaryDto {
  id: string;
  name: string;
  role: OrgRole;
}

export interface MemberDto {
  id: string;
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  role: OrgRole;
  status: "active" | "pending";
  createdAt: string;
}

export interface OrganizationDetailsDto extends OrganizationSummaryDto {
  createdAt: string;
  members: MemberDto[];
}

export interface AuthResponse {
  token: string;
  user: UserDto;
  mfaRequired: boolean;
  isImpersonation: boolean;
}

/** An invitation as its invitee sees it. */
export interface InvitationDto {
  id: string;
  organization: { id: string; name: string };
  role: OrgRole;
  /** The name of who invited, when that account still exists. */
  invitedBy: string | null;
  createdAt: string;
}

/**
 * The signed-in user's pending invitations. Until the e-mail is verified only their number is given:
 * whoever signs up with someone else's address learns nothing about who invited it.
 */
export interface MyInvitationsDto {
  emailVerified: boolean;
  pendingCount: number;
  invitations: InvitationDto[];
}

/** The texts of e-mail verification, shown by the API and the screens alike. */
export const VERIFICATION_MESSAGES = {
  subject: "Verify your e-mail address",
  invalidLink: "This verification link is invalid or has expired.",
  verified: "Your e-mail address is verified.",
  alreadyVerified: "Your e-mail address is already verified.",
  verifyToAnswer: "Verify your e-mail address to accept invitations",
  sent: (email: string) => `We sent a verification link to ${email}.`,
} as const;
