import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DefinitionsScreen } from "~/components/definitions/definitions-screen";
import { RequireSite } from "~/components/shell/require-site";
import { revalidateUnlessOnlySearchChanged } from "~/lib/should-revalidate";
import { loadComponents } from "./_app.components.server";

export const meta: MetaFunction = () => [{ title: "Components — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadComponents(request, context));
}

/** Opening and closing the editor (`?new`, `?edit=`) works on the definitions already loaded. */
export const shouldRevalidate = revalidateUnlessOnlySearchChanged;

/** Components, or Blocks / Content types: the wording follows the platform (spec §2); /blocks is the same screen. */
export default function Components() {
  const { definitions, autoPopulate } = useLoaderData<typeof loader>();
  return (
    <RequireSite>
      {(site, config) => (definitions ? <DefinitionsScreen key={site.id} kind="components" site={site} config={config} loaded={definitions} autoPopulate={autoPopulate} /> : null)}
    </RequireSite>
  );
}
