import type { CalibrationDto } from "../../../workers/contracts/mapping";
import { Badge, EmptyState } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import type { LoadedSection } from "~/lib/dashboard-context";
import { bandLabel, pct } from "./format";
import { LoadedSettingsSection } from "./settings-section";
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
export function CalibrationTable({ loaded, reloading, onReload }: { loaded: LoadedSection<CalibrationDto>; reloading: boolean; onReload: () => void }) {
  return (
    <LoadedSettingsSection id="mapping-calibration" title={T.calibrationTitle} description={T.calibrationDescription} loaded={loaded} reloading={reloading} onReload={onReload} failed={T.calibrationLoadFailed}>
      {loaded.data ? <CalibrationView data={loaded.data} /> : null}
    </LoadedSettingsSection>
  );
}
