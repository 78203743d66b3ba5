import { useCallback, useEffect, useRef } from "react";
import type { MemberDto, OrgRole, OrganizationDetailsDto, OrganizationSummaryDto } from "../../../workers/contracts/auth";
import { useApi, useToasts } from "~/components/app/app-context";
import { MESSAGES } from "~/lib/messages";
import { useAsync } from "~/lib/use-async";
import { ORGANIZATION_TEXT } from "./texts";

/**
 * The active organization's data and the member actions of spec §6. Every failure shows the spec's
 * exact text (§8); an action without an active organization shows 'No active organization selected'.
 */
export function useOrganization(organizationId: string | null) {
  const api = useApi();
  const toasts = useToasts();

  const list = useAsync(() => api.get<{ organizations: OrganizationSummaryDto[] }>("/v1/organization", { fresh: true }).then((r) => r.organizations), []);
  const details = useAsync(
    () => (organizationId ? api.get<{ organization: OrganizationDetailsDto }>(`/v1/organization/${organizationId}`, { fresh: true }).then((r) => r.organization) : Promise.resolve(null)),
    [organizationId],
  );

  // Announce load failures once per failure, not on every render.
  const announced = useRef<{ list: Error | null; details: Error | null }>({ list: null, details: null });
  useEffect(() => {
    if (list.error && announced.current.list !== list.error) toasts.show({ message: MESSAGES.fetchOrganizations, type: "error" });
    announced.current.list = list.error;
  }, [list.error, toasts]);
  useEffect(() => {
    if (details.error && announced.current.details !== details.error) toasts.show({ message: MESSAGES.fetchOrganizationDetails, type: "error" });
    announced.current.details = details.error;
  }, [details.error, toasts]);

  const requireActive = useCallback(() => {
    if (organizationId) return organizationId;
    toasts.show({ message: MESSAGES.noActiveOrganization, type: "error" });
    return null;
  }, [organizationId, toasts]);

  const invite = useCallback(
    async (email: string, role: OrgRole): Promise<boolean> => {
      const id = requireActive();
      if (!id) return false;
      try {
        const { member } = await api.post<{ member: MemberDto }>(`/v1/organization/${id}/invite`, { email, role });
        toasts.show({ message: member.status === "pending" ? ORGANIZATION_TEXT.invited(member.email) : ORGANIZATION_TEXT.added(member.email), type: "success" });
        details.reload();
        return true;
      } catch {
        toasts.show({ message: MESSAGES.inviteUser, type: "error" });
        return false;
      }
    },
    [api, toasts, requireActive, details],
  );

  const changeRole = useCallback(
    async (member: MemberDto, role: OrgRole): Promise<boolean> => {
      const id = requireActive();
      if (!id) return false;
      try {
        await api.put(`/v1/organization/${id}/members/${member.id}`, { role });
        toasts.show({ message: ORGANIZATION_TEXT.roleUpdated(member.email), type: "success" });
        details.reload();
        return true;
      } catch {
        toasts.show({ message: MESSAGES.updateMemberRole, type: "error" });
        details.reload();
        return false;
      }
    },
    [api, toasts, requireActive, details],
  );

  const remove = useCallback(
    async (member: MemberDto): Promise<boolean> => {
      const id = requireActive();
      if (!id) return false;
      try {
        await api.del(`/v1/organization/${id}/members/${member.id}`);
        toasts.show({ message: member.status === "pending" ? ORGANIZATION_TEXT.withdrawn(member.email) : ORGANIZATION_TEXT.removed(member.email), type: "success" });
        details.reload();
        return true;
      } catch {
        toasts.show({ message: MESSAGES.removeMember, type: "error" });
        return false;
      }
    },
    [api, toasts, requireActive, details],
  );

  const leave = useCallback(async (): Promise<boolean> => {
    const id = requireActive();
    if (!id) return false;
    try {
      await api.post(`/v1/organization/${id}/leave`);
      return true;
    } catch {
      toasts.show({ message: MESSAGES.leaveOrganization, type: "error" });
      return false;
    }
  }, [api, toasts, requireActive]);

  const destroy = useCallback(async (): Promise<boolean> => {
    const id = requireActive();
    if (!id) return false;
    try {
      await api.del(`/v1/organization/${id}`);
      return true;
    } catch {
      toasts.show({ message: MESSAGES.deleteOrganization, type: "error" });
      return false;
    }
  }, [api, toasts, requireActive]);

  return { list, details, invite, changeRole, remove, leave, destroy };
}
