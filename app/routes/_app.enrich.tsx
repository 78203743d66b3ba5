import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageHeader } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "Enrich — Migrate" }];

/** Enrich is the app's second area; its screens arrive with their own work. */
export default function Enrich() {
  return (
    <>
      <PageHeader title="Enrich" description="Improve migrated pages: meta titles and descriptions, alt text, summaries, tags and link fixes." />
      <EmptyState title="Enrich is not available yet">Migrate a site first; enrichment proposals for its pages will be reviewed here.</EmptyState>
    </>
  );
}
