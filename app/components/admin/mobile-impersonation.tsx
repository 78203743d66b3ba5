import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useStartImpersonation, useStopImpersonation, useUserSearch } from "./use-impersonation";
import { MESSAGES } from "~/lib/messages";

/**
 * The compact impersonation control of the mobile menu (spec §8 'Failed to start impersonation'):
 * a search from 3 characters (or Enter) with one-tap impersonation, or the stop button while
 * impersonating. The full control lives on the admin screen.
 */
export function MobileImpersonation({ isAdmin, isImpersonation }: { isAdmin: boolean; isImpersonation: boolean }) {
  const { query, found, onType, onSubmit } = useUserSearch();
  const { start, startingId: busy } = useStartImpersonation(() => MESSAGES.impersonateStartFailed);
  const { stop, stopping } = useStopImpersonation();

  if (!isAdmin && !isImpersonation) return null;

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
              onChange={onType}
              className="w-full"
            />
          </form>
          {found !== null ? (
            found.users.length === 0 ? (
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{MESSAGES.noUsersMatching(found.term)}</p>
            ) : (
              <ul aria-label="Users to impersonate" className="mt-2 max-h-[15rem] space-y-1 overflow-y-auto">
                {found.users.map((u) => (
                  <li key={u.id}>
                    <Button size="sm" variant="ghost" className="w-full justify-between!" aria-label={`Impersonate ${u.email}`} loading={busy === u.id} disabled={busy !== null || stopping} onClick={() => start(u)}>
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
