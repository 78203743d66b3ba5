import { useMemo, useState, type FormEvent } from "react";
import { NOTIFICATION_TYPES, type NotificationType, type SystemNotificationDto, type SystemNotificationResponse } from "../../../workers/contracts/admin";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { CheckboxField, SelectField } from "~/components/ui/field";
import { TextAreaField } from "~/components/ui/text-area";
import { ApiRequestError } from "~/lib/api-client";
import { useFormSave } from "~/lib/use-form-save";
import { sanitizeBannerHtml } from "~/lib/safe-html";
import type { LoadedSection } from "~/lib/dashboard-context";
import { useHydrated } from "~/lib/use-hydrated";

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

/**
 * The system notification editor of /admin and /admin/notifications: starts from the stored notification
 * that the screen's loader read, saves with PUT /v1/system-notification.
 */
export function NotificationEditor({ loaded, onReload }: { loaded: LoadedSection<SystemNotificationDto | null>; onReload: () => void }) {
  if (loaded.error !== null) return <ErrorState message={NOTIFICATION_EDITOR_TEXT.loadFailed} onRetry={onReload} />;
  return <Editor stored={loaded.data} />;
}

function Editor({ stored }: { stored: SystemNotificationDto | null }) {
  const api = useApi();
  const toasts = useToasts();
  const [saved, setSaved] = useState<SystemNotificationDto | null>(stored);
  const [message, setMessage] = useState(stored?.message ?? "");
  const [type, setType] = useState<NotificationType>(stored?.type ?? "info");
  const [enabled, setEnabled] = useState(stored?.enabled ?? false);
  const { errors, error, busy, save } = useFormSave(NOTIFICATION_EDITOR_TEXT.saveFailed);

  // The browser's sanitizer cleans the preview, so it shows once the page is hydrated.
  const hydrated = useHydrated();
  const preview = useMemo(() => (hydrated ? sanitizeBannerHtml(message) : ""), [hydrated, message]);

  const onSubmit = (e: FormEvent) =>
    save(
      e,
      async () => {
        const res = await api.put<SystemNotificationResponse>("/v1/system-notification", { enabled, message, type });
        setSaved(res.notification);
        setMessage(res.notification?.message ?? message);
        toasts.show({ message: NOTIFICATION_EDITOR_TEXT.saved, type: "success" });
      },
      // A problem with the message shows under the message only.
      (err, fields) => (fields.message ? null : err instanceof ApiRequestError ? err.error : NOTIFICATION_EDITOR_TEXT.saveFailed),
    );

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
