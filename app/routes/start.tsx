import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { INVITATION_TEXT } from "~/components/invitations/texts";
import { CreateOrganizationForm } from "~/components/projects/create-organization-form";
import { Button } from "~/components/ui/button";
import { CardButton, EmptyState, ErrorState, PageHeader } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { MESSAGES } from "~/lib/messages";
import { filterSites } from "~/lib/organization";
import { selectProject } from "~/lib/project-selection";
import { loadStart } from "./start.server";

export const meta: MetaFunction = () => [{ title: "Projects — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadStart(request, context));
}

/** Projects: every site of every organization the user belongs to. */
export default function Projects() {
  const { user, invitations, sites: projects } = useLoaderData<typeof loader>();
  const { revalidate } = useRevalidator();
  const [query, setQuery] = useState("");
  const sites = projects.data ?? [];
  const shown = filterSites(sites, query);

  return (
    <main className="mx-auto max-w-4xl px-4 pb-10 pt-[calc(2.5rem+var(--system-notification-height,0px))]">
      <PageHeader
        title="Projects"
        description={`Signed in as ${user.email}`}
        actions={
          <>
            <Link to="/new-project" className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
              Create new project
            </Link>
            <form method="post" action="/logout">
              <Button type="submit" variant="secondary">Logout</Button>
            </form>
          </>
        }
      />
      <InvitationsNotice emailVerified={invitations.emailVerified} pendingCount={invitations.pendingCount} />
      {user.organizations.length === 0 ? (
        <div className="mb-8">
          <CreateOrganizationForm onCreated={() => window.location.assign("/new-project")} />
        </div>
      ) : null}
      <div className="mb-4 max-w-sm">
        <TextField label="Filter projects" type="search" placeholder="Name or organization" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {projects.error !== null ? (
        <ErrorState message={projects.error} onRetry={revalidate} />
      ) : shown.length === 0 ? (
        <EmptyState title={query.trim() ? MESSAGES.noSitesMatching(query.trim()) : MESSAGES.noSitesAvailable} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Projects">
          {shown.map((site) => (
            <li key={site.id}>
              <CardButton onClick={() => selectProject(site)}>
                <span className="block font-medium">{site.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{site.domain}</span>
                <span className="mt-2 block text-xs text-slate-500">{site.organization.name}</span>
              </CardButton>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

/** Pending invitations, and the verification they wait for: the way in for someone who was invited. */
function InvitationsNotice({ emailVerified, pendingCount }: { emailVerified: boolean; pendingCount: number }) {
  if (emailVerified && pendingCount === 0) return null;
  const text = [pendingCount > 0 ? INVITATION_TEXT.waiting(pendingCount) : "", emailVerified ? "" : INVITATION_TEXT.verifyToAccept].filter(Boolean).join(" ");
  return (
    <p role="status" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <span>{text}</span>
      <Link to="/invitations" className="font-medium underline">
        {INVITATION_TEXT.view}
      </Link>
    </p>
  );
}
