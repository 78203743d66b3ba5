import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { OutboxList } from "~/components/mail/outbox-list";
import { EmptyState, PageHeader } from "~/components/ui/card";
import { requireGlobalAdminPage } from "~/lib/admin.server";
import { outboxMail } from "~/lib/mail.server";

export const meta: MetaFunction = () => [{ title: "Outbox — Admin — Migrate" }];

/** Only a global ADMIN in their own session reads the outbox: it holds sign-in codes and reset links. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGlobalAdminPage(request, context);
  return json({ mail: await outboxMail(context), origin: new URL(request.url).origin });
}

/** /admin/outbox: the mail the product sent, where the deployment keeps it instead of delivering it. */
export default function AdminOutbox() {
  const { mail, origin } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Outbox" description="Mail the product sends (sign-in codes, reset links, verification links, invitations), kept here instead of being delivered. Newest first." />
      <AdminNav />
      {mail ? (
        <OutboxList mail={mail} origin={origin} />
      ) : (
        <EmptyState title="No outbox in this deployment">Mail is delivered by the configured provider, so nothing is kept here.</EmptyState>
      )}
    </>
  );
}
