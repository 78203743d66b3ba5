import { useState, type FormEvent } from "react";
import type { AdminUserSummaryDto } from "../../../workers/contracts/admin";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { CONSTANTS } from "~/lib/constants";
import { useStartImpersonation, useStopImpersonation } from "./use-impersonation";
import { MESSAGES } from "~/lib/messages";

/**
 * The compact impersonation control of the mobile menu (spec §8 'Failed to start impersonation'):
 * a search from 3 characters (or Enter) with one-tap impersonation, or the stop button while
 * impersonating. The full control lives on the admin screen.
 */
export function MobileImpersonation({ isAdmin, isImpersonation }: { isAdmin: boolean; isImpersonation: boolean }) {
  const api = useApi();
  const toasts = useToasts();
  const [query, setQuery] = useState("");
  const [users, setUsers] = useState<AdminUserSummaryDto[] | null>(null);
  const { start, startingId: busy } = useStartImpersonation(() => MESSAGES.impersonateStartFailed);
  const { stop, stopping } = useStopImpersonation();

  if (!isAdmin && !isImpersonation) return null;

  async function search(term: string) {
    const q = term.trim();
    if (q.length < CONSTANTS.userSearchMinChars) {
      setUsers(null);
      return;
    }
    try {
      const res = await api.get<{ users: AdminUserSummaryDto[] }>(`/v1/admin/users?search=${encodeURIComponent(q)}`, { fresh: true });
      setUsers(res.users);
    } catch {
      setUsers(null);
      toasts.show({ message: MESSAGES.searchUsersFailed, type: "error" });
    }
  }

  const impersonate = (u: AdminUserSummaryDto) => start(u);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void search(query);
  }

  return (
    <div className="rounded-md border border-slate-200 p-3 lg:hidden dark:border-slate-800" data-testid="mobile-impersonation">
      {isImpersonation ? (
        <Button size="sm" variant="secondary" className="w-full" loading={stopping} onClick={stop}>
          Stop impersonating
        </Button>
      ) : (
        <>
          <form onSubmit={onSubmit} role="search">
            <TextField
              compact
              id="mobile-impersonate"
              label="Impersonate a user"
              type="search"
              value={query}
              placeholder="E-mail or name"
              onChange={(e) => {
                setQuery(e.target.value);
                void search(e.target.value);
              }}
              className="w-full"
            />
          </form>
          {users !== null ? (
            users.length === 0 ? (
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{MESSAGES.noUsersMatching(query.trim())}</p>
            ) : (
              <ul aria-label="Users to impersonate" className="mt-2 max-h-[15rem] space-y-1 overflow-y-auto">
                {users.map((u) => (
                  <li key={u.id}>
                    <Button size="sm" variant="ghost" className="w-full justify-between!" aria-label={`Impersonate ${u.email}`} loading={busy === u.id} disabled={busy !== null || stopping} onClick={() => impersonate(u)}>
                      <span className="min-w-0 truncate">{u.email}</span>
                      <span className="shrink-0 text-xs text-brand-600 dark:text-brand-100">Impersonate</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </>
      )}
    </div>
  );
}
