import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import type { InvitationDto } from "../../workers/contracts/auth";
import { INVITATION_TEXT } from "~/components/invitations/texts";
import { ROLE_LABELS } from "~/components/organization/texts";
import { Button } from "~/components/ui/button";
import { Badge, Card, EmptyState, ErrorState, PageHeader } from "~/components/ui/card";
import { queueFlashToast } from "~/lib/flash-toast";
import { invitationAction, loadMyInvitations, type InvitationActionData } from "~/lib/invitations.server";
import { requireSession } from "~/lib/session.server";
import { STORAGE_KEYS, writeLocal } from "~/lib/storage-keys";

export const meta: MetaFunction = () => [{ title: "Invitations — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireSession(request, context);
  return json({ email: auth.user.email, invitations: await loadMyInvitations(context, auth) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return invitationAction(request, context, await requireSession(request, context));
}

/** The signed-in user's pending invitations, answered one by one; answering needs a verified e-mail. */
export default function Invitations() {
  const { email, invitations } = useLoaderData<typeof loader>();
  const result = useActionData<InvitationActionData>();
  const busy = useNavigation().state !== "idle";

  // Joining reloads the app in the new organization, as switching organizations does.
  useEffect(() => {
    if (result?.ok && "joined" in result) {
      writeLocal(STORAGE_KEYS.activeOrganizationId, result.joined.id);
      writeLocal(STORAGE_KEYS.selectedSiteId, null);
      queueFlashToast({ message: INVITATION_TEXT.joined(result.joined.name), type: "success" });
      window.location.assign("/organization");
    }
  }, [result]);

  return (
    <main className="mx-auto max-w-3xl px-4 pb-10 pt-[calc(2.5rem+var(--system-notification-height,0px))]">
      <PageHeader
        title={INVITATION_TEXT.title}
        description={`Signed in as ${email}`}
        actions={
          <Link to="/start" className="inline-flex items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
            Projects
          </Link>
        }
      />
      {result && !result.ok ? <div className="mb-4"><ErrorState message={result.error} /></div> : null}
      {result?.ok && "sentTo" in result ? <Notice>{INVITATION_TEXT.sent(result.sentTo)}</Notice> : null}
      {result?.ok && "declined" in result ? <Notice>{INVITATION_TEXT.declined}</Notice> : null}
      {!invitations.emailVerified ? (
        <Card className="border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950">
          <h2 className="font-semibold">{INVITATION_TEXT.verifyToAccept}</h2>
          <p className="mt-1 text-sm">
            {invitations.pendingCount > 0 ? `${INVITATION_TEXT.waiting(invitations.pendingCount)} ` : ""}
            {INVITATION_TEXT.openLink(email)}
          </p>
          <Form method="post" className="mt-4">
            <Button type="submit" variant="secondary" name="intent" value="resend" loading={busy}>
              {INVITATION_TEXT.resend}
            </Button>
          </Form>
        </Card>
      ) : invitations.invitations.length === 0 ? (
        <EmptyState title={INVITATION_TEXT.none} />
      ) : (
        <ul aria-label={INVITATION_TEXT.list} className="space-y-3">
          {invitations.invitations.map((inv) => (
            <InvitationItem key={inv.id} invitation={inv} busy={busy} />
          ))}
        </ul>
      )}
    </main>
  );
}

function Notice({ children }: { children: string }) {
  return (
    <p role="status" className="mb-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      {children}
    </p>
  );
}

function InvitationItem({ invitation, busy }: { invitation: InvitationDto; busy: boolean }) {
  const org = invitation.organization.name;
  return (
    <li className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div>
        <p className="font-medium">
          {org} <Badge tone="blue">{ROLE_LABELS[invitation.role]}</Badge>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {INVITATION_TEXT.invitedBy(invitation.invitedBy)} · {invitation.createdAt.slice(0, 10)}
        </p>
      </div>
      <Form method="post" className="flex gap-2">
        <input type="hidden" name="invitationId" value={invitation.id} />
        <Button type="submit" name="intent" value="accept" disabled={busy} aria-label={INVITATION_TEXT.acceptLabel(org)}>
          {INVITATION_TEXT.accept}
        </Button>
        <Button type="submit" variant="secondary" name="intent" value="decline" disabled={busy} aria-label={INVITATION_TEXT.declineLabel(org)}>
          {INVITATION_TEXT.decline}
        </Button>
      </Form>
    </li>
  );
}
