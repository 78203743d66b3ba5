import { useState, type ChangeEvent, type FormEvent } from "react";
import type { AdminUserSummaryDto } from "../../../workers/contracts/admin";
import { useApi, useToasts } from "~/components/app/app-context";
import { CONSTANTS } from "~/lib/constants";
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

/**
 * The admin's user search (spec: from 3 characters as one types, or Enter): `onType` and `onSubmit`
 * for the search box; `found` is null until a search of enough characters answered, then its users
 * with the term they answer (`term`). A failed search says so and clears the list.
 */
export function useUserSearch() {
  const api = useApi();
  const toasts = useToasts();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ term: string; users: AdminUserSummaryDto[] } | null>(null);
  const [busy, setBusy] = useState(false);
  async function search(term: string) {
    const q = term.trim();
    if (q.length < CONSTANTS.userSearchMinChars) {
      setFound(null);
      return;
    }
    setBusy(true);
    try {
      const res = await api.get<{ users: AdminUserSummaryDto[] }>(`/v1/admin/users?search=${encodeURIComponent(q)}`, { fresh: true });
      setFound({ term: q, users: res.users });
    } catch {
      setFound(null);
      toasts.show({ message: MESSAGES.searchUsersFailed, type: "error" });
    } finally {
      setBusy(false);
    }
  }
  return {
    query,
    found,
    busy,
    onType: (e: ChangeEvent<HTMLInputElement>) => {
      setQuery(e.target.value);
      void search(e.target.value);
    },
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      void search(query);
    },
  };
}
