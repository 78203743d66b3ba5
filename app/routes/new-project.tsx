import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import type { OrganizationSummaryDto } from "../../workers/contracts/auth";
import type { SiteDto } from "../../workers/contracts/sites";
import { useApi } from "~/components/app/app-context";
import { PlatformFields, PlatformSelect, initialPlatformValues, platformPayload, type PlatformValues } from "~/components/settings/platform-fields";
import { Button } from "~/components/ui/button";
import { Card, ErrorState, PageHeader } from "~/components/ui/card";
import { SelectField, TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";
import { MESSAGES } from "~/lib/messages";
import { pickActiveOrganization } from "~/lib/organization";
import { PERMISSION_TEXTS, permissionOf } from "~/lib/permissions";
import { selectProject } from "~/lib/project-selection";
import { requireUser } from "~/lib/session.server";
import { STORAGE_KEYS, readLocal, writeLocal } from "~/lib/storage-keys";

export const meta: MetaFunction = () => [{ title: "New project — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await requireUser(request, context));
}

const NEW_ORG = "__new__";

/**
 * The project wizard: details, then the target platform and its connection. Only organizations where
 * the user's role may configure projects are offered; a new organization is always possible.
 */
export default function NewProject() {
  const { user } = useLoaderData<typeof loader>();
  const api = useApi();
  const organizations = user.organizations.filter((o) => permissionOf(o.role, "configure").allowed);
  const hidden = user.organizations.length - organizations.length;
  const active = pickActiveOrganization(user.organizations, readLocal(STORAGE_KEYS.activeOrganizationId), user.lastActiveOrganization);
  const initialOrg = organizations.find((o) => o.id === active?.id) ?? organizations[0];
  const [step, setStep] = useState<1 | 2>(1);
  const [orgId, setOrgId] = useState(initialOrg?.id ?? NEW_ORG);
  const [orgName, setOrgName] = useState("");
  const [name, setName] = useState("");
  const [domain, setDomain] = useState("");
  const [platform, setPlatform] = useState("");
  const [values, setValues] = useState<PlatformValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function next(e: FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (orgId === NEW_ORG && !orgName.trim()) errs.orgName = "Organization name is required";
    if (!name.trim()) errs.name = "Project name is required";
    if (!domain.trim()) errs.domain = "Domain is required";
    setErrors(errs);
    if (Object.keys(errs).length === 0) setStep(2);
  }

  async function create(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      let organizationId = orgId;
      if (orgId === NEW_ORG) {
        const { organization } = await api.post<{ organization: OrganizationSummaryDto }>("/v1/organization", { name: orgName.trim() });
        organizationId = organization.id;
        setOrgId(organization.id);
      }
      writeLocal(STORAGE_KEYS.activeOrganizationId, organizationId);
      const { site } = await api.post<{ site: SiteDto }>("/v1/sites", { name, domain });
      if (platform) {
        await api.put(`/v1/site-config/${site.id}`, { platform, platformConfig: platformPayload(platform, values) });
      }
      selectProject(site);
    } catch (err) {
      const fields = fieldErrors(err);
      const mapped: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) mapped[k.replace(/^platformConfig\./, "")] = v;
      setErrors(mapped);
      setError(err instanceof ApiRequestError ? err.error : MESSAGES.createOrganization);
      if (mapped.name || mapped.domain) setStep(1);
      setBusy(false);
    }
  }

  const orgOptions = [...organizations.map((o) => ({ value: o.id, label: o.name })), { value: NEW_ORG, label: "New organization…" }];

  return (
    <main className="mx-auto max-w-2xl px-4 pb-10 pt-[calc(2.5rem+var(--system-notification-height,0px))]">
      <PageHeader title="Create new project" description={`Step ${step} of 2: ${step === 1 ? "project details" : "target platform"}`} actions={<Link className="text-sm text-brand-600 dark:text-brand-300 underline" to="/start">Back to projects</Link>} />
      <Card>
        {step === 1 ? (
          <form onSubmit={next} className="space-y-4" noValidate>
            <SelectField
              label="Organization"
              value={orgId}
              options={orgOptions}
              onChange={(e) => setOrgId(e.target.value)}
              hint={hidden > 0 ? PERMISSION_TEXTS.organizationsHidden : undefined}
            />
            {orgId === NEW_ORG ? <TextField label="Organization name" value={orgName} onChange={(e) => setOrgName(e.target.value)} error={errors.orgName} required /> : null}
            <TextField label="Project name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} required />
            <TextField label="Domain" placeholder="www.example.com" value={domain} onChange={(e) => setDomain(e.target.value)} error={errors.domain} hint="The website to migrate from." required />
            <div className="flex justify-end">
              <Button type="submit">Next</Button>
            </div>
          </form>
        ) : (
          <form onSubmit={create} className="space-y-5" noValidate>
            <PlatformSelect
              platform={platform}
              valuesFor={(p) => initialPlatformValues(p)}
              onChange={(p, v) => {
                setPlatform(p);
                setValues(v);
              }}
            />
            {platform ? <PlatformFields platform={platform} values={values} onChange={setValues} errors={errors} /> : null}
            {error ? <ErrorState message={error} /> : null}
            <div className="flex justify-between">
              <Button variant="secondary" onClick={() => setStep(1)}>Back</Button>
              <Button type="submit" loading={busy}>Create project</Button>
            </div>
          </form>
        )}
      </Card>
    </main>
  );
}
