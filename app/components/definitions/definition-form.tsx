import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card, ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { TextAreaField } from "~/components/ui/text-area";
import { ApiRequestError } from "~/lib/api-client";
import { draftErrors, fromDraft, issuesFromDetails, keyFromName, validateDraft, type DefinitionDraft, type DraftErrors } from "./definition-draft";
import { FieldRows } from "./field-rows";
import { DEFINITION_TEXTS, FORM_LABELS, type DefinitionKind } from "./texts";

export interface DefinitionFormProps {
  kind: DefinitionKind;
  /** The platform's word, plural: components, blocks, content types, templates. */
  noun: string;
  isNew: boolean;
  initial: DefinitionDraft;
  existingKeys: readonly string[];
  /** Stores the body under the key; rejects with the API's error. */
  onSave: (key: string, body: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
}

/** Creates or edits one component or template definition; problems are shown on the field they concern. */
export function DefinitionForm({ kind, noun, isNew, initial, existingKeys, onSave, onCancel }: DefinitionFormProps) {
  const [draft, setDraft] = useState(initial);
  // A key given up front (replacing a broken entry) is kept while the name is typed.
  const [keyTouched, setKeyTouched] = useState(!isNew || initial.key !== "");
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Opening the editor moves focus to it, so keyboard and screen-reader users land where they act.
  useEffect(() => headingRef.current?.focus(), []);

  function set<K extends keyof DefinitionDraft>(k: K, v: DefinitionDraft[K]) {
    setDraft((d) => ({ ...d, [k]: v }));
  }

  function showErrors(next: DraftErrors) {
    setErrors(next);
    // Focus the first control that has a problem.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const local = validateDraft(kind, draft, { isNew, existingKeys, keyTaken: DEFINITION_TEXTS.keyTaken(noun) });
    if (Object.keys(local).length > 0) {
      setFormError(DEFINITION_TEXTS.fixErrors);
      showErrors(local);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(draft.key.trim(), fromDraft(kind, draft));
    } catch (err) {
      const api = err instanceof ApiRequestError ? err : null;
      const fromApi = draftErrors(issuesFromDetails(api?.details), draft);
      setFormError(api ? api.error : DEFINITION_TEXTS.saveFailed(noun));
      if (Object.keys(fromApi).length > 0) showErrors(fromApi);
      setBusy(false);
    }
  }

  const title = isNew ? DEFINITION_TEXTS.newTitle(noun) : DEFINITION_TEXTS.editTitle(initial.name || initial.key);
  return (
    <Card className="mb-6">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-4">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {title}
        </h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <TextField
            label={FORM_LABELS.name}
            value={draft.name}
            required
            error={errors.name}
            onChange={(e) => {
              const name = e.target.value;
              setDraft((d) => ({ ...d, name, key: keyTouched ? d.key : keyFromName(name) }));
            }}
          />
          <TextField
            label={FORM_LABELS.key}
            value={draft.key}
            required
            readOnly={!isNew}
            hint={FORM_LABELS.keyHint}
            error={errors.key}
            className="font-mono"
            onChange={(e) => {
              setKeyTouched(true);
              set("key", e.target.value);
            }}
          />
          <TextField
            label={FORM_LABELS.targetId}
            value={draft.targetId}
            hint={FORM_LABELS.targetIdHint}
            error={errors.targetId}
            className="font-mono"
            onChange={(e) => set("targetId", e.target.value)}
          />
          {kind === "templates" ? (
            <TextField
              label={FORM_LABELS.urlPattern}
              value={draft.urlPattern}
              hint={FORM_LABELS.urlPatternHint}
              error={errors.urlPattern}
              className="font-mono"
              onChange={(e) => set("urlPattern", e.target.value)}
            />
          ) : (
            <TextField
              label={FORM_LABELS.selector}
              value={draft.selector}
              hint={FORM_LABELS.selectorHint}
              error={errors.selector}
              className="font-mono"
              onChange={(e) => set("selector", e.target.value)}
            />
          )}
          {kind === "templates" ? (
            <>
              <TextField
                label={FORM_LABELS.templateSelector}
                value={draft.selector}
                hint={FORM_LABELS.templateSelectorHint}
                error={errors.selector}
                className="font-mono"
                onChange={(e) => set("selector", e.target.value)}
              />
              <TextField
                label={FORM_LABELS.areas}
                value={draft.areas}
                hint={FORM_LABELS.areasHint}
                error={errors.areas ?? firstIndexed(errors, "areas")}
                onChange={(e) => set("areas", e.target.value)}
              />
            </>
          ) : (
            <div className="md:col-span-2">
              <TextAreaField
                label={FORM_LABELS.exampleUrls}
                rows={3}
                value={draft.exampleUrls}
                hint={FORM_LABELS.exampleUrlsHint}
                error={errors.exampleUrls}
                className="font-mono"
                placeholder="https://www.example.com/about"
                onChange={(e) => set("exampleUrls", e.target.value)}
              />
            </div>
          )}
        </div>
        <FieldRows fields={draft.fields} errors={errors} onChange={(fields) => set("fields", fields)} />
        {formError ? <ErrorState message={formError} /> : null}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {DEFINITION_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {DEFINITION_TEXTS.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The first error of an indexed list path ("areas.2"), for inputs that edit a whole list. */
function firstIndexed(errors: DraftErrors, prefix: string): string | undefined {
  const hit = Object.keys(errors).find((k) => k.startsWith(`${prefix}.`));
  return hit ? errors[hit] : undefined;
}
