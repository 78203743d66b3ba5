import type { MetaFunction } from "@remix-run/cloudflare";
import { platformMeta } from "../../workers/contracts/platforms";
import { DefinitionList } from "~/components/definitions/definition-list";
import { RequireSite } from "~/components/shell/require-site";
import { EmptyState, PageHeader } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "Templates — Migrate" }];

export default function Templates() {
  return (
    <RequireSite>
      {(site, config) =>
        platformMeta(config.platform)?.capabilities.entryModeling === "types-only" ? (
          <EmptyState title="This platform has no page templates">Its entries are modelled by content types only.</EmptyState>
        ) : (
          <>
            <PageHeader title="Templates" description={`Page templates of ${site.name}.`} />
            <DefinitionList items={config.templates} noun="templates" />
          </>
        )
      }
    </RequireSite>
  );
}
