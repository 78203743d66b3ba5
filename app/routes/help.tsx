import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { PublicLayout } from "~/components/public/public-layout";
import { optionalUser } from "~/lib/session.server";
import DashboardLayout, { shouldRevalidate as dashboardShouldRevalidate } from "./_app";
import { loadDashboard } from "./_app.server";

/**
 * The dashboard layout's own data for a signed-in reader (the app shell reads it: user, organization,
 * projects, selected project), nothing for a visitor.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json((await optionalUser(request, context)) ? await loadDashboard(request, context) : null);
}

/** As the dashboard layout: moving between help pages keeps the reader; a form or an explicit revalidation re-reads. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => dashboardShouldRevalidate(args);

/**
 * /help and /docs (spec §2): signed-in users read inside the app shell, visitors get the public
 * header and footer.
 */
export default function HelpLayout() {
  const current = useLoaderData<typeof loader>();
  if (current) return <DashboardLayout />;
  return (
    <PublicLayout signedIn={false}>
      <Outlet />
    </PublicLayout>
  );
}
