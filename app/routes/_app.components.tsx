import type { MetaFunction } from "@remix-run/cloudflare";
import { DefinitionsScreen } from "~/components/definitions/definitions-screen";
import { RequireSite } from "~/components/shell/require-site";

export const meta: MetaFunction = () => [{ title: "Components — Migrate" }];

/** Components, or Blocks / Content types: the wording follows the platform (spec §2); /blocks is the same screen. */
export default function Components() {
  return <RequireSite>{(site, config) => <DefinitionsScreen key={site.id} kind="components" site={site} config={config} />}</RequireSite>;
}
