import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

export const CONTROL_BASE =
  "rounded-md border border-slate-300 bg-white text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 aria-[invalid=true]:border-red-500";
/** A form's control: as wide as its column. A compact one (a toolbar's filter or threshold) is as wide as its class says. */
const controlClass = (compact: boolean) => (compact ? `${CONTROL_BASE} px-2 py-1` : `${CONTROL_BASE} block w-full px-3 py-2`);

/** The ids a control is described by: its hint and its error, when it has them. */
export function describedByOf(id: string, hint: ReactNode, error: string | null | undefined): string | undefined {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

interface FieldShellProps {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  id: string;
  compact?: boolean;
  /** The label is read by screen readers only (a search box whose button says what it is for). */
  hideLabel?: boolean;
  children: ReactNode;
}

/** A control's label, hint and error around it (the text fields, the select, the text area). */
export function FieldShell({ label, error, hint, id, compact = false, hideLabel = false, children }: FieldShellProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={hideLabel ? "sr-only" : `block font-medium text-slate-700 dark:text-slate-200 ${compact ? "text-xs" : "text-sm"}`}>
        {label}
      </label>
      {children}
      {hint ? <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** A small label and a control as wide as `className` says (toolbars). */
  compact?: boolean;
  hideLabel?: boolean;
}

/** A labelled text input with its error announced to screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, compact = false, hideLabel = false, className = "", ...rest }, ref) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell label={label} error={error} hint={hint} id={fieldId} compact={compact} hideLabel={hideLabel}>
      <input ref={ref} id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedByOf(fieldId, hint, error)} className={`${controlClass(compact)} ${className}`} {...rest} />
    </FieldShell>
  );
});

/** A confidence threshold from 0 to 1 in steps of 0.05, as the review screens' bulk approval takes it. */
export function ThresholdField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return <TextField compact id={id} label={label} type="number" min={0} max={1} step={0.05} value={value} onChange={(e) => onChange(e.target.value)} className="w-24" />;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  /** A small label and a control as wide as its options (toolbars, inline choices). */
  compact?: boolean;
  /** The label is read by screen readers only (a choice inside a row that says what it is about). */
  hideLabel?: boolean;
}

export function SelectField({ label, error, hint, id, options, compact = false, hideLabel = false, className = "", ...rest }: SelectFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell label={label} error={error} hint={hint} id={fieldId} compact={compact} hideLabel={hideLabel}>
      <select id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedByOf(fieldId, hint, error)} className={`${controlClass(compact)} ${className}`} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  name?: string;
  id?: string;
  /** The label is read by screen readers only (a row's own checkbox, beside the row that says what it picks). */
  hideLabel?: boolean;
  /** "lg": the larger box that leads a row of content, lined up with the row's first line. */
  size?: "md" | "lg";
}

export function CheckboxField({ label, checked, onChange, name, id, hideLabel = false, size = "md" }: CheckboxFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className="flex items-center gap-2">
      <input
        id={fieldId}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={`${size === "lg" ? "mt-1 h-5 w-5 shrink-0" : "h-4 w-4"} rounded border-slate-300 text-brand-600 focus:ring-brand-500`}
      />
      <label htmlFor={fieldId} className={hideLabel ? "sr-only" : "text-sm text-slate-700 dark:text-slate-200"}>
        {label}
      </label>
    </div>
  );
}

/**
 * A form's honeypot: a text input that people neither see nor reach (off-screen, hidden from screen
 * readers, out of the tab order) and so leave empty; a bot that fills in every input gives itself away.
 */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** One choice among a few, shown as labelled tiles (a setting such as the theme), in a fieldset with its legend. */
export function RadioTiles<V extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: V; options: readonly { value: V; label: string }[]; onChange: (value: V) => void }) {
  return (
    <fieldset>
      <legend className="mb-4 font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map((o) => (
          <label key={o.value} className={`flex cursor-pointer items-center gap-2 rounded-md border px-4 py-2 text-sm ${value === o.value ? "border-brand-600 bg-brand-50 dark:bg-slate-800" : "border-slate-300 dark:border-slate-700"}`}>
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="text-brand-600 focus:ring-brand-500" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
