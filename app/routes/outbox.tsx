import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { PageHeader } from "~/components/ui/card";
import { outboxMail } from "~/lib/mail.server";

export const meta: MetaFunction = () => [{ title: "Outbox (development) — Migrate" }, { name: "robots", content: "noindex" }];

/** Local development only: the mail the product would have sent. Production has no outbox; the path goes to /, like any unknown one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const mail = await outboxMail(context);
  if (!mail) throw redirect("/");
  return json({ mail, origin: new URL(request.url).origin });
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

export default function Outbox() {
  const { mail, origin } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 pb-10 pt-[calc(2.5rem+var(--system-notification-height,0px))]">
      <PageHeader title="Outbox" description="Development only: mail the product sends is kept here instead of being delivered. Newest first." />
      {mail.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No mail yet.</p> : null}
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
    </main>
  );
}
