import { useState, type FormEvent } from "react";
import type { SiteConfigDto } from "../../../workers/contracts/sites";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { useFormSave } from "~/lib/use-form-save";

/** Project name, domain and icon. */
export function GeneralSettings({ config, onSaved }: { config: SiteConfigDto; onSaved: () => void }) {
  const api = useApi();
  const toasts = useToasts();
  const [name, setName] = useState(config.name);
  const [domain, setDomain] = useState(config.domain);
  const [iconUrl, setIconUrl] = useState(config.iconUrl ?? "");
  const { errors, error, busy, save } = useFormSave("Could not save the project");

  const onSubmit = (e: FormEvent) =>
    save(e, async () => {
      await api.put(`/v1/sites/${config.siteId}`, { name, domain, iconUrl });
      toasts.show({ message: "Project saved", type: "success" });
      onSaved();
    });

  return (
    <form onSubmit={onSubmit} className="max-w-xl space-y-4" noValidate aria-label="General">
      <TextField label="Project name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} required />
      <TextField label="Domain" value={domain} onChange={(e) => setDomain(e.target.value)} error={errors.domain} required />
      <TextField label="Icon URL" type="url" value={iconUrl} onChange={(e) => setIconUrl(e.target.value)} error={errors.iconUrl} />
      {error ? <ErrorState message={error} /> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>Save</Button>
      </div>
    </form>
  );
}
