import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/session.server";

/** The initial route after sign-in: admins to /admin, everyone else to their snapshots. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  if (user.role === "ADMIN") throw redirect("/admin");
  if (user.organizations.length === 0) throw redirect("/start");
  throw redirect("/snapshots");
}
