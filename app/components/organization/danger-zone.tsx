import { useState } from "react";
import type { OrgRole } from "../../../workers/contracts/auth";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/field";
import { ORGANIZATION_TEXT } from "./texts";

/** Leave (any member) and delete (owners), each behind a confirmation. */
export function DangerZone({ name, myRole, onLeave, onDelete }: { name: string; myRole: OrgRole; onLeave: () => Promise<boolean>; onDelete: () => Promise<boolean> }) {
  const [dialog, setDialog] = useState<"leave" | "delete" | null>(null);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<boolean>) {
    setBusy(true);
    const ok = await action();
    setBusy(false);
    // Success reloads the page; on failure the dialog closes and the toast explains.
    if (!ok) setDialog(null);
  }

  const close = () => {
    setDialog(null);
    setTyped("");
  };

  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="secondary" onClick={() => setDialog("leave")}>
        {ORGANIZATION_TEXT.leave}
      </Button>
      {myRole === "OWNER" ? (
        <Button variant="danger" onClick={() => setDialog("delete")}>
          {ORGANIZATION_TEXT.delete}
        </Button>
      ) : null}
      <ConfirmDialog open={dialog === "leave"} title={ORGANIZATION_TEXT.leaveConfirm(name)} confirmLabel={ORGANIZATION_TEXT.leave} busy={busy} onCancel={close} onConfirm={() => void run(onLeave)}>
        <p>{ORGANIZATION_TEXT.leaveBody}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "delete"}
        title={ORGANIZATION_TEXT.deleteConfirm(name)}
        confirmLabel={ORGANIZATION_TEXT.delete}
        busy={busy}
        confirmDisabled={typed.trim() !== name}
        onCancel={close}
        onConfirm={() => void run(onDelete)}
      >
        <p>{ORGANIZATION_TEXT.deleteBody}</p>
        <TextField label={ORGANIZATION_TEXT.deleteTypeName(name)} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </ConfirmDialog>
    </div>
  );
}
