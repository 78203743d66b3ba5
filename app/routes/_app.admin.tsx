import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { StopImpersonation } from "~/components/admin/stop-impersonation";
import { UserSearch } from "~/components/admin/user-search";
import { Card, PageHeader } from "~/components/ui/card";
import { useDashboard } from "~/lib/dashboard-context";
import { requireUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Admin — Migrate" }];

/** Only a global ADMIN, or an admin while impersonating, reaches the admin screen. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, isImpersonation } = await requireUser(request, context);
  if (user.role !== "ADMIN" && !isImpersonation) throw redirect("/snapshots");
  return null;
}

export default function Admin() {
  const { user, isImpersonation } = useDashboard();
  return (
    <>
      <PageHeader title="Administration" description="Find a user to see their details or to work as them." />
      <Card className="max-w-2xl">
        <h2 className="mb-3 font-semibold">Users</h2>
        {isImpersonation ? <StopImpersonation email={user.email} /> : <UserSearch />}
      </Card>
    </>
  );
}
