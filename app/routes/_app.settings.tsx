import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { MappingSettingsTab } from "~/components/mapping-settings/mapping-settings-tab";
import { DeleteProject } from "~/components/settings/delete-project";
import { GeneralSettings } from "~/components/settings/general-settings";
import { MigrationSettings } from "~/components/settings/migration-settings";
import { PlatformSettings } from "~/components/settings/platform-settings";
import { RequireSite } from "~/components/shell/require-site";
import { Card, PageHeader } from "~/components/ui/card";
import { PermissionNote } from "~/components/ui/permission-note";
import { Tabs } from "~/components/ui/tabs";
import { useDashboard } from "~/lib/dashboard-context";
import { usePermission } from "~/lib/permissions";
import { loadSettings } from "./_app.settings.server";

export const meta: MetaFunction = () => [{ title: "Settings — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadSettings(request, context));
}

const TABS = [
  { id: "general", label: "General" },
  { id: "platform", label: "Platform connection" },
  { id: "sources", label: "Migration sources" },
  { id: "mapping", label: "AI mapping" },
];

const PERMISSION_NOTE = "settings-permission";

/** The tabbed site configuration (spec §2); a role that may not configure reads it with the controls disabled. */
export default function Settings() {
  const { reloadSiteConfig } = useDashboard();
  const { mapping } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const mayConfigure = usePermission("configure");
  const readOnly = !mayConfigure.allowed;
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.id === params.get("tab")) ? params.get("tab")! : "general";
  return (
    <RequireSite>
      {(site, config) => (
        <>
          <PageHeader title="Settings" description={site.name} />
          <Tabs label="Settings sections" tabs={TABS} current={tab} onChange={(id) => setParams({ tab: id }, { replace: true })} />
          <Card>
            <PermissionNote id={PERMISSION_NOTE} reason={mayConfigure.reason} className="mb-4" />
            {/* A save restarts the forms from the stored configuration; the AI mapping tab keeps its own state, so saving
                its threshold does not throw away edits in its other sections. */}
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} key={tab === "mapping" ? tab : `${tab}-${config.updatedAt}`}>
              {tab === "mapping" && mapping ? (
                <MappingSettingsTab
                  config={config}
                  data={mapping}
                  onSaved={reloadSiteConfig}
                  onReload={revalidator.revalidate}
                  reloading={revalidator.state === "loading"}
                  permission={mayConfigure}
                  describedBy={PERMISSION_NOTE}
                />
              ) : (
                <fieldset disabled={readOnly} aria-describedby={readOnly ? PERMISSION_NOTE : undefined} className="min-w-0">
                  {tab === "general" ? <GeneralSettings config={config} onSaved={reloadSiteConfig} /> : null}
                  {tab === "platform" ? <PlatformSettings config={config} onSaved={reloadSiteConfig} /> : null}
                  {tab === "sources" ? <MigrationSettings config={config} onSaved={reloadSiteConfig} /> : null}
                </fieldset>
              )}
              {tab === "general" ? <DeleteProject siteId={site.id} name={site.name} /> : null}
            </div>
          </Card>
        </>
      )}
    </RequireSite>
  );
}
