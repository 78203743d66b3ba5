import { useEffect, useState } from "react";
import type { MemberDto, OrgRole, OrganizationDetailsDto, OrganizationSummaryDto, UserDto } from "../../../workers/contracts/auth";
import { CreateOrganizationForm } from "~/components/projects/create-organization-form";
import { Card, EmptyState, ErrorState } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SelectField } from "~/components/ui/field";
import type { LoadedSection } from "~/lib/dashboard-context";
import { queueFlashToast } from "~/lib/flash-toast";
import { MESSAGES } from "~/lib/messages";
import { STORAGE_KEYS, writeLocal } from "~/lib/storage-keys";
import { DangerZone } from "./danger-zone";
import { InviteForm } from "./invite-form";
import { MemberList } from "./member-list";
import { ORGANIZATION_TEXT, isOrganizationAdmin } from "./texts";
import { useOrganization } from "./use-organization";

/** Makes another organization the active one; the dashboard resolves it on a full load. */
function switchTo(organizationId: string | null) {
  writeLocal(STORAGE_KEYS.activeOrganizationId, organizationId);
  writeLocal(STORAGE_KEYS.selectedSiteId, null);
  window.location.assign("/organization");
}

/** Organization management (spec §6): members, invitations, roles, leave and delete. */
export function OrganizationManager({
  user,
  organizationId,
  organizations: list,
  details: loadedDetails,
}: {
  user: UserDto;
  organizationId: string | null;
  organizations: LoadedSection<OrganizationSummaryDto[]>;
  details: LoadedSection<OrganizationDetailsDto> | null;
}) {
  const org = useOrganization(organizationId, list, loadedDetails);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<MemberDto | null>(null);
  // A changed role shows at once; the loader's next answer (after the write, or its failure) replaces it.
  const [optimisticRoles, setOptimisticRoles] = useState<Record<string, OrgRole>>({});
  useEffect(() => setOptimisticRoles({}), [loadedDetails]);

  const organizations = list.data ?? [];
  const details = loadedDetails?.data ?? null;

  async function changeRole(m: MemberDto, role: OrgRole) {
    setBusyId(m.id);
    setOptimisticRoles((roles) => ({ ...roles, [m.id]: role }));
    await org.changeRole(m, role);
    setBusyId(null);
  }

  async function confirmRemove() {
    if (!removing) return;
    setBusyId(removing.id);
    await org.remove(removing);
    setBusyId(null);
    setRemoving(null);
  }

  const switcher =
    organizations.length > 1 ? (
      <div className="max-w-xs">
        <SelectField
          label={ORGANIZATION_TEXT.switchLabel}
          value={organizationId ?? ""}
          options={organizations.map((o) => ({ value: o.id, label: o.name }))}
          onChange={(e) => switchTo(e.target.value)}
        />
      </div>
    ) : null;

  if (list.error !== null) return <ErrorState message={MESSAGES.fetchOrganizations} onRetry={org.reload} />;

  if (!organizationId) {
    return (
      <div className="space-y-6">
        <EmptyState title={MESSAGES.noActiveOrganization}>Create an organization, or ask a colleague to invite you to theirs.</EmptyState>
        <CreateOrganizationForm onCreated={(o) => switchTo(o.id)} />
      </div>
    );
  }

  if (!details) return <ErrorState message={MESSAGES.fetchOrganizationDetails} onRetry={org.reload} />;

  const members = details.members.map((m) => (optimisticRoles[m.id] ? { ...m, role: optimisticRoles[m.id] } : m));
  const active = members.filter((m) => m.status === "active");
  const pending = members.filter((m) => m.status === "pending");
  const admin = isOrganizationAdmin(details.role);
  const afterExit = async (action: () => Promise<boolean>, message: string) => {
    const ok = await action();
    if (ok) {
      queueFlashToast({ message, type: "success" });
      switchTo(null);
    }
    return ok;
  };

  return (
    <div className="space-y-6">
      {switcher}
      <Card>
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{details.name}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Your role: <span className="font-medium">{details.role}</span>
          </p>
        </div>
        <h3 className="mb-1 font-semibold">{ORGANIZATION_TEXT.members}</h3>
        <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">{ORGANIZATION_TEXT.roleHelp}</p>
        <MemberList label={ORGANIZATION_TEXT.members} members={active} myRole={details.role} myUserId={user.id} busyId={busyId} onChangeRole={changeRole} onRemove={setRemoving} />
      </Card>
      {admin ? (
        <Card>
          <h2 className="mb-1 font-semibold">{ORGANIZATION_TEXT.invite}</h2>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{ORGANIZATION_TEXT.inviteHint}</p>
          <InviteForm myRole={details.role} onInvite={org.invite} />
        </Card>
      ) : null}
      <Card>
        <h2 className="mb-3 font-semibold">{ORGANIZATION_TEXT.pending}</h2>
        <MemberList
          label={ORGANIZATION_TEXT.pending}
          members={pending}
          myRole={details.role}
          myUserId={user.id}
          busyId={busyId}
          onChangeRole={changeRole}
          onRemove={setRemoving}
          emptyText={ORGANIZATION_TEXT.noPending}
        />
      </Card>
      <Card>
        <h2 className="mb-3 font-semibold">Leave or delete</h2>
        <DangerZone name={details.name} myRole={details.role} onLeave={() => afterExit(org.leave, ORGANIZATION_TEXT.left(details.name))} onDelete={() => afterExit(org.destroy, ORGANIZATION_TEXT.deleted(details.name))} />
      </Card>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? (removing.status === "pending" ? ORGANIZATION_TEXT.withdrawConfirm(removing.email) : ORGANIZATION_TEXT.removeConfirm(removing.email)) : ""}
        confirmLabel={removing?.status === "pending" ? "Withdraw" : "Remove"}
        busy={removing !== null && busyId === removing.id}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        {removing?.status === "active" ? <p>{ORGANIZATION_TEXT.removeBody}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
