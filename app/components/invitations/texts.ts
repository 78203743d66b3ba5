import { VERIFICATION_MESSAGES } from "../../../workers/contracts/auth";

/** Labels and messages of the invitations and e-mail verification screens. */
export const INVITATION_TEXT = {
  title: "Invitations",
  list: "Pending invitations",
  none: "No pending invitations",
  verifyToAccept: VERIFICATION_MESSAGES.verifyToAnswer,
  waiting: (n: number) => (n === 1 ? "1 invitation is waiting for you." : `${n} invitations are waiting for you.`),
  openLink: (email: string) => `Open the link in the mail we sent to ${email}.`,
  resend: "Resend verification e-mail",
  sent: VERIFICATION_MESSAGES.sent,
  accept: "Accept",
  decline: "Decline",
  acceptLabel: (org: string) => `Accept the invitation to ${org}`,
  declineLabel: (org: string) => `Decline the invitation to ${org}`,
  invitedBy: (name: string | null) => (name ? `Invited by ${name}` : "Invited"),
  joined: (org: string) => `You joined ${org}`,
  declined: "Invitation declined",
  view: "View invitations",
  verifyTitle: "E-mail verification",
  verified: VERIFICATION_MESSAGES.verified,
  alreadyVerified: VERIFICATION_MESSAGES.alreadyVerified,
  invalidLink: VERIFICATION_MESSAGES.invalidLink,
} as const;
