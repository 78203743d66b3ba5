import type { MetaFunction } from "@remix-run/cloudflare";
import { useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { platformMeta } from "../../workers/contracts/platform-meta";
import type { SiteAuditDto } from "../../workers/contracts/enrich";
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
import { PermissionNote, deniedProps } from "~/components/ui/permission-note";
import { LoadingState } from "~/components/ui/spinner";
import { ApiRequestError } from "~/lib/api-client";
import { usePermission } from "~/lib/permissions";
import { useAsync } from "~/lib/use-async";

export const meta: MetaFunction = () => [{ title: "Enrich — Migrate" }];

/** Enrich: the audit of the project's migrated pages, its proposals to review, and their apply. */
export default function Enrich() {
  return (
    <>
      <PageHeader title={ENRICH_TEXTS.title} description={ENRICH_TEXTS.description} />
      <RequireSite>{(site, config) => <EnrichScreen siteId={site.id} platform={config.platform} />}</RequireSite>
    </>
  );
}

function EnrichScreen({ siteId, platform }: { siteId: string; platform: string | null }) {
  const api = useApi();
  const toasts = useToasts();
  const review = usePermission("review");
  const [params, setParams] = useSearchParams();
  const page = params.get("page");
  const audit = useAsync(() => api.get<SiteAuditDto>(`/v1/sites/${siteId}/enrich`, { fresh: true }), [siteId]);
  const job = useAnalysisJob(siteId, audit.data?.analysis, audit.reload);
  const busy = job.running;
  const [threshold, setThreshold] = useState("0.7");
  const [bulkBusy, setBulkBusy] = useState(false);

  async function bulkApprove() {
    setBulkBusy(true);
    try {
      const res = await api.post<{ approved: number }>(`/v1/sites/${siteId}/enrich/bulk-approve`, { threshold: Number(threshold) });
      toasts.show({ message: `${res.approved} proposals approved`, type: "success" });
      audit.reload();
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : "Could not approve the proposals", type: "error" });
    } finally {
      setBulkBusy(false);
    }
  }

  const analyse = job.start;

  const open = (snapshotId: string | null) => setParams(snapshotId ? { page: snapshotId } : {}, { preventScrollReset: false });

  if (audit.loading && !audit.data) return <LoadingState label="Loading the audit…" />;
  if (audit.error || !audit.data) return <ErrorState message={audit.error?.message ?? "Could not load the audit"} onRetry={audit.reload} />;
  const data = audit.data;
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
  if (page) return <EnrichPageView siteId={siteId} snapshotId={page} canReview={review.allowed} onBack={() => open(null)} onChanged={audit.reload} />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        {analyseButton}
        {busy ? <p role="status" className="text-sm text-slate-600 dark:text-slate-300">{ENRICH_TEXTS.analysing}</p> : null}
        {review.allowed && data.proposals.pending ? (
          <>
            <div>
              <label htmlFor="site-bulk-threshold" className="block text-xs font-medium">{ENRICH_TEXTS.bulkLabel}</label>
              <input id="site-bulk-threshold" type="number" min={0} max={1} step={0.05} value={threshold} onChange={(e) => setThreshold(e.target.value)} className="mt-1 w-24 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900" />
            </div>
            <Button variant="secondary" loading={bulkBusy} onClick={bulkApprove}>{ENRICH_TEXTS.bulkApprove} ({data.proposals.pending} pending)</Button>
          </>
        ) : null}
      </div>
      {!data.aiAvailable ? <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">{ENRICH_TEXTS.offline}</p> : null}
      <SiteOverview audit={data} onOpen={open} />
      <Card>
        <h2 className="mb-3 font-semibold">Apply</h2>
        <ApplyPanel siteId={siteId} approved={data.proposals.approved} platformName={platformMeta(platform)?.displayName ?? "the target"} onChanged={audit.reload} />
      </Card>
      <Card>
        <EnrichPromptSection siteId={siteId} />
      </Card>
    </div>
  );
}
