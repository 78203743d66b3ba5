import { useState, type FormEvent } from "react";
import { savePromptSchema, type PromptDto } from "../../../workers/contracts/mapping";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { Badge, ErrorState } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextAreaField } from "~/components/ui/text-area";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";
import type { LoadedSection } from "~/lib/dashboard-context";
import { SettingsSection } from "./settings-section";
import { MAPPING_SETTINGS_TEXTS as T } from "./texts";
import { LocalTime } from "~/components/ui/local-time";

function Versions({ prompt }: { prompt: PromptDto }) {
  if (prompt.versions.length === 0) return null;
  const versions = [...prompt.versions].sort((a, b) => b.version - a.version);
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700 dark:text-slate-200">{T.promptVersions}</h3>
      <ol
        tabIndex={0}
        className="mt-2 max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800"
        aria-label={T.promptVersions}
      >
        {versions.map((v) => (
          <li
            key={v.version}
            aria-current={v.version === prompt.version ? "true" : undefined}
            className={`flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 ${v.version === prompt.version ? "bg-brand-50/60 dark:bg-slate-800/60" : ""}`}
          >
            <span className="font-medium">{T.promptVersion(v.version)}</span>
            {v.isDefault ? <Badge>{T.promptDefault}</Badge> : null}
            {v.version === prompt.version ? <Badge tone="blue">{T.promptCurrent}</Badge> : null}
            <span className="text-slate-600 dark:text-slate-400">
              <LocalTime iso={v.createdAt} /> · {T.promptVersionBy(v.createdBy)}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Which of the site's prompts: the mapping layer's or Enrich's; each has its own history and API path. */
export type PromptKind = "mapping" | "enrich";

const KIND_TEXTS: Record<PromptKind, { title: string; label: string }> = {
  mapping: { title: T.promptTitle, label: T.promptLabel },
  enrich: { title: T.enrichPromptTitle, label: T.enrichPromptLabel },
};

function Editor({ siteId, kind, prompt, onChange }: { siteId: string; kind: PromptKind; prompt: PromptDto; onChange: (p: PromptDto) => void }) {
  const api = useApi();
  const toasts = useToasts();
  const [text, setText] = useState(prompt.prompt);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "reset" | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const base = `/v1/sites/${encodeURIComponent(siteId)}/${kind}/prompt`;
  const dirty = text !== prompt.prompt;

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const local = savePromptSchema.safeParse({ prompt: text });
    if (!local.success) {
      setFieldError(local.error.issues[0]?.message ?? T.promptFailed);
      return;
    }
    setFieldError(null);
    setBusy("save");
    try {
      const next = await api.put<PromptDto>(base, { prompt: text });
      toasts.show({ message: T.promptSaved(next.version), type: "success" });
      onChange(next);
    } catch (err) {
      setFieldError(fieldErrors(err).prompt ?? null);
      setError(err instanceof ApiRequestError ? err.error : T.promptFailed);
      setBusy(null);
    }
  }

  async function reset() {
    setError(null);
    setBusy("reset");
    try {
      const next = await api.post<PromptDto>(`${base}/reset`);
      setConfirmReset(false);
      toasts.show({ message: T.promptResetDone(next.version), type: "success" });
      onChange(next);
    } catch (err) {
      setConfirmReset(false);
      setError(err instanceof ApiRequestError ? err.error : T.promptResetFailed);
      setBusy(null);
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <form onSubmit={save} noValidate aria-label={KIND_TEXTS[kind].title} className="space-y-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{T.promptVersion(prompt.version)}</span>
          <Badge tone={prompt.isDefault ? "slate" : "blue"}>{prompt.isDefault ? T.promptDefault : T.promptCustom}</Badge>
          {dirty ? <Badge tone="amber">{T.promptUnsaved}</Badge> : null}
        </div>
        <TextAreaField
          label={KIND_TEXTS[kind].label}
          rows={14}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={fieldError}
          className="font-mono text-xs leading-relaxed"
          spellCheck={false}
        />
        {error ? <ErrorState message={error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmReset(true)} disabled={busy !== null || prompt.isDefault}>
            {T.promptReset}
          </Button>
          <Button type="submit" loading={busy === "save"} disabled={busy !== null || !dirty}>
            {T.promptSave}
          </Button>
        </div>
      </form>
      <Versions prompt={prompt} />
      <ConfirmDialog
        open={confirmReset}
        title={T.promptResetTitle}
        confirmLabel={T.promptReset}
        tone="primary"
        busy={busy === "reset"}
        onConfirm={() => void reset()}
        onCancel={() => setConfirmReset(false)}
      >
        <p>{T.promptResetBody}</p>
      </ConfirmDialog>
    </div>
  );
}

/** A site's prompt (mapping by default, or Enrich's): edit and save as a new version, see the versions, reset to the default. */
export function PromptEditor({ siteId, loaded, onReload, kind = "mapping", description = T.promptDescription }: { siteId: string; loaded: LoadedSection<PromptDto>; onReload: () => void; kind?: PromptKind; description?: string }) {
  const [latest, setLatest] = useState<PromptDto | null>(null);
  const prompt = latest ?? loaded.data;
  return (
    <SettingsSection id={`${kind}-prompt`} title={KIND_TEXTS[kind].title} description={description}>
      {loaded.error !== null && !prompt ? <ErrorState message={`${T.promptLoadFailed}: ${loaded.error}`} onRetry={onReload} /> : null}
      {/* Each saved version restarts the editor from the stored text. */}
      {prompt ? <Editor key={prompt.version} siteId={siteId} kind={kind} prompt={prompt} onChange={setLatest} /> : null}
    </SettingsSection>
  );
}
