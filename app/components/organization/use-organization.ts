import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import type { MemberDto, OrgRole, OrganizationDetailsDto, OrganizationSummaryDto } from "../../../workers/contracts/auth";
import { useApi, useToasts } from "~/components/app/app-context";
import type { LoadedSection } from "~/lib/dashboard-context";
import { MESSAGES } from "~/lib/messages";
import { ORGANIZATION_TEXT } from "./texts";

/**
 * The member actions of spec §6 on the organization the loader read (routes/_app.organization.server.ts).
 * Every failure shows the spec's exact text (§8); an action without an active organization shows 'No
 * active organization selected'. A write goes through the API and then reads the screen's data again.
 */
export function useOrganization(
  organizationId: string | null,
  list: LoadedSection<OrganizationSummaryDto[]>,
  details: LoadedSection<OrganizationDetailsDto> | null,
) {
  const api = useApi();
  const toasts = useToasts();
  const { revalidate } = useRevalidator();

  // Announce a load failure once per answer of the loader, not on every render.
  useEffect(() => {
    if (list.error !== null) toasts.show({ message: MESSAGES.fetchOrganizations, type: "error" });
  }, [list, toasts]);
  useEffect(() => {
    if (details?.error) toasts.show({ message: MESSAGES.fetchOrganizationDetails, type: "error" });
  }, [details, toasts]);

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
        revalidate();
        return true;
      } catch {
        toasts.show({ message: MESSAGES.inviteUser, type: "error" });
        return false;
      }
    },
    [api, toasts, requireActive, revalidate],
  );

  const changeRole = useCallback(
    async (member: MemberDto, role: OrgRole): Promise<boolean> => {
      const id = requireActive();
      if (!id) return false;
      try {
        await api.put(`/v1/organization/${id}/members/${member.id}`, { role });
        toasts.show({ message: ORGANIZATION_TEXT.roleUpdated(member.email), type: "success" });
        revalidate();
        return true;
      } catch {
        toasts.show({ message: MESSAGES.updateMemberRole, type: "error" });
        revalidate();
        return false;
      }
    },
    [api, toasts, requireActive, revalidate],
  );

  const remove = useCallback(
    async (member: MemberDto): Promise<boolean> => {
      const id = requireActive();
      if (!id) return false;
      try {
        await api.del(`/v1/organization/${id}/members/${member.id}`);
        toasts.show({ message: member.status === "pending" ? ORGANIZATION_TEXT.withdrawn(member.email) : ORGANIZATION_TEXT.removed(member.email), type: "success" });
        revalidate();
        return true;
      } catch {
        toasts.show({ message: MESSAGES.removeMember, type: "error" });
        return false;
      }
    },
    [api, toasts, requireActive, revalidate],
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

  return { reload: revalidate, invite, changeRole, remove, leave, destroy };
}
