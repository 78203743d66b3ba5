import { useState, type FormEvent } from "react";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";

/**
 * A form's save through the API: `busy` while it runs, the API's field errors by field, and one error
 * line for the rest. `failed` words that line from the error and its field errors (null: the field
 * errors say it all); by default the API's own text, else `fallback`.
 */
export function useFormSave(fallback: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent, work: () => Promise<void>, failed: (err: unknown, fields: Record<string, string>) => string | null = (err) => (err instanceof ApiRequestError ? err.error : fallback)) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      await work();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      setError(failed(err, fields));
    } finally {
      setBusy(false);
    }
  }
  return { errors, error, busy, save };
}
