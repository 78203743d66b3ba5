import { json, type AppLoadContext } from "@remix-run/cloudflare";
import {
  CONTACT_FIELDS,
  DEMO_FIELDS,
  HONEYPOT_FIELD,
  PUBLIC_FORM_MESSAGES,
  contactMessageInput,
  demoRequestInput,
  formFieldErrors,
  formValues,
} from "../../workers/contracts/public-forms";
import { getDb } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import { PUBLIC_FORMS_LIST_LIMIT, listPublicSubmissions, submitContactMessage, submitDemoRequest } from "../../workers/services/public-forms";
import { requireGlobalAdminPage } from "./admin.server";
import { requestLimits } from "../../workers/services/rate-limits";

/** What a form's action answers: a confirmation, or the API's error shape with the fields' messages. */
export type PublicFormResult = { ok: true; message: string } | { ok: false; error: string; details?: { fields?: Record<string, string>; retryAfterSeconds?: number } };

const invalid = (fields: Record<string, string>) => json<PublicFormResult>({ ok: false, error: PUBLIC_FORM_MESSAGES.invalid, details: { fields } }, { status: 400 });

/** A 429 (or other refusal) from the service in the error shape, with its headers (Retry-After). */
function refused(err: unknown) {
  if (!(err instanceof ApiError)) throw err;
  return json<PublicFormResult>({ ok: false, error: err.message, details: err.details as { retryAfterSeconds?: number } }, { status: err.status, headers: err.headers });
}

/** The demo request form's action (/request-demo and /book-demo). */
export async function demoRequestAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const parsed = demoRequestInput.safeParse(formValues(form, DEMO_FIELDS));
  if (!parsed.success) return invalid(formFieldErrors(parsed.error));
  const path = new URL(request.url).pathname === "/book-demo" ? "/book-demo" : "/request-demo";
  const env = context.cloudflare.env;
  try {
    await submitDemoRequest(getDb(env.DB), requestLimits(env, request), parsed.data, { path, honeypot: String(form.get(HONEYPOT_FIELD) ?? "") });
  } catch (err) {
    return refused(err);
  }
  return json<PublicFormResult>({ ok: true, message: PUBLIC_FORM_MESSAGES.demoReceived });
}

/** The contact form's action (/contact, also the support widget's target). */
export async function contactAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const parsed = contactMessageInput.safeParse(formValues(form, CONTACT_FIELDS));
  if (!parsed.success) return invalid(formFieldErrors(parsed.error));
  const env = context.cloudflare.env;
  try {
    await submitContactMessage(getDb(env.DB), requestLimits(env, request), parsed.data, { honeypot: String(form.get(HONEYPOT_FIELD) ?? "") });
  } catch (err) {
    return refused(err);
  }
  return json<PublicFormResult>({ ok: true, message: PUBLIC_FORM_MESSAGES.contactReceived });
}

/** The enquiries screen's data: only a global ADMIN in their own session (requireGlobalAdminPage). */
export async function loadEnquiries(request: Request, context: AppLoadContext) {
  await requireGlobalAdminPage(request, context);
  return { ...(await listPublicSubmissions(getDb(context.cloudflare.env.DB))), limit: PUBLIC_FORMS_LIST_LIMIT };
}
