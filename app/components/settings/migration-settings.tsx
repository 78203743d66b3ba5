import { useState, type FormEvent } from "react";
import { FIDELITY_TEXTS } from "../../../workers/contracts/fidelity";
import type { SiteConfigDto } from "../../../workers/contracts/sites";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { TextAreaField } from "~/components/ui/text-area";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";
import { parseThreshold } from "~/components/mapping-settings/format";

/** Migration sources (sitemap or curated URL list) and run options. */
export function MigrationSettings({ config, onSaved }: { config: SiteConfigDto; onSaved: () => void }) {
  const api = useApi();
  const toasts = useToasts();
  const s = config.settings ?? {};
  const [sitemapUrl, setSitemapUrl] = useState(s.sitemapUrl ?? "");
  const [urlList, setUrlList] = useState((s.urlList ?? []).join("\n"));
  const [concurrency, setConcurrency] = useState(String(s.concurrency ?? 4));
  const [fidelityThreshold, setFidelityThreshold] = useState(s.fidelityThreshold == null ? "" : String(s.fidelityThreshold));
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    // Empty turns the threshold off; anything else must be a share from 0 to 1.
    const off = fidelityThreshold.trim() === "";
    const threshold = off ? null : parseThreshold(fidelityThreshold);
    if (!off && threshold === null) {
      setThresholdError(FIDELITY_TEXTS.thresholdRange);
      return;
    }
    setThresholdError(null);
    setBusy(true);
    const settings = {
      sitemapUrl: sitemapUrl.trim(),
      urlList: urlList.split(/\s+/).map((u) => u.trim()).filter(Boolean),
      concurrency: Number(concurrency),
      fidelityThreshold: threshold,
    };
    try {
      await api.put(`/v1/site-config/${config.siteId}`, { settings });
      toasts.show({ message: "Settings saved", type: "success" });
      onSaved();
    } catch (err) {
      setThresholdError(fieldErrors(err)["settings.fidelityThreshold"] ?? null);
      setError(err instanceof ApiRequestError ? err.error : "Could not save the settings");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="max-w-xl space-y-4" noValidate aria-label="Migration sources">
      <TextField label="Sitemap URL" type="url" placeholder="https://www.example.com/sitemap.xml" value={sitemapUrl} onChange={(e) => setSitemapUrl(e.target.value)} hint="Sitemap index files and gzip-compressed sitemaps are followed." />
      <TextAreaField id="url-list" label="Curated URL list" rows={6} value={urlList} onChange={(e) => setUrlList(e.target.value)} placeholder="One URL per line" hint="When set, runs use this list instead of the sitemap." className="font-mono" />
      <TextField label="Pages rendered at once" type="number" min={1} max={16} value={concurrency} onChange={(e) => setConcurrency(e.target.value)} />
      <TextField
        label={FIDELITY_TEXTS.thresholdLabel}
        type="number"
        inputMode="decimal"
        min={0}
        max={1}
        step={0.01}
        placeholder="0.8"
        value={fidelityThreshold}
        onChange={(e) => setFidelityThreshold(e.target.value)}
        hint={FIDELITY_TEXTS.thresholdHint}
        error={thresholdError}
      />
      {error ? <ErrorState message={error} /> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>Save</Button>
      </div>
    </form>
  );
}
