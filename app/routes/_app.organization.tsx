import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { OrganizationManager } from "~/components/organization/organization-manager";
import { ORGANIZATION_TEXT } from "~/components/organization/texts";
import { PageHeader } from "~/components/ui/card";
import { useDashboard } from "~/lib/dashboard-context";
import { loadOrganization } from "./_app.organization.server";

export const meta: MetaFunction = () => [{ title: "Organization — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadOrganization(request, context));
}

/** Organization management, reached from the Account screen. */
export default function Organization() {
  const { user, organization } = useDashboard();
  const { organizations, details } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title={ORGANIZATION_TEXT.title}
        description={ORGANIZATION_TEXT.description}
        actions={
          <Link to="/profile" className="text-sm font-medium text-brand-600 underline dark:text-brand-100">
            Back to account
          </Link>
        }
      />
      <OrganizationManager user={user} organizationId={organization?.id ?? null} organizations={organizations} details={details} />
    </>
  );
}
