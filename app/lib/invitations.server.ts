import { json, type AppLoadContext } from "@remix-run/cloudflare";
import type { MyInvitationsDto, OrganizationSummaryDto } from "../../workers/contracts/auth";
import { getDb } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import type { SessionUser } from "../../workers/services/auth";
import { resendVerificationMail } from "../../workers/services/email-verification";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../../workers/services/invitations";
import { requestServices } from "../../workers/services/request-services";

/** What the invitations screen's action answers: the organization joined, a mail sent, or an error. */
export type InvitationActionData =
  | { ok: true; joined: OrganizationSummaryDto }
  | { ok: true; declined: string }
  | { ok: true; sentTo: string }
  | { ok: false; error: string };

/** The signed-in user's pending invitations, for the screen's loader. */
export function loadMyInvitations(context: AppLoadContext, auth: SessionUser): Promise<MyInvitationsDto> {
  return listMyInvitations(getDb(context.cloudflare.env.DB), auth.user);
}

/** Accepts, declines or resends the verification mail, as the form's `intent` says; the services decide who may. */
export async function invitationAction(request: Request, context: AppLoadContext, auth: SessionUser) {
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("invitationId") ?? "");
  try {
    if (intent === "accept") return json<InvitationActionData>({ ok: true, joined: await acceptInvitation(db, auth, id) });
    if (intent === "decline") {
      await declineInvitation(db, auth, id);
      return json<InvitationActionData>({ ok: true, declined: id });
    }
    if (intent === "resend") {
      const { email } = await resendVerificationMail(db, requestServices(env, request), auth);
      return json<InvitationActionData>({ ok: true, sentTo: email });
    }
    return json<InvitationActionData>({ ok: false, error: "Unknown action" }, 400);
  } catch (err) {
    if (err instanceof ApiError) {
      return json<InvitationActionData>({ ok: false, error: err.message }, { status: err.status, headers: err.headers });
    }
    throw err;
  }
}
