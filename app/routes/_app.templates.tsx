import type { MetaFunction } from "@remix-run/cloudflare";
import { platformMeta } from "../../workers/contracts/platform-meta";
import { DefinitionsScreen } from "~/components/definitions/definitions-screen";
import { DEFINITION_TEXTS } from "~/components/definitions/texts";
import { RequireSite } from "~/components/shell/require-site";
import { EmptyState, PageHeader } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "Templates — Migrate" }];

/** Page templates; platforms whose entries are modelled by types only have none (spec §2). */
export default function Templates() {
  return (
    <RequireSite>
      {(site, config) =>
        platformMeta(config.platform)?.capabilities.entryModeling === "types-only" ? (
          <>
            <PageHeader title="Templates" description={site.name} />
            <EmptyState title={DEFINITION_TEXTS.typesOnly}>{DEFINITION_TEXTS.typesOnlyHint}</EmptyState>
          </>
        ) : (
          <DefinitionsScreen key={site.id} kind="templates" site={site} config={config} />
        )
      }
    </RequireSite>
  );
}
