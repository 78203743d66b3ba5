import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { PublicLayout } from "~/components/public/public-layout";
import { optionalUser } from "~/lib/session.server";
import DashboardLayout from "./_app";

/** The same shape as the dashboard layout's data, so a signed-in reader gets the app shell itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await optionalUser(request, context));
}

/** Moving between help pages keeps the reader; signing in or out is a full page load. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? defaultShouldRevalidate : false);

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
