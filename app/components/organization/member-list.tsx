import type { MemberDto, OrgRole } from "../../../workers/contracts/auth";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { Badge } from "~/components/ui/card";
import { ORGANIZATION_TEXT, ROLE_LABELS, assignableRoles, isOrganizationAdmin } from "./texts";

export interface MemberListProps {
  members: MemberDto[];
  myRole: OrgRole;
  myUserId: string;
  /** The member whose change is being saved. */
  busyId: string | null;
  onChangeRole: (member: MemberDto, role: OrgRole) => void;
  onRemove: (member: MemberDto) => void;
  emptyText?: string;
  label: string;
}

function displayName(m: MemberDto) {
  return `${m.firstName} ${m.lastName}`.trim();
}

/** Which rows the caller may change: admins manage others; OWNER rows need an owner. */
function canManage(m: MemberDto, myRole: OrgRole, myUserId: string) {
  if (!isOrganizationAdmin(myRole) || m.userId === myUserId) return false;
  return m.role !== "OWNER" || myRole === "OWNER";
}

/** Members or pending invitations, with role changes and removal where the caller may. */
export function MemberList({ members, myRole, myUserId, busyId, onChangeRole, onRemove, emptyText, label }: MemberListProps) {
  if (members.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{emptyText}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
      {members.map((m) => {
        const manage = canManage(m, myRole, myUserId);
        const pending = m.status === "pending";
        const name = displayName(m);
        return (
          <li key={m.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_9rem_7rem] sm:items-center">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 truncate font-medium">
                {name || m.email}
                {m.userId === myUserId ? <Badge tone="blue">{ORGANIZATION_TEXT.you}</Badge> : null}
                {pending ? <Badge tone="amber">Pending</Badge> : null}
              </p>
              {name ? <p className="truncate text-sm text-slate-600 dark:text-slate-400">{m.email}</p> : null}
            </div>
            <div>
              {manage ? (
                <SelectField
                  compact
                  hideLabel
                  label={`Role of ${m.email}`}
                  value={m.role}
                  disabled={busyId === m.id}
                  onChange={(e) => onChangeRole(m, e.target.value as OrgRole)}
                  options={assignableRoles(myRole).concat(m.role === "OWNER" && myRole !== "OWNER" ? [{ value: "OWNER", label: ROLE_LABELS.OWNER }] : [])}
                  className="w-full"
                />
              ) : (
                <Badge tone={m.role === "OWNER" ? "green" : "slate"}>{ROLE_LABELS[m.role]}</Badge>
              )}
            </div>
            <div className="sm:text-right">
              {manage ? (
                <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-300" disabled={busyId === m.id} onClick={() => onRemove(m)} aria-label={`${pending ? "Withdraw invitation for" : "Remove"} ${m.email}`}>
                  {pending ? "Withdraw" : "Remove"}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
