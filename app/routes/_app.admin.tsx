import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AdminNav } from "~/components/admin/admin-nav";
import { NOTIFICATION_EDITOR_TEXT, NotificationEditor } from "~/components/admin/notification-editor";
import { StopImpersonation } from "~/components/admin/stop-impersonation";
import { UserSearch } from "~/components/admin/user-search";
import { Card, PageHeader } from "~/components/ui/card";
import { useDashboard } from "~/lib/dashboard-context";
import { loadAdmin } from "./_app.admin.server";

export const meta: MetaFunction = () => [{ title: "Admin — Migrate" }];

/** Only a global ADMIN, or an admin while impersonating, reaches the admin screen. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadAdmin(request, context));
}

export default function Admin() {
  const { user, isImpersonation } = useDashboard();
  const { notification } = useLoaderData<typeof loader>();
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const editorRef = useRef<HTMLElement>(null);
  // /admin/notifications is this screen with the notification editor in view.
  useEffect(() => {
    if (pathname.endsWith("/notifications")) editorRef.current?.scrollIntoView({ block: "start" });
  }, [pathname]);
  return (
    <>
      <PageHeader title="Administration" description="Find a user to see their details or to work as them." />
      {!isImpersonation ? <AdminNav /> : null}
      <Card className="max-w-2xl">
        <h2 className="mb-3 font-semibold">Users</h2>
        {isImpersonation ? <StopImpersonation email={user.email} /> : <UserSearch />}
      </Card>
      {!isImpersonation && user.role === "ADMIN" && notification ? (
        <section ref={editorRef} id="notifications" aria-labelledby="notification-editor-title" className="mt-6 max-w-2xl scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h2 id="notification-editor-title" className="font-semibold">{NOTIFICATION_EDITOR_TEXT.title}</h2>
          <p className="mb-4 mt-1 text-sm text-slate-600 dark:text-slate-400">{NOTIFICATION_EDITOR_TEXT.description}</p>
          <NotificationEditor loaded={notification} onReload={revalidate} />
        </section>
      ) : null}
    </>
  );
}
