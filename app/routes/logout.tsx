import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { SESSION_COOKIE, logout } from "../../workers/services/auth";
import { getSessionUser } from "~/lib/session.server";

/** Ends the session and returns to / (spec §2). The client also forgets its stored token. */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await getSessionUser(request, context);
  if (auth) await logout(getDb(context.cloudflare.env.DB), auth);
  return redirect("/", { headers: { "Set-Cookie": `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` } });
}

export const loader = () => redirect("/");
