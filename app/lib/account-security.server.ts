import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { changePasswordSchema, mfaSettingsSchema, type AccountSecurityDto } from "../../workers/contracts/auth";
import { getDb } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import { accountSecurity, changePassword, requestMfaSettingCode, revokeDevice, revokeSession, setMfaEnabled } from "../../workers/services/account-security";
import type { SessionUser } from "../../workers/services/auth";
import { requestServices } from "../../workers/services/request-services";

/** What the profile's security action answers. */
export type SecurityActionData =
  | { ok: true; intent: "mfa-code"; challengeId: string; enabled: boolean }
  | { ok: true; intent: "mfa-confirm"; mfaEnabled: boolean }
  | { ok: true; intent: "revoke-device" | "revoke-session" | "change-password" }
  | { ok: false; intent: string; error: string; field?: string };

export function loadAccountSecurity(context: AppLoadContext, auth: SessionUser): Promise<AccountSecurityDto> {
  return accountSecurity(getDb(context.cloudflare.env.DB), auth);
}

/**
 * The profile's security forms, as their `intent` says: ask for a code to turn MFA on or off, confirm it,
 * forget a device, end a session, change the password. The services decide who may; the cookie-carrying
 * form posts pass the Worker's cross-site check first (workers/lib/cross-site.ts).
 */
export async function securityAction(request: Request, context: AppLoadContext, auth: SessionUser) {
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  const services = requestServices(env, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    switch (intent) {
      case "mfa-code": {
        const enabled = text("enabled") === "true";
        const { challengeId } = await requestMfaSettingCode(db, services, auth, enabled);
        return json<SecurityActionData>({ ok: true, intent, challengeId, enabled });
      }
      case "mfa-confirm": {
        const input = mfaSettingsSchema.safeParse({ enabled: text("enabled") === "true", challengeId: text("challengeId"), code: text("code") });
        if (!input.success) return json<SecurityActionData>({ ok: false, intent, error: input.error.issues[0]!.message, field: "code" }, 400);
        const { mfaEnabled } = await setMfaEnabled(db, services, auth, input.data);
        return json<SecurityActionData>({ ok: true, intent, mfaEnabled });
      }
      case "revoke-device":
        await revokeDevice(db, auth, text("id"));
        return json<SecurityActionData>({ ok: true, intent });
      case "revoke-session":
        await revokeSession(db, auth, text("id"));
        return json<SecurityActionData>({ ok: true, intent });
      case "change-password": {
        const input = changePasswordSchema.safeParse({ currentPassword: text("currentPassword"), newPassword: text("newPassword") });
        if (!input.success) {
          const issue = input.error.issues[0]!;
          return json<SecurityActionData>({ ok: false, intent, error: issue.message, field: String(issue.path[0] ?? "") }, 400);
        }
        await changePassword(db, services, auth, input.data);
        return json<SecurityActionData>({ ok: true, intent });
      }
      default:
        return json<SecurityActionData>({ ok: false, intent, error: "Unknown action" }, 400);
    }
  } catch (err) {
    if (err instanceof ApiError) {
      return json<SecurityActionData>({ ok: false, intent, error: err.message }, { status: err.status, headers: err.headers });
    }
    throw err;
  }
}
