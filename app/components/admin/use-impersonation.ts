import { useState } from "react";
import { useApi, useToasts } from "~/components/app/app-context";
import { queueFlashToast } from "~/lib/flash-toast";
import { endImpersonation, startImpersonation } from "~/lib/impersonation";
import { MESSAGES } from "~/lib/messages";

/**
 * Starts impersonating a user and opens the app as them; the success toast shows on the new page.
 * `startingId` is the user being started, `failed` the error toast's text (the controls word it apart).
 */
export function useStartImpersonation(failed: (err: unknown) => string): { start: (user: { id: string; email: string }) => Promise<void>; startingId: string | null } {
  const api = useApi();
  const toasts = useToasts();
  const [startingId, setStartingId] = useState<string | null>(null);
  async function start(user: { id: string; email: string }) {
    setStartingId(user.id);
    try {
      await startImpersonation(api, user.id);
      queueFlashToast({ message: MESSAGES.nowImpersonating(user.email), type: "success" });
      window.location.assign("/snapshots");
    } catch (err) {
      toasts.show({ message: failed(err), type: "error" });
      setStartingId(null);
    }
  }
  return { start, startingId };
}

/** The admin screens' wording of a failed start: the API's reason where it gave one. */
export const impersonateFailedWith = (err: unknown) => MESSAGES.impersonateFailedWith(err instanceof Error ? err.message : undefined);

/** Ends an impersonation and goes back to /admin, where the success toast shows; says why when it fails. */
export function useStopImpersonation(): { stop: () => Promise<void>; stopping: boolean } {
  const api = useApi();
  const toasts = useToasts();
  const [stopping, setStopping] = useState(false);
  async function stop() {
    setStopping(true);
    try {
      await endImpersonation(api);
      queueFlashToast({ message: MESSAGES.impersonationEnded, type: "success" });
      window.location.assign("/admin");
    } catch (err) {
      toasts.show({ message: err instanceof Error && err.message === MESSAGES.adminTokenMissing ? MESSAGES.adminTokenMissing : MESSAGES.endImpersonationFailed, type: "error" });
      setStopping(false);
    }
  }
  return { stop, stopping };
}
