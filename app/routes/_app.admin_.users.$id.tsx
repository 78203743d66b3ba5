import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { UserDetails } from "~/components/admin/user-details";
import { ErrorState, PageHeader } from "~/components/ui/card";
import { useDashboard } from "~/lib/dashboard-context";
import { loadAdminUser } from "./_app.admin_.users.$id.server";

export const meta: MetaFunction = () => [{ title: "User details — Admin — Migrate" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json(await loadAdminUser(request, context, params.id ?? ""));
}

/** /admin/users/{id}: organizations, sessions and recent audit events of one user. */
export default function AdminUser() {
  const { user } = useDashboard();
  // An audit event's `unknown` before/after values come through JSON as they were.
  const { details } = useLoaderData<typeof loader>() as unknown as Awaited<ReturnType<typeof loadAdminUser>>;
  const { revalidate } = useRevalidator();
  const title = details.data ? details.data.user.name || details.data.user.email : "User details";
  return (
    <>
      <PageHeader title={title} description={details.data?.user.email} />
      <AdminNav />
      {details.error !== null ? <ErrorState message={details.error} onRetry={revalidate} /> : <UserDetails details={details.data} currentAdminId={user.id} />}
    </>
  );
}
