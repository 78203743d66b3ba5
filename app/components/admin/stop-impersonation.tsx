import { useState } from "react";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { endImpersonation } from "~/lib/impersonation";
import { queueFlashToast } from "~/lib/flash-toast";
import { MESSAGES } from "~/lib/messages";

/** Replaces the impersonate control while impersonating (spec §6). */
export function StopImpersonation({ email }: { email: string }) {
  const api = useApi();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  async function stop() {
    setBusy(true);
    try {
      await endImpersonation(api);
      // The app reloads next; the success toast is shown on the new page.
      queueFlashToast({ message: MESSAGES.impersonationEnded, type: "success" });
      window.location.assign("/admin");
    } catch (err) {
      toasts.show({ message: err instanceof Error && err.message === MESSAGES.adminTokenMissing ? MESSAGES.adminTokenMissing : MESSAGES.endImpersonationFailed, type: "error" });
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <span>Impersonating {email}</span>
      <Button size="sm" variant="secondary" loading={busy} onClick={stop}>
        Stop impersonating
      </Button>
    </div>
  );
}
