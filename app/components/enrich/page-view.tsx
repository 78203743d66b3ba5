import { useState } from "react";
import type { EnrichDecisionInput, EnrichProposalDto, PageAuditDto } from "../../../workers/contracts/enrich";
import { useApi, useToasts } from "~/components/app/app-context";
import { ScreenshotViewer } from "~/components/snapshots/screenshot-viewer";
import { Button } from "~/components/ui/button";
import { ThresholdField } from "~/components/ui/field";
import { Card, ErrorState } from "~/components/ui/card";
import { ApiRequestError } from "~/lib/api-client";
import type { LoadedSection } from "~/lib/dashboard-context";
import { screenshotSrc } from "~/lib/screenshots";
import { Score } from "./charts";
import { EnrichProposalRow } from "./enrich-proposal-row";
import { FindingsList } from "./findings-list";
import { TargetAuditCard } from "./target-audit";
import { ENRICH_TEXTS } from "./texts";

const errorText = (err: unknown, fallback: string) => (err instanceof ApiRequestError ? err.error : fallback);

/**
 * One page's audit beside its screenshot (as the screen's loader read it): findings with evidence, and
 * its proposals to review. `onChanged` reads the screen's data again after a decision.
 */
export function EnrichPageView({
  siteId,
  snapshotId,
  loaded,
  organizationId,
  canReview,
  onBack,
  onChanged,
}: {
  siteId: string;
  snapshotId: string;
  loaded: LoadedSection<{ page: PageAuditDto; proposals: EnrichProposalDto[] }>;
  /** The organization the screenshot is read in (images cannot send its header). */
  organizationId: string | null;
  canReview: boolean;
  onBack: () => void;
  onChanged: () => void;
}) {
  const api = useApi();
  const toasts = useToasts();
  const [threshold, setThreshold] = useState("0.6");
  const [bulkBusy, setBulkBusy] = useState(false);

  async function decide(p: EnrichProposalDto, d: EnrichDecisionInput) {
    try {
      await api.post(`/v1/enrich/proposals/${p.id}/decision`, d);
      onChanged();
    } catch (err) {
      toasts.show({ message: errorText(err, "Could not save the decision"), type: "error" });
      throw err;
    }
  }

  async function bulkApprove() {
    setBulkBusy(true);
    try {
      const res = await api.post<{ approved: number }>(`/v1/sites/${siteId}/enrich/bulk-approve`, { threshold: Number(threshold), snapshotId });
      onChanged();
      toasts.show({ message: `${res.approved} proposals approved`, type: "success" });
    } catch (err) {
      toasts.show({ message: errorText(err, "Could not approve the proposals"), type: "error" });
    } finally {
      setBulkBusy(false);
    }
  }

  if (!loaded.data) return <ErrorState message={loaded.error ?? "Page audit not found"} onRetry={onChanged} />;
  const { page, proposals } = loaded.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>← {ENRICH_TEXTS.allPages}</Button>
        <h2 className="min-w-0 flex-1 truncate text-lg font-semibold" title={page.url}>{page.title || page.url}</h2>
        <span className="text-sm">{ENRICH_TEXTS.scoreBefore} <Score value={page.scoreBefore} label={ENRICH_TEXTS.scoreBefore} /> → {ENRICH_TEXTS.scoreAfter} <Score value={page.scoreAfter} label={ENRICH_TEXTS.scoreAfter} /></span>
      </div>
      <a className="break-all text-sm underline" href={page.url} target="_blank" rel="noreferrer">{page.url}</a>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)]">
        <Card className="min-w-0 xl:sticky xl:top-20 xl:self-start">
          <h3 className="mb-3 font-semibold">{ENRICH_TEXTS.screenshot}</h3>
          {page.screenshotUrl ? <ScreenshotViewer src={screenshotSrc(page.screenshotUrl, organizationId)} alt={`Screenshot of ${page.url}`} highlight={null} pinned={false} onClear={() => {}} /> : <p className="text-sm text-slate-600 dark:text-slate-400">{ENRICH_TEXTS.noScreenshot}</p>}
        </Card>
        <div className="space-y-4">
          <Card>
            <h3 className="mb-3 font-semibold">Findings <span className="text-sm font-normal text-slate-500">({page.wordCount} words)</span></h3>
            <FindingsList findings={page.findings} />
          </Card>
          {page.target ? <TargetAuditCard target={page.target} /> : null}
          <Card>
            <h3 className="mb-3 font-semibold">Proposals</h3>
            {proposals.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{ENRICH_TEXTS.noProposals}</p>
            ) : (
              <>
                {canReview ? (
                  <div className="mb-3 flex flex-wrap items-end gap-2">
                    <ThresholdField id="enrich-threshold" label={ENRICH_TEXTS.bulkLabel} value={threshold} onChange={setThreshold} />
                    <Button size="sm" variant="secondary" loading={bulkBusy} onClick={bulkApprove}>{ENRICH_TEXTS.bulkApprove}</Button>
                  </div>
                ) : null}
                <ul className="space-y-2">
                  {proposals.map((p) => <EnrichProposalRow key={p.id} proposal={p} threshold={Number(threshold)} canReview={canReview} onDecide={(d) => decide(p, d)} />)}
                </ul>
              </>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
