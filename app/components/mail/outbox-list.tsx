import { Fragment } from "react";

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Links to this product become clickable; any other text stays text. */
function MailText({ text, origin }: { text: string; origin: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">
      {parts.map((part, i) =>
        part.startsWith(`${origin}/`) ? (
          <a key={i} href={part} className="font-medium text-brand-600 underline dark:text-brand-300">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

/** The outbox's mail, newest first, each shown as its plain-text part. */
export function OutboxList({ mail, origin }: { mail: OutboxMail[]; origin: string }) {
  if (mail.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No mail yet.</p>;
  return (
    <ul aria-label="Mail" className="space-y-4">
      {mail.map((m) => (
        <li key={m.id} aria-label={`${m.subject} to ${m.to}`} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <p className="font-medium">{m.subject}</p>
          <p className="text-xs text-slate-500">
            To {m.to} · {m.createdAt.slice(0, 19).replace("T", " ")} UTC
          </p>
          <MailText text={m.text} origin={origin} />
        </li>
      ))}
    </ul>
  );
}
