/**
 * The texts of sign-in, MFA and password reset: the spec's (§8) exactly, and ours beside them. A module of
 * their own, without the schemas of auth.ts (which re-exports them), so the browser's shared code can show
 * them without loading the validator.
 */
export const AUTH_MESSAGES = {
  failedLogin: "Failed to login",
  verificationFailed: "Verification failed",
  failedToSendCode: "Failed to send code",
  notAuthenticated: "Not authenticated",
  invalidCredentials: "Invalid e-mail or password",
  codeSubject: "Your sign-in code",
  codeSent: (email: string) => `We sent a 6-digit code to ${email}.`,
  mfaRequiredForAdmins: "Administrators always sign in with a code",
  resetSubject: "Reset your password",
  resetRequested: "If an account exists for that e-mail, we sent a link to reset its password.",
  resetInvalidLink: "This reset link is invalid or has expired.",
  resetDone: "Your password was changed. Sign in with the new password.",
  wrongCurrentPassword: "The current password is not correct",
  passwordChanged: "Your password was changed. Your other sessions were signed out.",
  notDuringImpersonation: "Not available while impersonating",
  oauthFailed: "Sign-in with the provider failed",
  oauthUnknownProvider: "Unknown sign-in provider",
  oauthEmailUnverified: "The provider did not confirm this e-mail address",
} as const;
