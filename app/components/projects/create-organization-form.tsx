import { useState, type FormEvent } from "react";
import type { OrganizationSummaryDto } from "../../../workers/contracts/auth";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { MESSAGES } from "~/lib/messages";
import { STORAGE_KEYS, writeLocal } from "~/lib/storage-keys";

/** Creates an organization and makes it the active one. */
export function CreateOrganizationForm({ onCreated }: { onCreated: (org: OrganizationSummaryDto) => void }) {
  const api = useApi();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "").trim();
    if (!name) {
      setError("Organization name is required");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { organization } = await api.post<{ organization: OrganizationSummaryDto }>("/v1/organization", { name });
      writeLocal(STORAGE_KEYS.activeOrganizationId, organization.id);
      onCreated(organization);
    } catch {
      toasts.show({ message: MESSAGES.createOrganization, type: "error" });
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2 className="mb-1 font-semibold">Create your organization</h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">Projects belong to an organization. Invite your team to it later.</p>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-60 flex-1">
          <TextField label="Organization name" name="name" required error={error} />
        </div>
        <Button type="submit" loading={busy}>Create organization</Button>
      </form>
    </Card>
  );
}
