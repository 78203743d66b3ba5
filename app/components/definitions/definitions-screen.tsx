import { useSearchParams } from "@remix-run/react";
import { useMemo, useRef, useState } from "react";
import { platformMeta } from "../../../workers/contracts/platform-meta";
import type { SiteConfigDto, SiteDto } from "../../../workers/contracts/sites";
import { MAPPING_MESSAGES } from "../../../workers/contracts/mapping";
import { useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { EmptyState, ErrorState, PageHeader } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { PermissionNote, deniedProps } from "~/components/ui/permission-note";
import type { AutoPopulateState, DefinitionsResponse } from "../../../workers/contracts/mapping";
import { ApiRequestError } from "~/lib/api-client";
import { useDashboard, type LoadedSection } from "~/lib/dashboard-context";
import { usePermission } from "~/lib/permissions";
import { AutoPopulatePanel } from "./auto-populate-panel";
import { emptyDraft, toDraft } from "./definition-draft";
import { DefinitionForm } from "./definition-form";
import { DefinitionList, InvalidDefinitions } from "./definition-list";
import { DEFINITION_TEXTS, capitalize, type DefinitionKind } from "./texts";
import { useDefinitions, type AnyDefinition } from "./use-definitions";

/** The platform's word for a kind of definition, plural (spec §3 labels): components, blocks, content types. */
export function definitionNoun(kind: DefinitionKind, platform: string | null): string {
  return kind === "components" ? platformMeta(platform)?.labels.components ?? "components" : "templates";
}

/**
 * The Components (Blocks, Content types) and Templates screens: list, create, edit and delete the
 * site's definitions; components also get auto-populate. The open editor lives in the URL
 * (`?new` or `?edit={key}`) so the back button closes it and a link can open it. A role that may not
 * configure sees the definitions read-only. The definitions come from the route's loader; a write goes
 * through the API and then reads them (and the site configuration) again.
 */
export function DefinitionsScreen({
  kind,
  site,
  config,
  loaded,
  autoPopulate = null,
}: {
  kind: DefinitionKind;
  site: SiteDto;
  config: SiteConfigDto;
  loaded: LoadedSection<DefinitionsResponse<AnyDefinition>>;
  /** The components' auto-populate state, as the loader read it. */
  autoPopulate?: LoadedSection<AutoPopulateState> | null;
}) {
  const { reloadSiteConfig } = useDashboard();
  const mayConfigure = usePermission("configure");
  const toasts = useToasts();
  const noun = definitionNoun(kind, config.platform);
  const { save, remove } = useDefinitions(site.id, kind);
  const [params, setParams] = useSearchParams();
  const editKey = params.get("edit");
  const creating = params.has("new");
  const [deleting, setDeleting] = useState<{ key: string; name: string } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);

  const definitions = useMemo(() => loaded.data?.definitions ?? {}, [loaded.data]);
  const invalid = loaded.data?.invalid ?? {};
  // A broken stored entry may be replaced by saving a new definition under its key, so only valid keys count as taken.
  const takenKeys = useMemo(() => Object.keys(definitions), [definitions]);
  const storedKeys = useMemo(() => [...takenKeys, ...Object.keys(loaded.data?.invalid ?? {})], [takenKeys, loaded.data]);

  function closeEditor() {
    setParams((p) => {
      p.delete("new");
      p.delete("edit");
      p.delete("key");
      return p;
    });
    requestAnimationFrame(() => newButton.current?.focus());
  }

  function changed() {
    // Reads this screen's definitions again, and the site configuration, from which the sidebar, the
    // migration checks and other screens read definitions.
    reloadSiteConfig();
  }

  async function onSave(key: string, body: Record<string, unknown>) {
    const saved = await save(key, body);
    toasts.show({ message: DEFINITION_TEXTS.saved(noun, saved.definition.name), type: "success" });
    closeEditor();
    changed();
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await remove(deleting.key);
      toasts.show({ message: DEFINITION_TEXTS.deleted(noun, deleting.name), type: "success" });
      if (editKey === deleting.key) closeEditor();
      changed();
      setDeleting(null);
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : DEFINITION_TEXTS.deleteFailed(noun), type: "error" });
    } finally {
      setDeleteBusy(false);
    }
  }

  const title = capitalize(noun);
  const editing = editKey ? definitions[editKey] : undefined;
  const notFound = kind === "components" ? MAPPING_MESSAGES.componentNotFound : MAPPING_MESSAGES.templateNotFound;

  let editor = null;
  if (!mayConfigure.allowed) {
    editor = null;
  } else if (creating) {
    editor = (
      <DefinitionForm
        key="new"
        kind={kind}
        noun={noun}
        isNew
        initial={{ ...emptyDraft(kind), key: params.get("key") ?? "" }}
        existingKeys={takenKeys}
        onSave={onSave}
        onCancel={closeEditor}
      />
    );
  } else if (editKey && loaded.data) {
    editor = editing ? (
      <DefinitionForm
        key={`edit-${editKey}`}
        kind={kind}
        noun={noun}
        isNew={false}
        initial={toDraft(kind, editKey, editing)}
        existingKeys={takenKeys}
        onSave={onSave}
        onCancel={closeEditor}
      />
    ) : (
      <div className="mb-6">
        <ErrorState message={notFound} onRetry={closeEditor} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description={kind === "components" ? `The ${noun} that pages of ${site.name} are mapped onto.` : `Page templates of ${site.name}.`}
        actions={
          <Button ref={newButton} onClick={() => setParams({ new: "1" })} disabled={creating} {...deniedProps("definitions-permission", mayConfigure.reason)}>
            {DEFINITION_TEXTS.newButton(noun)}
          </Button>
        }
      />
      <PermissionNote id="definitions-permission" reason={mayConfigure.reason} className="-mt-3 mb-6" />
      {editor}
      {kind === "components" && mayConfigure.allowed && autoPopulate ? (
        <AutoPopulatePanel siteId={site.id} domain={site.domain} noun={noun} existingKeys={storedKeys} onAccepted={changed} initial={autoPopulate} />
      ) : null}
      {loaded.error !== null ? <ErrorState message={`${DEFINITION_TEXTS.loadFailed(noun)}: ${loaded.error}`} onRetry={reloadSiteConfig} /> : null}
      {loaded.data ? (
        <section aria-labelledby="definitions-title">
          <h2 id="definitions-title" className="sr-only">
            {title}
          </h2>
          {mayConfigure.allowed ? (
            <InvalidDefinitions invalid={invalid} onReplace={(key) => setParams({ new: "1", key })} onDelete={(key) => setDeleting({ key, name: key })} />
          ) : (
            <InvalidDefinitions invalid={invalid} />
          )}
          {Object.keys(definitions).length === 0 ? (
            <EmptyState title={DEFINITION_TEXTS.empty(noun)}>{kind === "components" ? DEFINITION_TEXTS.emptyHint(noun) : DEFINITION_TEXTS.emptyHintTemplates}</EmptyState>
          ) : (
            <DefinitionList
              kind={kind}
              noun={noun}
              definitions={definitions}
              onEdit={mayConfigure.allowed ? (key) => setParams({ edit: key }) : undefined}
              onDelete={mayConfigure.allowed ? (key, name) => setDeleting({ key, name }) : undefined}
            />
          )}
        </section>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? DEFINITION_TEXTS.deleteTitle(noun, deleting.name) : ""}
        confirmLabel={DEFINITION_TEXTS.deleteConfirm}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{DEFINITION_TEXTS.deleteBody}</p>
      </ConfirmDialog>
    </>
  );
}
