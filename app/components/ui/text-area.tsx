import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { CONTROL_BASE, FieldShell, describedByOf } from "./field";

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** A small label and tighter padding (a value typed inside a list's row); the control stays as wide as its column. */
  compact?: boolean;
  /** The label is read by screen readers only. */
  hideLabel?: boolean;
}

/** A labelled multi-line input, with hint and error announced like TextField's. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, error, hint, id, compact = false, hideLabel = false, className = "", ...rest }, ref) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell label={label} error={error} hint={hint} id={fieldId} compact={compact} hideLabel={hideLabel}>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(fieldId, hint, error)}
        className={`${CONTROL_BASE} block w-full ${compact ? "px-2 py-1" : "px-3 py-2"} ${className}`}
        {...rest}
      />
    </FieldShell>
  );
});
