import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { impersonateFailedWith, useStartImpersonation, useUserSearch } from "./use-impersonation";
import { MESSAGES } from "~/lib/messages";

/** Searches users from 3 characters (or Enter) and impersonates one (spec §2, §4, §5). */
export function UserSearch() {
  const { query, found, busy, onType, onSubmit } = useUserSearch();
  const { start, startingId: starting } = useStartImpersonation(impersonateFailedWith);

  return (
    <div>
      <form onSubmit={onSubmit} role="search" className="flex gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            id="user-search"
            label="Search users"
            hideLabel
            type="search"
            value={query}
            placeholder="Search users by e-mail or name"
            onChange={onType}
          />
        </div>
        <Button type="submit" variant="secondary" loading={busy}>Search</Button>
      </form>
      {found !== null ? (
        found.users.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{MESSAGES.noUsersMatching(found.term)}</p>
        ) : (
          <ul aria-label="Users" className="mt-3 max-h-[15rem] divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {found.users.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0">
                  <a href={`/admin/users/${u.id}`} className="block truncate font-medium hover:underline">{`${u.firstName} ${u.lastName}`.trim() || u.email}</a>
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{u.email} · {u.role}</span>
                </span>
                <Button size="sm" variant="secondary" loading={starting === u.id} onClick={() => start(u)}>
                  Impersonate
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
