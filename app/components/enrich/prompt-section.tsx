import type { PromptDto } from "../../../workers/contracts/mapping";
import { useApi } from "~/components/app/app-context";
import { PromptEditor } from "~/components/mapping-settings/prompt-editor";
import { MAPPING_SETTINGS_TEXTS as T } from "~/components/mapping-settings/texts";
import { PermissionNote } from "~/components/ui/permission-note";
import { LoadingState } from "~/components/ui/spinner";
import type { LoadedSection } from "~/lib/dashboard-context";
import { usePermission } from "~/lib/permissions";
import { useAsync } from "~/lib/use-async";

const NOTE = "enrich-prompt-permission";

/** Enrich's own prompt, tuned per project like the mapping prompt; a role that may not configure reads it. */
export function EnrichPromptSection({ siteId }: { siteId: string }) {
  const api = useApi();
  const configure = usePermission("configure");
  const state = useAsync(() => api.get<PromptDto>(`/v1/sites/${encodeURIComponent(siteId)}/enrich/prompt`, { fresh: true }), [siteId]);
  if (state.loading && !state.data) return <LoadingState label="Loading the prompt…" />;
  const loaded: LoadedSection<PromptDto> = state.data ? { data: state.data, error: null } : { data: null, error: state.error?.message ?? T.promptLoadFailed };
  return (
    <>
      <PermissionNote id={NOTE} reason={configure.reason} className="mb-3" />
      <fieldset disabled={!configure.allowed} aria-describedby={configure.allowed ? undefined : NOTE} className="min-w-0">
        <PromptEditor kind="enrich" siteId={siteId} loaded={loaded} onReload={state.reload} description={T.enrichPromptDescription} />
      </fieldset>
    </>
  );
}
