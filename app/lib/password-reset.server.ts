import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { AUTH_MESSAGES, passwordResetRequestSchema, passwordResetSchema } from "../../workers/contracts/auth";
import { getDb } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import { requestPasswordReset, resetPassword } from "../../workers/services/password-reset";
import { requestServices } from "../../workers/services/request-services";

/** What the reset forms answer: done, or an error (a field's, or the form's). */
export type ResetActionData = { ok: true; message: string } | { ok: false; error: string; field?: string };

function errorAnswer(err: unknown) {
  if (err instanceof ApiError) return json<ResetActionData>({ ok: false, error: err.message }, { status: err.status, headers: err.headers });
  throw err;
}

/** /reset-password-request: mails a link when the address has an account, and says the same either way. */
export async function resetRequestAction(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const form = await request.formData();
  const input = passwordResetRequestSchema.safeParse({ email: String(form.get("email") ?? "") });
  if (!input.success) return json<ResetActionData>({ ok: false, error: input.error.issues[0]!.message, field: "email" }, 400);
  try {
    await requestPasswordReset(getDb(env.DB), requestServices(env, request), input.data.email);
    return json<ResetActionData>({ ok: true, message: AUTH_MESSAGES.resetRequested });
  } catch (err) {
    return errorAnswer(err);
  }
}

/** /reset-password: sets the new password with the link's token, then sends the user to sign in. */
export async function resetPasswordAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const input = passwordResetSchema.safeParse({ token: String(form.get("token") ?? ""), password: String(form.get("password") ?? "") });
  if (!input.success) {
    const issue = input.error.issues[0]!;
    return json<ResetActionData>({ ok: false, error: issue.path[0] === "token" ? AUTH_MESSAGES.resetInvalidLink : issue.message, field: issue.path[0] === "password" ? "password" : undefined }, 400);
  }
  try {
    await resetPassword(getDb(context.cloudflare.env.DB), input.data.token, input.data.password);
  } catch (err) {
    return errorAnswer(err);
  }
  // Every session ended with the reset, this browser's too: its cookie goes with it.
  throw redirect("/login?reset=1", { headers: { "Set-Cookie": "cm_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" } });
}
