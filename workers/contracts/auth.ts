import { z } from "zod";
import { AUTH_MESSAGES } from "./auth-messages";

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
  /** Whether sign-in asks for a code by e-mail (always for global ADMINs). */
  mfaEnabled: boolean;
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
  mfaRequired: false;
  isImpersonation: boolean;
  /** Given by POST /auth/mfa/verify when `rememberDevice` was asked: the next sign-in on this device sends it to skip the code. */
  deviceToken?: string;
}

/** The answer of POST /auth/login when the account needs a code by e-mail (spec §7): no session yet. */
export interface MfaRequiredResponse {
  mfaRequired: true;
  challengeId: string;
  methods: MfaMethod[];
  isImpersonation: false;
}

export type LoginResponse = AuthResponse | MfaRequiredResponse;

export const MFA_METHODS = ["email"] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** A six-digit code. */
const mfaCode = z.string().trim().regex(/^\d{6}$/, "Enter the 6-digit code");
const challengeId = z.string().trim().min(1, "Challenge ID is required").max(100);
const newPassword = z.string().min(8, "Password must be at least 8 characters").max(200);

export const mfaChallengeSchema = z.object({ challengeId });

export const mfaVerifySchema = z.object({
  challengeId,
  method: z.enum(MFA_METHODS).default("email"),
  code: mfaCode,
  rememberDevice: z.boolean().default(false),
});

/** The second step on a remembered device, when the first step could not carry its token (an OpenID sign-in). */
export const mfaDeviceSchema = z.object({ challengeId, deviceToken: z.string().trim().min(1, "Device token is required").max(500) });

/** Asks for a code that proves the signed-in user may turn MFA on or off. */
export const mfaSettingsCodeSchema = z.object({ enabled: z.boolean() });

export const mfaSettingsSchema = z.object({ enabled: z.boolean(), challengeId, code: mfaCode });

export const passwordResetRequestSchema = z.object({ email });

export const passwordResetSchema = z.object({ token: z.string().trim().min(1, "Reset token is required").max(200), password: newPassword });

export const changePasswordSchema = z.object({ currentPassword: z.string().min(1, "Current password is required").max(200), newPassword });

/** A remembered device as its owner sees it (never its token). */
export interface RememberedDeviceDto {
  id: string;
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
}

/** A signed-in session as its owner sees it (never its token). */
export interface SessionDto {
  id: string;
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  current: boolean;
}

/** The account-security settings of the signed-in user. */
export interface AccountSecurityDto {
  mfaEnabled: boolean;
  /** Global ADMINs always get a code: they cannot turn MFA off. */
  mfaRequiredByRole: boolean;
  devices: RememberedDeviceDto[];
  sessions: SessionDto[];
}

export { AUTH_MESSAGES };

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
