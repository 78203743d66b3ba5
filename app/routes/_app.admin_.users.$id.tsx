import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import type { AdminUserDetailsDto } from "../../workers/contracts/admin";
import { AdminNav } from "~/components/admin/admin-nav";
import { UserDetails } from "~/components/admin/user-details";
import { useApi } from "~/components/app/app-context";
import { ErrorState, PageHeader } from "~/components/ui/card";
import { LoadingState } from "~/components/ui/spinner";
import { requireGlobalAdminPage } from "~/lib/admin.server";
import { ApiRequestError } from "~/lib/api-client";
import { useDashboard } from "~/lib/dashboard-context";
import { useAsync } from "~/lib/use-async";

export const meta: MetaFunction = () => [{ title: "User details — Admin — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGlobalAdminPage(request, context);
  return null;
}

/** /admin/users/{id}: organizations, sessions and recent audit events of one user. */
export default function AdminUser() {
  const { id = "" } = useParams();
  const api = useApi();
  const { user } = useDashboard();
  const details = useAsync(() => api.get<AdminUserDetailsDto>(`/v1/admin/users/${encodeURIComponent(id)}`, { fresh: true }), [id]);
  const title = details.data ? details.data.user.name || details.data.user.email : "User details";
  return (
    <>
      <PageHeader title={title} description={details.data?.user.email} />
      <AdminNav />
      {details.loading ? (
        <LoadingState label="Loading user…" />
      ) : details.error ? (
        <ErrorState message={details.error instanceof ApiRequestError ? details.error.error : "Could not load the user"} onRetry={details.reload} />
      ) : details.data ? (
        <UserDetails details={details.data} currentAdminId={user.id} />
      ) : null}
    </>
  );
}
