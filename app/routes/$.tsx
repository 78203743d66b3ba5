import { redirect } from "@remix-run/cloudflare";

/** Unknown paths redirect to / (spec §2). */
export const loader = () => redirect("/");
