import type { TargetAuditDto } from "../../../workers/contracts/enrich";
import { Card } from "~/components/ui/card";
import { Score } from "./charts";
import { FindingsList } from "./findings-list";
import { ENRICH_TEXTS } from "./texts";

/** The page as written to the target, audited there by the run's fidelity check: its score and findings. */
export function TargetAuditCard({ target }: { target: TargetAuditDto }) {
  return (
    <Card>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{ENRICH_TEXTS.targetSection}</h3>
        <p className="text-sm">
          <span aria-hidden="true">{ENRICH_TEXTS.scoreInTarget} </span>
          <Score value={target.score} label={ENRICH_TEXTS.scoreInTarget} />
        </p>
      </div>
      <a className="mb-3 block break-all text-sm underline" href={target.url} target="_blank" rel="noreferrer">{target.url}</a>
      <FindingsList findings={target.findings} empty={ENRICH_TEXTS.targetNoFindings} inTarget />
    </Card>
  );
}
