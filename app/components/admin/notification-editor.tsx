import { useEffect, useMemo, useState, type FormEvent } from "react";
import { NOTIFICATION_TYPES, type NotificationType, type SystemNotificationDto, type SystemNotificationResponse } from "../../../workers/contracts/admin";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { CheckboxField, SelectField } from "~/components/ui/field";
import { LoadingState } from "~/components/ui/spinner";
import { TextAreaField } from "~/components/ui/text-area";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";
import { sanitizeBannerHtml } from "~/lib/safe-html";
import { useAsync } from "~/lib/use-async";

export const NOTIFICATION_EDITOR_TEXT = {
  title: "System notification",
  description: "A banner on top of every page, for everyone, until they dismiss it. Saving a change shows it again to those who dismissed it.",
  message: "Message",
  messageHint: "HTML allowed: links, bold, italic, code, paragraphs and lists. Anything else is removed when you save.",
  type: "Type",
  enabled: "Show the banner",
  save: "Save notification",
  saved: "System notification saved",
  loadFailed: "Could not load the system notification",
  saveFailed: "Could not save the system notification",
  preview: "Preview",
  lastSaved: (at: string) => `Last saved ${new Date(at).toLocaleString()}`,
} as const;

const TYPE_OPTIONS = NOTIFICATION_TYPES.map((t) => ({ value: t, label: t === "info" ? "Info" : "Warning" }));

/** The system notification editor of /admin and /admin/notifications (PUT /v1/system-notification). */
export function NotificationEditor() {
  const api = useApi();
  const toasts = useToasts();
  const loaded = useAsync(() => api.get<SystemNotificationResponse>("/v1/admin/system-notification", { fresh: true }), []);
  const [saved, setSaved] = useState<SystemNotificationDto | null>(null);
  const [message, setMessage] = useState("");
  const [type, setType] = useState<NotificationType>("info");
  const [enabled, setEnabled] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const n = loaded.data?.notification ?? null;
    setSaved(n);
    setMessage(n?.message ?? "");
    setType(n?.type ?? "info");
    setEnabled(n?.enabled ?? false);
  }, [loaded.data]);

  const preview = useMemo(() => sanitizeBannerHtml(message), [message]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      const res = await api.put<SystemNotificationResponse>("/v1/system-notification", { enabled, message, type });
      setSaved(res.notification);
      setMessage(res.notification?.message ?? message);
      toasts.show({ message: NOTIFICATION_EDITOR_TEXT.saved, type: "success" });
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!fields.message) setError(err instanceof ApiRequestError ? err.error : NOTIFICATION_EDITOR_TEXT.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  if (loaded.loading) return <LoadingState label="Loading notification…" />;
  if (loaded.error) return <ErrorState message={NOTIFICATION_EDITOR_TEXT.loadFailed} onRetry={loaded.reload} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={NOTIFICATION_EDITOR_TEXT.title}>
      <TextAreaField
        label={NOTIFICATION_EDITOR_TEXT.message}
        hint={NOTIFICATION_EDITOR_TEXT.messageHint}
        rows={4}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
        className="font-mono"
      />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <SelectField label={NOTIFICATION_EDITOR_TEXT.type} value={type} options={TYPE_OPTIONS} onChange={(e) => setType(e.target.value as NotificationType)} />
        <div className="pb-2">
          <CheckboxField name="enabled" label={NOTIFICATION_EDITOR_TEXT.enabled} checked={enabled} onChange={setEnabled} />
        </div>
      </div>
      {preview ? (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{NOTIFICATION_EDITOR_TEXT.preview}</p>
          <div
            data-testid="notification-preview"
            className={`rounded-md border px-3 py-2 text-sm [&_a]:underline ${type === "warning" ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50" : "border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-50"}`}
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </div>
      ) : null}
      {error ? <ErrorState message={error} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-500 dark:text-slate-400">{saved ? NOTIFICATION_EDITOR_TEXT.lastSaved(saved.updatedAt) : ""}</p>
        <Button type="submit" loading={busy}>
          {NOTIFICATION_EDITOR_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
