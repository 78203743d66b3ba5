import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { platformMeta } from "../../workers/contracts/platform-meta";
import { useApi, useToasts } from "~/components/app/app-context";
import { ApplyPanel } from "~/components/enrich/apply-panel";
import { EnrichPageView } from "~/components/enrich/page-view";
import { EnrichPromptSection } from "~/components/enrich/prompt-section";
import { SiteOverview } from "~/components/enrich/site-overview";
import { useAnalysisJob } from "~/components/enrich/use-analysis";
import { ENRICH_TEXTS } from "~/components/enrich/texts";
import { RequireSite } from "~/components/shell/require-site";
import { Button } from "~/components/ui/button";
import { Card, EmptyState, ErrorState, PageHeader } from "~/components/ui/card";
import { ThresholdField } from "~/components/ui/field";
import { PermissionNote, deniedProps } from "~/components/ui/permission-note";
import { LoadingState } from "~/components/ui/spinner";
import { ApiRequestError } from "~/lib/api-client";
import { useDashboard } from "~/lib/dashboard-context";
import { usePermission } from "~/lib/permissions";
import { loadEnrich, type EnrichData } from "./_app.enrich.server";

export const meta: MetaFunction = () => [{ title: "Enrich — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({ enrich: await loadEnrich(request, context) });
}

/** Enrich: the audit of the project's migrated pages, its proposals to review, and their apply. */
export default function Enrich() {
  // The DTOs' `unknown` values (an apply's before/after) come through JSON as they were.
  const { enrich } = useLoaderData<typeof loader>() as unknown as { enrich: EnrichData | null };
  return (
    <>
      <PageHeader title={ENRICH_TEXTS.title} description={ENRICH_TEXTS.description} />
      <RequireSite>{(site, config) => (enrich ? <EnrichScreen siteId={site.id} platform={config.platform} loaded={enrich} /> : null)}</RequireSite>
    </>
  );
}

/** The screen on what the loader read; every write goes through the API and then reads it again. */
function EnrichScreen({ siteId, platform, loaded }: { siteId: string; platform: string | null; loaded: EnrichData }) {
  const api = useApi();
  const { revalidate } = useRevalidator();
  const organizationId = useDashboard().organization?.id ?? null;
  const toasts = useToasts();
  const review = usePermission("review");
  const [params, setParams] = useSearchParams();
  const page = params.get("page");
  // The analysis runs on the queue: the hook follows it and reads the screen again when it ends.
  const job = useAnalysisJob(siteId, loaded.audit.data?.analysis, revalidate);
  const busy = job.running;
  const [threshold, setThreshold] = useState("0.7");
  const [bulkBusy, setBulkBusy] = useState(false);

  async function bulkApprove() {
    setBulkBusy(true);
    try {
      const res = await api.post<{ approved: number }>(`/v1/sites/${siteId}/enrich/bulk-approve`, { threshold: Number(threshold) });
      toasts.show({ message: `${res.approved} proposals approved`, type: "success" });
      revalidate();
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : "Could not approve the proposals", type: "error" });
    } finally {
      setBulkBusy(false);
    }
  }

  const analyse = job.start;

  const open = (snapshotId: string | null) => setParams(snapshotId ? { page: snapshotId } : {}, { preventScrollReset: false });

  if (!loaded.audit.data) return <ErrorState message={loaded.audit.error ?? "Could not load the audit"} onRetry={revalidate} />;
  const data = loaded.audit.data;
  const analyseButton = (
    <>
      <Button loading={busy} disabled={!review.allowed} onClick={analyse} {...deniedProps("enrich-analyse-denied", review.reason)}>
        {data.pages.length ? ENRICH_TEXTS.reanalyse : ENRICH_TEXTS.analyse}
      </Button>
      <PermissionNote id="enrich-analyse-denied" reason={review.reason} />
    </>
  );
  if (!data.runId) return <EmptyState title={ENRICH_TEXTS.noRunTitle}>{ENRICH_TEXTS.noRun}</EmptyState>;
  if (!data.pages.length) {
    return (
      <EmptyState title={ENRICH_TEXTS.notAnalysedTitle}>
        <p>{ENRICH_TEXTS.notAnalysed}</p>
        <div className="mt-3 flex justify-center">{busy ? <LoadingState label={ENRICH_TEXTS.analysing} /> : analyseButton}</div>
      </EmptyState>
    );
  }
  if (page && loaded.page) return <EnrichPageView siteId={siteId} snapshotId={page} loaded={loaded.page} organizationId={organizationId} canReview={review.allowed} onBack={() => open(null)} onChanged={revalidate} />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        {analyseButton}
        {busy ? <p role="status" className="text-sm text-slate-600 dark:text-slate-300">{ENRICH_TEXTS.analysing}</p> : null}
        {review.allowed && data.proposals.pending ? (
          <>
            <ThresholdField id="site-bulk-threshold" label={ENRICH_TEXTS.bulkLabel} value={threshold} onChange={setThreshold} />
            <Button variant="secondary" loading={bulkBusy} onClick={bulkApprove}>{ENRICH_TEXTS.bulkApprove} ({data.proposals.pending} pending)</Button>
          </>
        ) : null}
      </div>
      {!data.aiAvailable ? <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">{ENRICH_TEXTS.offline}</p> : null}
      <SiteOverview audit={data} onOpen={open} />
      <Card>
        <h2 className="mb-3 font-semibold">Apply</h2>
        <ApplyPanel siteId={siteId} approved={data.proposals.approved} applies={loaded.applies} platformName={platformMeta(platform)?.displayName ?? "the target"} onChanged={revalidate} />
      </Card>
      <Card>
        <EnrichPromptSection siteId={siteId} loaded={loaded.prompt} onReload={revalidate} />
      </Card>
    </div>
  );
}
