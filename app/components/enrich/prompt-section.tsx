import type { PromptDto } from "../../../workers/contracts/mapping";
import { PromptEditor } from "~/components/mapping-settings/prompt-editor";
import { MAPPING_SETTINGS_TEXTS as T } from "~/components/mapping-settings/texts";
import { PermissionNote } from "~/components/ui/permission-note";
import type { LoadedSection } from "~/lib/dashboard-context";
import { usePermission } from "~/lib/permissions";

const NOTE = "enrich-prompt-permission";

/**
 * Enrich's own prompt (as the screen's loader read it), tuned per project like the mapping prompt; a
 * role that may not configure reads it.
 */
export function EnrichPromptSection({ siteId, loaded, onReload }: { siteId: string; loaded: LoadedSection<PromptDto>; onReload: () => void }) {
  const configure = usePermission("configure");
  return (
    <>
      <PermissionNote id={NOTE} reason={configure.reason} className="mb-3" />
      <fieldset disabled={!configure.allowed} aria-describedby={configure.allowed ? undefined : NOTE} className="min-w-0">
        <PromptEditor kind="enrich" siteId={siteId} loaded={loaded} onReload={onReload} description={T.enrichPromptDescription} />
      </fieldset>
    </>
  );
}
