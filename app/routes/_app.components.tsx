import type { MetaFunction } from "@remix-run/cloudflare";
import { platformMeta } from "../../workers/contracts/platforms";
import { DefinitionList } from "~/components/definitions/definition-list";
import { RequireSite } from "~/components/shell/require-site";
import { PageHeader } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "Components — Migrate" }];

/** Components, or Blocks: the wording follows the platform (spec §2). */
export default function Components() {
  return (
    <RequireSite>
      {(site, config) => {
        const label = platformMeta(config.platform)?.labels.components ?? "components";
        const title = label.charAt(0).toUpperCase() + label.slice(1);
        return (
          <>
            <PageHeader title={title} description={`The ${label} that pages of ${site.name} are mapped onto.`} />
            <DefinitionList items={config.components} noun={label} />
          </>
        );
      }}
    </RequireSite>
  );
}
