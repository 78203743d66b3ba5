import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { HONEYPOT_FIELD, PUBLIC_FORM_MESSAGES, formFieldErrors, formValues } from "../../../workers/contracts/public-forms";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { HoneypotField } from "~/components/ui/field";
import type { PublicFormResult } from "~/lib/public-forms.server";

interface PublicFormProps {
  /** The route whose action stores the form: /request-demo, /book-demo or /contact. */
  action: string;
  schema: z.ZodType;
  fields: readonly string[];
  submitLabel: string;
  /** The result of a submission without JavaScript (the route's action data). */
  initialResult?: PublicFormResult | null;
  /** Renders the inputs with the current messages of each field. */
  children: (errors: Record<string, string>) => ReactNode;
  /** The accessible name of the form. */
  label: string;
}

/**
 * A public form: checked in the browser with the same schema the server checks, sent with a fetcher (a
 * plain POST without JavaScript), a hidden honeypot, field errors beside their inputs, and a confirmation
 * that replaces the form once it is stored.
 */
export function PublicForm({ action, schema, fields, submitLabel, initialResult, children, label }: PublicFormProps) {
  const fetcher = useFetcher<PublicFormResult>();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const result = fetcher.data ?? initialResult ?? null;
  const serverErrors = result && !result.ok ? (result.details?.fields ?? {}) : {};
  const errors = clientErrors ?? serverErrors;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (result?.ok) confirmationRef.current?.focus();
  }, [result]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const parsed = schema.safeParse(formValues(new FormData(e.currentTarget), fields));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    e.preventDefault();
    const found = formFieldErrors(parsed.error);
    setClientErrors(found);
    const first = Object.keys(found)[0];
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  }

  if (result?.ok) {
    return (
      <div ref={confirmationRef} tabIndex={-1} role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-5 text-emerald-900 outline-none dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
        <p className="font-medium">{result.message}</p>
      </div>
    );
  }

  return (
    <fetcher.Form ref={formRef} method="post" action={action} onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4">
      {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
      <HoneypotField name={HONEYPOT_FIELD} />
      {children(errors)}
      {result && !result.ok && !clientErrors ? <ErrorState message={result.error} /> : null}
      {clientErrors && Object.keys(clientErrors).length ? <ErrorState message={PUBLIC_FORM_MESSAGES.invalid} /> : null}
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </fetcher.Form>
  );
}
