import { useRef } from "react";
import type { CalibrationDto } from "../../../workers/contracts/mapping";
import { Badge, EmptyState, ErrorState } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { LoadingState } from "~/components/ui/spinner";
import { ApiRequestError } from "~/lib/api-client";
import { useApi } from "~/components/app/app-context";
import { useAsync } from "~/lib/use-async";
import { bandLabel, pct } from "./format";
import { SettingsSection } from "./settings-section";
import { MAPPING_SETTINGS_TEXTS as T } from "./texts";

/**
 * Approval rate against claimed confidence: the bar is the share approved unchanged, the tick the mean
 * confidence. Purely visual; the cells beside it carry the numbers.
 */
function RateBar({ rate, mean }: { rate: number | null; mean: number | null }) {
  return (
    <div aria-hidden="true" className="relative h-2 w-24 rounded-full bg-slate-200 dark:bg-slate-800">
      {rate !== null ? <div className="h-full rounded-full bg-emerald-500" style={{ width: pct(rate) }} /> : null}
      {mean !== null ? <div className="absolute -top-1 h-4 w-0.5 bg-slate-900 dark:bg-slate-100" style={{ left: `calc(${pct(mean)} - 1px)` }} /> : null}
    </div>
  );
}

export function CalibrationView({ data }: { data: CalibrationDto }) {
  if (data.totals.proposals === 0) return <EmptyState title={T.calibrationEmpty}>{T.calibrationEmptyHint}</EmptyState>;
  const bands = [...data.bands].sort((a, b) => b.from - a.from);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="calibration-totals">
        {T.totals(data.totals)}
      </p>
      <div role="region" aria-label={T.calibrationTable} tabIndex={0} className="relative overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{T.calibrationCaption(Math.round(data.minConfidence * 100))}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {T.colBand}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {T.colProposals}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {T.colReviewed}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {T.colApproved}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {T.colRate}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {T.colMean}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">
                  {T.colRate} / {T.colMean}
                </span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {bands.map((b) => (
              <tr key={`${b.from}-${b.to}`} className={b.proposals === 0 ? "text-slate-500 dark:text-slate-400" : ""}>
                <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium">
                  {bandLabel(b)} {b.from >= data.minConfidence ? <Badge tone="green">{T.aboveThreshold}</Badge> : null}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{b.proposals}</td>
                <td className="px-3 py-2 text-right tabular-nums">{b.reviewed}</td>
                <td className="px-3 py-2 text-right tabular-nums">{b.approvedUnchanged}</td>
                <td className="px-3 py-2 text-right tabular-nums">{b.approvalRate === null ? T.notReviewed : pct(b.approvalRate)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{b.meanConfidence === null ? T.notReviewed : pct(b.meanConfidence)}</td>
                <td className="px-3 py-2">
                  <RateBar rate={b.approvalRate} mean={b.meanConfidence} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The calibration view (per confidence band: proposals, reviewed, approved unchanged, rate vs confidence). */
export function CalibrationTable({ siteId }: { siteId: string }) {
  const api = useApi();
  // Refresh reads past the GET cache: the figures move while people review.
  const fresh = useRef(false);
  const state = useAsync(() => api.get<CalibrationDto>(`/v1/sites/${encodeURIComponent(siteId)}/mapping/calibration`, { fresh: fresh.current }), [siteId]);
  const refresh = () => {
    fresh.current = true;
    state.reload();
  };
  return (
    <SettingsSection
      id="mapping-calibration"
      title={T.calibrationTitle}
      description={T.calibrationDescription}
      aside={
        state.data ? (
          <Button variant="ghost" size="sm" onClick={refresh} loading={state.loading}>
            {T.refresh}
          </Button>
        ) : null
      }
    >
      {state.loading && !state.data ? <LoadingState /> : null}
      {state.error ? (
        <ErrorState message={state.error instanceof ApiRequestError ? `${T.calibrationLoadFailed}: ${state.error.error}` : T.calibrationLoadFailed} onRetry={refresh} />
      ) : null}
      {state.data ? <CalibrationView data={state.data} /> : null}
    </SettingsSection>
  );
}
