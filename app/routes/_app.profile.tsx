import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useApi, useToasts } from "~/components/app/app-context";
import { AccountSecurity } from "~/components/account/account-security";
import { Card, PageHeader } from "~/components/ui/card";
import { RadioTiles } from "~/components/ui/field";
import { useDashboard } from "~/lib/dashboard-context";
import { THEME_OPTIONS, applyTheme, storedTheme, type ThemeChoice } from "~/lib/theme";
import { loadProfile, profileAction } from "./_app.profile.server";

export const meta: MetaFunction = () => [{ title: "Account — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadProfile(request, context));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return profileAction(request, context);
}

/** The account screen: who you are, the theme choice (stored locally and on the server) and sign-in security. */
export default function Profile() {
  const { user, organization } = useDashboard();
  const api = useApi();
  const toasts = useToasts();
  const { security } = useLoaderData<typeof loader>();
  const [theme, setTheme] = useState<ThemeChoice>(user.themePreference);

  useEffect(() => {
    // The server's preference wins on a new device; a local choice made offline is kept otherwise.
    setTheme(storedTheme() === "system" ? user.themePreference : storedTheme());
  }, [user.themePreference]);

  async function choose(next: ThemeChoice) {
    setTheme(next);
    applyTheme(next);
    try {
      await api.put("/v1/users/theme-preference", { themePreference: next });
    } catch {
      toasts.show({ message: "Could not save the theme preference", type: "error" });
    }
  }

  return (
    <>
      <PageHeader title="Account" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-4 font-semibold">Profile</h2>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">Name</dt>
            <dd>{user.name}</dd>
            <dt className="text-slate-500 dark:text-slate-400">E-mail</dt>
            <dd>
              {user.email}{" "}
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">{user.emailVerified ? "Verified" : "Not verified"}</span>
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Role</dt>
            <dd>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">{user.role}</span>
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Organization</dt>
            <dd>{organization ? `${organization.name} (${organization.role})` : "None"}</dd>
          </dl>
          <div className="mt-4 flex flex-wrap gap-4">
            <Link to="/organization" className="text-sm font-medium text-brand-600 underline dark:text-brand-100">
              Manage organization and members
            </Link>
            <Link to="/invitations" className="text-sm font-medium text-brand-600 underline dark:text-brand-100">
              Invitations
            </Link>
          </div>
        </Card>
        <Card>
          <RadioTiles legend="Theme" name="theme" value={theme} options={THEME_OPTIONS} onChange={choose} />
        </Card>
        <AccountSecurity security={security} />
      </div>
    </>
  );
}
