import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { Card, EmptyState, PageHeader } from "~/components/ui/card";
import { loadEnquiries } from "~/lib/public-forms.server";

export const meta: MetaFunction = () => [{ title: "Enquiries — Admin — Migrate" }];

/** Only a global ADMIN in their own session reads what visitors sent (requireGlobalAdminPage). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadEnquiries(request, context);

const when = (iso: string) => new Date(iso).toLocaleString("en-AU", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

function Row({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div className="flex gap-2">
      <dt className="w-28 shrink-0 text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
}

/** /admin/enquiries: the newest demo requests and contact messages from the public site. */
export default function AdminEnquiries() {
  const { demoRequests, contactMessages, limit } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Enquiries" description={`Demo requests and contact messages from the public site, newest first (the latest ${limit} of each).`} />
      <AdminNav />
      <div className="grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="demo-requests-title">
          <h2 id="demo-requests-title" className="mb-3 text-lg font-semibold">
            Demo requests ({demoRequests.length})
          </h2>
          {demoRequests.length === 0 ? (
            <EmptyState title="No demo requests yet">Requests sent from /request-demo and /book-demo appear here.</EmptyState>
          ) : (
            <ul className="space-y-3">
              {demoRequests.map((d) => (
                <li key={d.id}>
                  <Card>
                    <p className="font-medium">
                      {d.name} · <a className="text-brand-700 underline dark:text-brand-100" href={`mailto:${d.email}`}>{d.email}</a>
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {when(d.createdAt)} · {d.path}
                    </p>
                    <dl className="mt-2 space-y-1 text-sm">
                      <Row label="Company" value={d.company} />
                      <Row label="Role" value={d.role} />
                      <Row label="Current CMS" value={d.sourcePlatform} />
                      <Row label="Target CMS" value={d.targetPlatform} />
                      <Row label="Site size" value={d.siteSize} />
                      <Row label="Message" value={d.message} />
                    </dl>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="contact-messages-title">
          <h2 id="contact-messages-title" className="mb-3 text-lg font-semibold">
            Contact messages ({contactMessages.length})
          </h2>
          {contactMessages.length === 0 ? (
            <EmptyState title="No contact messages yet">Messages sent from /contact and the support widget appear here.</EmptyState>
          ) : (
            <ul className="space-y-3">
              {contactMessages.map((m) => (
                <li key={m.id}>
                  <Card>
                    <p className="font-medium">
                      {m.name} · <a className="text-brand-700 underline dark:text-brand-100" href={`mailto:${m.email}`}>{m.email}</a>
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {when(m.createdAt)} · {m.topic}
                    </p>
                    <dl className="mt-2 space-y-1 text-sm">
                      <Row label="Company" value={m.company} />
                    </dl>
                    <p className="mt-2 whitespace-pre-wrap text-sm">{m.message}</p>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
