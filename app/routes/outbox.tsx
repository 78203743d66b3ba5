import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OutboxList } from "~/components/mail/outbox-list";
import { PageHeader } from "~/components/ui/card";
import { outboxMail } from "~/lib/mail.server";

export const meta: MetaFunction = () => [{ title: "Outbox (development) — Migrate" }, { name: "robots", content: "noindex" }];

/** Local development only: the mail the product would have sent. Production has no outbox; the path goes to /, like any unknown one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const mail = await outboxMail(context);
  if (!mail) throw redirect("/");
  return json({ mail, origin: new URL(request.url).origin });
}

export default function Outbox() {
  const { mail, origin } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 pb-10 pt-[calc(2.5rem+var(--system-notification-height,0px))]">
      <PageHeader title="Outbox" description="Development only: mail the product sends is kept here instead of being delivered. Newest first." />
      <OutboxList mail={mail} origin={origin} />
    </main>
  );
}
