import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { platformMeta } from "../../workers/contracts/platform-meta";
import { DefinitionsScreen } from "~/components/definitions/definitions-screen";
import { DEFINITION_TEXTS } from "~/components/definitions/texts";
import { RequireSite } from "~/components/shell/require-site";
import { EmptyState, PageHeader } from "~/components/ui/card";
import { revalidateUnlessOnlySearchChanged } from "~/lib/should-revalidate";
import { loadTemplates } from "./_app.templates.server";

export const meta: MetaFunction = () => [{ title: "Templates — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadTemplates(request, context));
}

/** Opening and closing the editor (`?new`, `?edit=`) works on the definitions already loaded. */
export const shouldRevalidate = revalidateUnlessOnlySearchChanged;

/** Page templates; platforms whose entries are modelled by types only have none (spec §2). */
export default function Templates() {
  const { definitions } = useLoaderData<typeof loader>();
  return (
    <RequireSite>
      {(site, config) =>
        platformMeta(config.platform)?.capabilities.entryModeling === "types-only" ? (
          <>
            <PageHeader title="Templates" description={site.name} />
            <EmptyState title={DEFINITION_TEXTS.typesOnly}>{DEFINITION_TEXTS.typesOnlyHint}</EmptyState>
          </>
        ) : definitions ? (
          <DefinitionsScreen key={site.id} kind="templates" site={site} config={config} loaded={definitions} />
        ) : null
      }
    </RequireSite>
  );
}
