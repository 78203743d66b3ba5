import { useState, type FormEvent } from "react";
import { LLM_PROVIDERS, mappingSettingsSchema, type LlmProvider, type MappingSettingsDto } from "../../../workers/contracts/mapping";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { SelectField, TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";
import type { LoadedSection } from "~/lib/dashboard-context";
import { settingsBody } from "./format";
import { SettingsSection } from "./settings-section";
import { MAPPING_SETTINGS_TEXTS as T, PROVIDER_LABELS } from "./texts";

const PROVIDER_OPTIONS = LLM_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }));

function Form({ siteId, initial, onSaved }: { siteId: string; initial: MappingSettingsDto; onSaved: (dto: MappingSettingsDto) => void }) {
  const api = useApi();
  const toasts = useToasts();
  const [provider, setProvider] = useState<LlmProvider>(initial.llmProvider);
  const [model, setModel] = useState(initial.model);
  const [baseUrl, setBaseUrl] = useState(initial.baseUrl);
  const [apiKey, setApiKey] = useState(initial.apiKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const body = settingsBody({ llmProvider: provider, model, baseUrl, apiKey });
    const local = mappingSettingsSchema.safeParse(body);
    if (!local.success) {
      setErrors(Object.fromEntries(local.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await api.put<MappingSettingsDto>(`/v1/sites/${encodeURIComponent(siteId)}/mapping/settings`, body);
      toasts.show({ message: T.llmSaved, type: "success" });
      onSaved(saved);
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(err instanceof ApiRequestError ? err.error : T.llmFailed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={T.llmTitle} className="max-w-xl space-y-4">
      <SelectField label={T.provider} value={provider} options={PROVIDER_OPTIONS} onChange={(e) => setProvider(e.target.value as LlmProvider)} error={errors.llmProvider} />
      {provider === "workers-ai" && !initial.workersAiAvailable ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          {T.workersAiUnavailable}
        </p>
      ) : null}
      {provider === "openai-compatible" ? (
        <TextField
          label={T.baseUrl}
          type="url"
          inputMode="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          hint={T.baseUrlHint}
          error={errors.baseUrl}
          placeholder="https://api.example.com/v1"
          className="font-mono"
        />
      ) : null}
      {provider !== "none" ? (
        <TextField
          label={T.model}
          value={model}
          onChange={(e) => setModel(e.target.value)}
          hint={provider === "workers-ai" ? T.modelHintWorkersAi : T.modelHintOpenAi}
          error={errors.model}
          className="font-mono"
        />
      ) : null}
      {provider === "openai-compatible" ? (
        <TextField
          label={T.apiKey}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          hint={initial.apiKey ? T.apiKeyHintStored : T.apiKeyHintNone}
          error={errors.apiKey}
        />
      ) : null}
      {error ? <ErrorState message={error} /> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {T.llmSave}
        </Button>
      </div>
    </form>
  );
}

/** The stored values this form edits; a change of any of them restarts it. */
export function formKey({ llmProvider, model, baseUrl, apiKey }: MappingSettingsDto): string {
  return JSON.stringify([llmProvider, model, baseUrl, apiKey]);
}

/** Which language model adds proposals: none, Workers AI, or an OpenAI-compatible endpoint (key masked). */
export function LlmSettingsForm({ siteId, loaded, onReload }: { siteId: string; loaded: LoadedSection<MappingSettingsDto>; onReload: () => void }) {
  const [saved, setSaved] = useState<MappingSettingsDto | null>(null);
  const current = saved ?? loaded.data;
  return (
    <SettingsSection id="mapping-llm" title={T.llmTitle} description={T.llmDescription}>
      {loaded.error !== null && !current ? <ErrorState message={`${T.llmLoadFailed}: ${loaded.error}`} onRetry={onReload} /> : null}
      {/* A save answers the stored settings (key masked again), so the form restarts from them. Only what this
          form edits restarts it: saving the threshold elsewhere on the tab changes minConfidence, and must not
          throw away a model being chosen here. */}
      {current ? <Form key={formKey(current)} siteId={siteId} initial={current} onSaved={setSaved} /> : null}
    </SettingsSection>
  );
}
