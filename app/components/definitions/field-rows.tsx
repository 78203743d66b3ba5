import { useEffect, useRef } from "react";
import { FIELD_TYPES, type FieldType } from "../../../workers/contracts/definitions";
import { Button, IconButton } from "~/components/ui/button";
import { CheckboxField, SelectField, TextField } from "~/components/ui/field";
import { emptyField, moveItem, type DraftErrors, type FieldDraft } from "./definition-draft";
import { FIELD_TYPE_LABELS, FORM_LABELS } from "./texts";

const TYPE_OPTIONS = FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }));

/** A row's move or remove action: an outlined icon button whose label is also its tooltip. */
function RowAction({ label, onClick, disabled, id, children }: { label: string; onClick: () => void; disabled?: boolean; id: string; children: string }) {
  return (
    <IconButton bordered id={id} label={label} title={label} onClick={onClick} disabled={disabled}>
      {children}
    </IconButton>
  );
}

/**
 * The fields of a definition: add, remove and reorder rows. Each row is a labelled group ("Field 2: title")
 * so its inputs read well to screen readers; focus follows a moved row and lands on the next row after a removal.
 */
export function FieldRows({ fields, onChange, errors }: { fields: FieldDraft[]; onChange: (next: FieldDraft[]) => void; errors: DraftErrors }) {
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  function patch(i: number, change: Partial<FieldDraft>) {
    onChange(fields.map((f, j) => (j === i ? { ...f, ...change } : f)));
  }
  function move(i: number, delta: number, control: string) {
    const moved = fields[i];
    const next = moveItem(fields, i, delta);
    const at = next.indexOf(moved);
    // At the first or last place that arrow disappears (disabled), so keep focus on the other one.
    const ctrl = at === 0 && control === "up" ? "down" : at === next.length - 1 && control === "down" ? "up" : control;
    focusAfter.current = `field-${moved.uid}-${ctrl}`;
    onChange(next);
  }
  function remove(i: number) {
    const next = fields.filter((_, j) => j !== i);
    const neighbour = next[i] ?? next[i - 1];
    focusAfter.current = neighbour ? `field-${neighbour.uid}-name` : "add-field";
    onChange(next);
  }
  function add() {
    const f = emptyField();
    focusAfter.current = `field-${f.uid}-name`;
    onChange([...fields, f]);
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{FORM_LABELS.fields}</legend>
      {errors.fields ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errors.fields}
        </p>
      ) : null}
      <div className="space-y-3">
        {fields.map((f, i) => {
          const label = FORM_LABELS.fieldGroup(i, f.name.trim());
          const err = (k: string) => errors[`fields.${i}.${k}`];
          return (
            <div key={f.uid} role="group" aria-label={label} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_10rem] xl:grid-cols-[minmax(0,1fr)_10rem_minmax(0,1.5fr)]">
                <TextField
                  id={`field-${f.uid}-name`}
                  label={FORM_LABELS.fieldName}
                  value={f.name}
                  onChange={(e) => patch(i, { name: e.target.value })}
                  error={err("name")}
                  autoComplete="off"
                  className="font-mono"
                />
                <SelectField
                  label={FORM_LABELS.fieldType}
                  value={f.type}
                  options={TYPE_OPTIONS}
                  onChange={(e) => patch(i, { type: e.target.value as FieldType })}
                  error={err("type")}
                />
                <div className="sm:col-span-2 xl:col-span-1">
                  <TextField label={FORM_LABELS.fieldDescription} value={f.description} onChange={(e) => patch(i, { description: e.target.value })} error={err("description")} />
                </div>
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <CheckboxField name={`required-${f.uid}`} label={FORM_LABELS.fieldRequired} checked={f.required} onChange={(v) => patch(i, { required: v })} />
                <div className="flex gap-2">
                  <RowAction id={`field-${f.uid}-up`} label={FORM_LABELS.moveUp(label)} onClick={() => move(i, -1, "up")} disabled={i === 0}>
                    ↑
                  </RowAction>
                  <RowAction id={`field-${f.uid}-down`} label={FORM_LABELS.moveDown(label)} onClick={() => move(i, 1, "down")} disabled={i === fields.length - 1}>
                    ↓
                  </RowAction>
                  <RowAction id={`field-${f.uid}-remove`} label={FORM_LABELS.remove(label)} onClick={() => remove(i)}>
                    ✕
                  </RowAction>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <Button id="add-field" variant="secondary" size="sm" onClick={add}>
        {FORM_LABELS.addField}
      </Button>
    </fieldset>
  );
}
