import { useState, type FormEvent } from "react";
import { DEFAULT_MIN_CONFIDENCE } from "../../../workers/contracts/mapping";
import type { SiteConfigDto } from "../../../workers/contracts/sites";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";
import { parseThreshold } from "./format";
import { SettingsSection } from "./settings-section";
import { MAPPING_SETTINGS_TEXTS as T } from "./texts";

/** The minimum confidence for auto-apply, kept in the site configuration's settings (`minConfidence`). */
export function ThresholdForm({ config, onSaved }: { config: SiteConfigDto; onSaved: () => void }) {
  const api = useApi();
  const toasts = useToasts();
  const [value, setValue] = useState(String(config.settings?.minConfidence ?? DEFAULT_MIN_CONFIDENCE));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = parseThreshold(value);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (parsed === null) {
      setFieldError(T.thresholdRange);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await api.put(`/v1/site-config/${config.siteId}`, { settings: { minConfidence: parsed } });
      toasts.show({ message: T.thresholdSaved, type: "success" });
      onSaved();
    } catch (err) {
      setFieldError(fieldErrors(err)["settings.minConfidence"] ?? null);
      setError(err instanceof ApiRequestError ? err.error : T.thresholdFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="mapping-threshold" title={T.thresholdTitle}>
      <form onSubmit={submit} noValidate aria-label={T.thresholdTitle} className="max-w-xl space-y-4">
        <TextField
          label={T.thresholdLabel}
          type="number"
          inputMode="decimal"
          min={0}
          max={1}
          step={0.01}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={fieldError}
          hint={
            <>
              {T.thresholdHint}
              {parsed !== null ? <span className="mt-1 block font-medium text-slate-700 dark:text-slate-300">{T.thresholdAsPercent(Math.round(parsed * 100))}</span> : null}
            </>
          }
        />
        {error ? <ErrorState message={error} /> : null}
        <div className="flex justify-end">
          <Button type="submit" loading={busy}>
            {T.thresholdSave}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
