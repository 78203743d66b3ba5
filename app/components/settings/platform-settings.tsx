import { useState, type FormEvent } from "react";
import { platformMeta } from "../../../workers/contracts/platform-meta";
import type { SiteConfigDto } from "../../../workers/contracts/sites";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";
import { PlatformFields, PlatformSelect, initialPlatformValues, platformPayload, type PlatformValues } from "./platform-fields";

/** The platform connection tab: choose the target and fill its fields; secrets stay masked. */
export function PlatformSettings({ config, onSaved }: { config: SiteConfigDto; onSaved: () => void }) {
  const api = useApi();
  const toasts = useToasts();
  const [platform, setPlatform] = useState(config.platform ?? "");
  const [values, setValues] = useState<PlatformValues>(() => initialPlatformValues(config.platform, config.platformConfig));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!platform) return;
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      await api.put(`/v1/site-config/${config.siteId}`, { platform, platformConfig: platformPayload(platform, values) });
      toasts.show({ message: "Platform settings saved", type: "success" });
      onSaved();
    } catch (err) {
      const fields = fieldErrors(err);
      const mapped: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) mapped[k.replace(/^platformConfig\./, "")] = v;
      setErrors(mapped);
      setError(err instanceof ApiRequestError ? err.error : "Could not save the platform settings");
    } finally {
      setBusy(false);
    }
  }

  const meta = platformMeta(platform);
  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate aria-label="Platform connection">
      <PlatformSelect
        platform={platform}
        valuesFor={(p) => initialPlatformValues(p, p === config.platform ? config.platformConfig : {})}
        onChange={(p, v) => {
          setPlatform(p);
          setValues(v);
        }}
      />
      {platform ? <PlatformFields platform={platform} values={values} onChange={setValues} errors={errors} /> : null}
      {error ? <ErrorState message={error} /> : null}
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-slate-500 dark:text-slate-400">{meta ? `Labels: ${meta.labels.components} and ${meta.labels.templates}.` : ""}</p>
        <Button type="submit" loading={busy} disabled={!platform}>
          Save platform settings
        </Button>
      </div>
    </form>
  );
}
