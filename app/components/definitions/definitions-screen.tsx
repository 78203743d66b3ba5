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
import { LoadingState } from "~/components/ui/spinner";
import { ApiRequestError } from "~/lib/api-client";
import { useDashboard } from "~/lib/dashboard-context";
import { usePermission } from "~/lib/permissions";
import { AutoPopulatePanel } from "./auto-populate-panel";
import { emptyDraft, toDraft } from "./definition-draft";
import { DefinitionForm } from "./definition-form";
import { DefinitionList, InvalidDefinitions } from "./definition-list";
import { DEFINITION_TEXTS, capitalize, type DefinitionKind } from "./texts";
import { useDefinitions } from "./use-definitions";

/** The platform's word for a kind of definition, plural (spec §3 labels): components, blocks, content types. */
export function definitionNoun(kind: DefinitionKind, platform: string | null): string {
  return kind === "components" ? platformMeta(platform)?.labels.components ?? "components" : "templates";
}

/**
 * The Components (Blocks, Content types) and Templates screens: list, create, edit and delete the
 * site's definitions; components also get auto-populate. The open editor lives in the URL
 * (`?new` or `?edit={key}`) so the back button closes it and a link can open it. A role that may not
 * configure sees the definitions read-only.
 */
export function DefinitionsScreen({ kind, site, config }: { kind: DefinitionKind; site: SiteDto; config: SiteConfigDto }) {
  const { reloadSiteConfig } = useDashboard();
  const mayConfigure = usePermission("configure");
  const toasts = useToasts();
  const noun = definitionNoun(kind, config.platform);
  const { state, save, remove } = useDefinitions(site.id, kind);
  const [params, setParams] = useSearchParams();
  const editKey = params.get("edit");
  const creating = params.has("new");
  const [deleting, setDeleting] = useState<{ key: string; name: string } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);

  const definitions = useMemo(() => state.data?.definitions ?? {}, [state.data]);
  const invalid = state.data?.invalid ?? {};
  // A broken stored entry may be replaced by saving a new definition under its key, so only valid keys count as taken.
  const takenKeys = useMemo(() => Object.keys(definitions), [definitions]);
  const storedKeys = useMemo(() => [...takenKeys, ...Object.keys(state.data?.invalid ?? {})], [takenKeys, state.data]);

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
    state.reload();
    // The sidebar, the migration checks and other screens read definitions from the site configuration.
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
  } else if (editKey && state.data) {
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
      {kind === "components" && mayConfigure.allowed ? <AutoPopulatePanel siteId={site.id} domain={site.domain} noun={noun} existingKeys={storedKeys} onAccepted={changed} /> : null}
      {state.loading && !state.data ? <LoadingState label={`Loading ${noun}…`} /> : null}
      {state.error ? (
        <ErrorState
          message={state.error instanceof ApiRequestError ? `${DEFINITION_TEXTS.loadFailed(noun)}: ${state.error.error}` : DEFINITION_TEXTS.loadFailed(noun)}
          onRetry={state.reload}
        />
      ) : null}
      {state.data ? (
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
