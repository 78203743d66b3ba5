import type { SiteAuditDto } from "../../../workers/contracts/enrich";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FindingsByKind, Score, ScoreDistribution } from "./charts";
import { ENRICH_TEXTS } from "./texts";

/** The site overview: scores, findings by kind, score distribution, and the pages worst first. */
export function SiteOverview({ audit, onOpen }: { audit: SiteAuditDto; onOpen: (snapshotId: string) => void }) {
  return (
    <div className="space-y-6">
      <div className={`grid gap-4 sm:grid-cols-3 ${audit.target ? "lg:grid-cols-4" : ""}`}>
        <Card>
          <p className="text-sm text-slate-600 dark:text-slate-400">{ENRICH_TEXTS.scoreBefore}</p>
          <p className="text-3xl"><Score value={audit.scoreBefore} label={ENRICH_TEXTS.scoreBefore} /></p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600 dark:text-slate-400">{ENRICH_TEXTS.scoreAfter} (approved changes)</p>
          <p className="text-3xl"><Score value={audit.scoreAfter} label={ENRICH_TEXTS.scoreAfter} /></p>
        </Card>
        {audit.target ? (
          <Card>
            <p className="text-sm text-slate-600 dark:text-slate-400">{ENRICH_TEXTS.scoreInTarget}</p>
            <p className="text-3xl"><Score value={audit.target.score} label={ENRICH_TEXTS.scoreInTarget} /></p>
            <p className="text-xs text-slate-500">{ENRICH_TEXTS.targetChecked(audit.target.pages)}</p>
          </Card>
        ) : null}
        <Card>
          <p className="text-sm text-slate-600 dark:text-slate-400">Proposals</p>
          <p className="text-sm tabular-nums">{audit.proposals.pending} pending · {audit.proposals.approved} approved · {audit.proposals.applied} applied · {audit.proposals.rejected} rejected</p>
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 font-semibold">{ENRICH_TEXTS.findingsByKind}</h2>
          <FindingsByKind byKind={audit.byKind} pages={audit.pages.length} />
        </Card>
        <Card>
          <h2 className="mb-3 font-semibold">{ENRICH_TEXTS.scoreDistribution}</h2>
          <ScoreDistribution distribution={audit.distribution} />
        </Card>
      </div>
      <Card>
        <h2 className="mb-3 font-semibold">{ENRICH_TEXTS.pagesWorstFirst}</h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">Page</th>
                <th scope="col" className="py-2 pr-3">Findings</th>
                <th scope="col" className="py-2 pr-3">{ENRICH_TEXTS.scoreBefore}</th>
                <th scope="col" className="py-2 pr-3">{ENRICH_TEXTS.scoreAfter}</th>
                {audit.target ? <th scope="col" className="py-2">{ENRICH_TEXTS.scoreInTarget}</th> : null}
              </tr>
            </thead>
            <tbody>
              {audit.pages.map((p) => (
                <tr key={p.snapshotId} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="max-w-md py-2 pr-3">
                    <Button variant="link" onClick={() => onOpen(p.snapshotId)}>{p.title || p.url}</Button>
                    <span className="block truncate text-xs text-slate-500">{p.url}</span>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{p.findings.length}</td>
                  <td className="py-2 pr-3"><Score value={p.scoreBefore} label={ENRICH_TEXTS.scoreBefore} /></td>
                  <td className="py-2 pr-3"><Score value={p.scoreAfter} label={ENRICH_TEXTS.scoreAfter} /></td>
                  {audit.target ? <td className="py-2">{p.target ? <Score value={p.target.score} label={ENRICH_TEXTS.scoreInTarget} /> : <span className="text-slate-400" aria-label="Not checked in the target">—</span>}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}
