import type { MetaFunction } from "@remix-run/cloudflare";
import { RequireSite } from "~/components/shell/require-site";
import { EmptyState, PageHeader } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "Snapshots — Migrate" }];

export default function Snapshots() {
  return (
    <RequireSite>
      {(site) => (
        <>
          <PageHeader title="Snapshots" description={`Pages captured from ${site.domain}`} />
          <EmptyState title="No snapshots yet">Snapshots appear here as soon as a migration run captures pages.</EmptyState>
        </>
      )}
    </RequireSite>
  );
}
