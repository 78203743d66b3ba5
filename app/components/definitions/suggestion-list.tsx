import { useState, type FormEvent } from "react";
import type { SuggestedComponent } from "../../../workers/contracts/mapping";
import { Badge } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { issuesFromDetails } from "./definition-draft";
import { validateChoices, type Choice, type RowErrors } from "./suggestion-choices";
import { AUTO_POPULATE_TEXTS, FIELD_TYPE_LABELS, STRUCTURE_KIND_LABELS } from "./texts";
import type { AcceptItem } from "./use-auto-populate";

function SuggestionRow({
  s,
  choice,
  errors,
  added,
  replaces,
  onChange,
}: {
  s: SuggestedComponent;
  choice: Choice;
  errors?: { key?: string; name?: string };
  added: boolean;
  replaces: string | null;
  onChange: (c: Choice) => void;
}) {
  const groupLabel = `${STRUCTURE_KIND_LABELS[s.kind]}: ${s.definition.name}`;
  return (
    <div
      role="group"
      aria-label={groupLabel}
      className={`rounded-lg border p-4 ${
        choice.checked ? "border-brand-500 bg-brand-50/40 dark:border-brand-500 dark:bg-slate-900" : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      }`}
    >
      <div className="flex items-start gap-3">
        <CheckboxField
          id={`pick-${s.id}`}
          size="lg"
          hideLabel
          label={AUTO_POPULATE_TEXTS.pick(choice.name || s.definition.name)}
          checked={choice.checked}
          onChange={(checked) => onChange({ ...choice, checked })}
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <Badge tone="blue">{STRUCTURE_KIND_LABELS[s.kind]}</Badge>
            <span className="text-slate-600 dark:text-slate-400">{AUTO_POPULATE_TEXTS.occurrences(s.occurrences)}</span>
            <span className="text-slate-600 dark:text-slate-400">{AUTO_POPULATE_TEXTS.score(Math.round(s.score * 100))}</span>
            {added ? <Badge tone="green">{AUTO_POPULATE_TEXTS.added}</Badge> : null}
            {replaces ? <Badge tone="amber">{replaces}</Badge> : null}
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField label={AUTO_POPULATE_TEXTS.name} value={choice.name} error={errors?.name} onChange={(e) => onChange({ ...choice, name: e.target.value })} />
            <TextField
              label={AUTO_POPULATE_TEXTS.key}
              value={choice.key}
              error={errors?.key}
              className="font-mono"
              onChange={(e) => onChange({ ...choice, key: e.target.value })}
            />
          </div>
          {s.definition.selector ? <p className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">{s.definition.selector}</p> : null}
          {s.sample ? <p className="line-clamp-2 text-sm text-slate-700 italic dark:text-slate-300">“{s.sample}”</p> : null}
          {s.definition.fields.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={`Fields of ${s.definition.name}`}>
              {s.definition.fields.map((f) => (
                <li key={f.name} className="max-w-full break-all rounded-md bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
                  <span className="font-mono">{f.name}</span> <span className="text-slate-600 dark:text-slate-300">{FIELD_TYPE_LABELS[f.type]}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export interface SuggestionListProps {
  suggestions: SuggestedComponent[];
  noun: string;
  existingKeys: readonly string[];
  onAccept: (items: AcceptItem[]) => Promise<void>;
  onDismiss: () => Promise<void>;
}

/** The suggested components of a finished auto-populate: pick, rename and re-key, then add or dismiss. */
export function SuggestionList({ suggestions, noun, existingKeys, onAccept, onDismiss }: SuggestionListProps) {
  const [choices, setChoices] = useState<Record<string, Choice>>(() => Object.fromEntries(suggestions.map((s) => [s.id, { checked: true, key: s.key, name: s.definition.name }])));
  const [errors, setErrors] = useState<RowErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"accept" | "dismiss" | null>(null);
  // The job keeps its suggestions after some are added; mark those so they are not added twice by accident.
  const [added, setAdded] = useState<Set<string>>(new Set());
  const picked = suggestions.filter((s) => choices[s.id]?.checked);
  const allPicked = picked.length === suggestions.length;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const local = validateChoices(suggestions, choices);
    setErrors(local);
    if (Object.keys(local).length > 0 || picked.length === 0) return;
    const items = picked.map((s) => ({ id: s.id, key: choices[s.id].key.trim(), definition: { ...s.definition, name: choices[s.id].name.trim() } }));
    setBusy("accept");
    try {
      await onAccept(items);
      setAdded((prev) => new Set([...prev, ...items.map((i) => i.id)]));
      setChoices((all) => Object.fromEntries(Object.entries(all).map(([id, c]) => [id, items.some((i) => i.id === id) ? { ...c, checked: false } : c])));
    } catch (err) {
      setFormError(err instanceof ApiRequestError ? err.error : AUTO_POPULATE_TEXTS.acceptFailed);
      // Map "suggestions.2.key" back to the row it came from.
      const rows: RowErrors = {};
      for (const i of issuesFromDetails(err instanceof ApiRequestError ? err.details : undefined)) {
        const m = /^suggestions\.(\d+)\.(key|definition\.name)/.exec(i.path);
        const item = m ? items[Number(m[1])] : undefined;
        if (item) rows[item.id] = { ...rows[item.id], [m![2] === "key" ? "key" : "name"]: i.message };
      }
      setErrors(rows);
    } finally {
      setBusy(null);
    }
  }

  async function dismiss() {
    setFormError(null);
    setBusy("dismiss");
    try {
      await onDismiss();
    } catch (err) {
      setFormError(err instanceof ApiRequestError ? err.error : AUTO_POPULATE_TEXTS.dismissFailed);
      setBusy(null);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="suggestions-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="suggestions-title" className="font-semibold">
          {AUTO_POPULATE_TEXTS.suggestionsTitle(suggestions.length)}
        </h3>
        <Button variant="ghost" size="sm" onClick={() => setChoices((c) => Object.fromEntries(Object.entries(c).map(([id, v]) => [id, { ...v, checked: !allPicked }])))}>
          {allPicked ? AUTO_POPULATE_TEXTS.selectNone : AUTO_POPULATE_TEXTS.selectAll}
        </Button>
      </div>
      <div className="space-y-3">
        {suggestions.map((s) => (
          <SuggestionRow
            key={s.id}
            s={s}
            choice={choices[s.id]}
            errors={errors[s.id]}
            added={added.has(s.id)}
            replaces={!added.has(s.id) && existingKeys.includes(choices[s.id].key.trim()) ? AUTO_POPULATE_TEXTS.replaces(noun) : null}
            onChange={(c) => setChoices((all) => ({ ...all, [s.id]: c }))}
          />
        ))}
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={dismiss} loading={busy === "dismiss"} disabled={busy !== null}>
          {AUTO_POPULATE_TEXTS.dismiss}
        </Button>
        <Button type="submit" loading={busy === "accept"} disabled={busy !== null || picked.length === 0}>
          {AUTO_POPULATE_TEXTS.accept(picked.length)}
        </Button>
      </div>
    </form>
  );
}
