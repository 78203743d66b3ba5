import { useState } from "react";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/field";
import { deniedProps, PermissionNote } from "~/components/ui/permission-note";
import { ApiRequestError } from "~/lib/api-client";
import { queueFlashToast } from "~/lib/flash-toast";
import { usePermission } from "~/lib/permissions";

export const DELETE_PROJECT_TEXTS = {
  title: "Delete project",
  body: "The project, its configuration, every run with its snapshots, screenshots and logs are deleted. What was already written into the target platform stays there.",
  confirm: (name: string) => `Delete the project "${name}"?`,
  typeName: (name: string) => `Type "${name}" to confirm`,
  deleted: (name: string) => `Project "${name}" deleted`,
  failed: "Could not delete the project",
} as const;

const NOTE = "delete-project-permission";

/** Deletes the project (admins and owners), behind a confirmation that asks for its name. */
export function DeleteProject({ siteId, name }: { siteId: string; name: string }) {
  const api = useApi();
  const toasts = useToasts();
  const permission = usePermission("deleteSite");
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await api.del(`/v1/sites/${encodeURIComponent(siteId)}`);
      queueFlashToast({ message: DELETE_PROJECT_TEXTS.deleted(name), type: "success" });
      // The selection falls back to another project (or none): the projects list is read anew.
      window.location.assign("/start");
    } catch (err) {
      setBusy(false);
      setOpen(false);
      toasts.show({ message: err instanceof ApiRequestError ? err.error : DELETE_PROJECT_TEXTS.failed, type: "error" });
    }
  }

  return (
    <section aria-labelledby="delete-project-title" className="mt-8 rounded-md border border-red-200 p-4 dark:border-red-900">
      <h3 id="delete-project-title" className="font-semibold text-red-800 dark:text-red-200">{DELETE_PROJECT_TEXTS.title}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{DELETE_PROJECT_TEXTS.body}</p>
      <PermissionNote id={NOTE} reason={permission.reason} className="mt-2" />
      <Button variant="danger" className="mt-3" onClick={() => setOpen(true)} {...deniedProps(NOTE, permission.reason)}>
        {DELETE_PROJECT_TEXTS.title}
      </Button>
      <ConfirmDialog
        open={open}
        title={DELETE_PROJECT_TEXTS.confirm(name)}
        confirmLabel={DELETE_PROJECT_TEXTS.title}
        busy={busy}
        confirmDisabled={typed.trim() !== name}
        onCancel={() => {
          setOpen(false);
          setTyped("");
        }}
        onConfirm={() => void remove()}
      >
        <p>{DELETE_PROJECT_TEXTS.body}</p>
        <TextField label={DELETE_PROJECT_TEXTS.typeName(name)} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </ConfirmDialog>
    </section>
  );
}
