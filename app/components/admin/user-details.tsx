import { Link } from "@remix-run/react";
import type { AdminUserDetailsDto, AuditEventDto } from "../../../workers/contracts/admin";
import { Badge, Card } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { impersonateFailedWith, useStartImpersonation } from "./use-impersonation";
import { LocalTime } from "~/components/ui/local-time";

const when = (iso: string | null) => (iso ? <LocalTime iso={iso} /> : "—");

function Summary({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  return <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{JSON.stringify(value, null, 2)}</pre>;
}

function AuditRow({ e, userId }: { e: AuditEventDto; userId: string }) {
  const hasChange = e.before != null || e.after != null;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono font-medium">{e.action}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {e.entityType}
          {e.entityId ? ` ${e.entityId}` : ""}
        </span>
        {e.impersonatorUserId ? <Badge tone="amber">{e.impersonatorUserId === userId ? "As impersonator" : "While impersonated"}</Badge> : null}
        <time dateTime={e.createdAt} className="ml-auto text-xs text-slate-500 dark:text-slate-400">
          {when(e.createdAt)}
        </time>
      </div>
      {hasChange ? (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">Changes</summary>
          <div className="grid gap-2 sm:grid-cols-2">
            <div>
              <p className="mt-1 font-medium">Before</p>
              <Summary value={e.before} />
            </div>
            <div>
              <p className="mt-1 font-medium">After</p>
              <Summary value={e.after} />
            </div>
          </div>
        </details>
      ) : null}
    </li>
  );
}

/** A user as administrators see them: profile, organizations, sessions and recent audit events. */
export function UserDetails({ details, currentAdminId }: { details: AdminUserDetailsDto; currentAdminId: string }) {
  const { start, startingId } = useStartImpersonation(impersonateFailedWith);
  const busy = startingId !== null;
  const u = details.user;
  const canImpersonate = u.role !== "ADMIN" && u.id !== currentAdminId;

  const impersonate = () => start(u);

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Card>
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <h2 className="font-semibold">Profile</h2>
          {canImpersonate ? (
            <Button size="sm" variant="secondary" loading={busy} onClick={impersonate}>
              Impersonate
            </Button>
          ) : null}
        </div>
        <dl className="grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
          <dt className="text-slate-500 dark:text-slate-400">Name</dt>
          <dd>{u.name || "—"}</dd>
          <dt className="text-slate-500 dark:text-slate-400">E-mail</dt>
          <dd className="break-all">{u.email}</dd>
          <dt className="text-slate-500 dark:text-slate-400">Role</dt>
          <dd>
            <Badge tone={u.role === "ADMIN" ? "blue" : "slate"}>{u.role}</Badge>
          </dd>
          <dt className="text-slate-500 dark:text-slate-400">Theme</dt>
          <dd>{u.themePreference}</dd>
          <dt className="text-slate-500 dark:text-slate-400">Created</dt>
          <dd>{when(u.createdAt)}</dd>
        </dl>
      </Card>
      <Card>
        <h2 className="mb-3 font-semibold">Organizations</h2>
        {details.organizations.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Not a member of any organization.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {details.organizations.map((o) => (
              <li key={o.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 truncate">
                  {o.name}
                  {o.id === u.lastActiveOrganizationId ? <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">last active</span> : null}
                </span>
                <Badge>{o.role}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="xl:col-span-2">
        <h2 className="mb-3 font-semibold">Sessions</h2>
        {details.sessions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No active sessions.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">Started</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Last used</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Expires</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Browser</th>
                  <th scope="col" className="py-2 font-medium">Kind</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {details.sessions.map((s) => (
                  <tr key={s.id}>
                    <td className="py-2 pr-3">{when(s.createdAt)}</td>
                    <td className="py-2 pr-3">{when(s.lastUsedAt)}</td>
                    <td className="py-2 pr-3">{when(s.expiresAt)}</td>
                    <td className="max-w-[16rem] truncate py-2 pr-3" title={s.userAgent ?? undefined}>{s.userAgent ?? "—"}</td>
                    <td className="py-2">{s.isImpersonation ? <Badge tone="amber">Impersonation</Badge> : <Badge>Sign-in</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card className="xl:col-span-2">
        <h2 className="mb-1 font-semibold">Recent audit events</h2>
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">What this user did, or what was done as them, newest first.</p>
        {details.auditEvents.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No audit events.</p>
        ) : (
          <ul aria-label="Audit events" className="divide-y divide-slate-200 dark:divide-slate-800">
            {details.auditEvents.map((e) => (
              <AuditRow key={e.id} e={e} userId={u.id} />
            ))}
          </ul>
        )}
      </Card>
      <p className="text-sm xl:col-span-2">
        <Link to="/admin" className="font-medium text-brand-600 underline dark:text-brand-100">
          Back to user search
        </Link>
      </p>
    </div>
  );
}
