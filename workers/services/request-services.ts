import { getDb } from "../db/client";
import type { Env } from "../env";
import { mailSender, type MailSender } from "./mail";
import { requestLimits, type RequestLimits } from "./rate-limits";

/** What a request hands the account services: its rate limits, the mail sender, and the origin that links point to. */
export interface RequestServices {
  limits: RequestLimits;
  mail: MailSender;
  origin: string;
}

/** Composes the request's services, for API handlers and Remix actions alike. */
export function requestServices(env: Env, request: Request): RequestServices {
  return { limits: requestLimits(env, request), mail: mailSender(env, getDb(env.DB)), origin: new URL(request.url).origin };
}
