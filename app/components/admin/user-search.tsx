import { useState, type FormEvent } from "react";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { CONSTANTS } from "~/lib/constants";
import { impersonateFailedWith, useStartImpersonation } from "./use-impersonation";
import { MESSAGES } from "~/lib/messages";

interface FoundUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** Searches users from 3 characters (or Enter) and impersonates one (spec §2, §4, §5). */
export function UserSearch() {
  const api = useApi();
  const toasts = useToasts();
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState<string | null>(null);
  const [users, setUsers] = useState<FoundUser[]>([]);
  const [busy, setBusy] = useState(false);
  const { start, startingId: starting } = useStartImpersonation(impersonateFailedWith);

  async function search(term: string) {
    const q = term.trim();
    if (q.length < CONSTANTS.userSearchMinChars) {
      setUsers([]);
      setSearched(null);
      return;
    }
    setBusy(true);
    try {
      const res = await api.get<{ users: FoundUser[] }>(`/v1/admin/users?search=${encodeURIComponent(q)}`, { fresh: true });
      setUsers(res.users);
      setSearched(q);
    } catch {
      setUsers([]);
      setSearched(null);
      toasts.show({ message: MESSAGES.searchUsersFailed, type: "error" });
    } finally {
      setBusy(false);
    }
  }

  const impersonate = (u: FoundUser) => start(u);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void search(query);
  }

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
            onChange={(e) => {
              setQuery(e.target.value);
              void search(e.target.value);
            }}
          />
        </div>
        <Button type="submit" variant="secondary" loading={busy}>Search</Button>
      </form>
      {searched !== null ? (
        users.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{MESSAGES.noUsersMatching(searched)}</p>
        ) : (
          <ul aria-label="Users" className="mt-3 max-h-[15rem] divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {users.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0">
                  <a href={`/admin/users/${u.id}`} className="block truncate font-medium hover:underline">{`${u.firstName} ${u.lastName}`.trim() || u.email}</a>
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{u.email} · {u.role}</span>
                </span>
                <Button size="sm" variant="secondary" loading={starting === u.id} onClick={() => impersonate(u)}>
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
