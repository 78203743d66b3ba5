import type { EnrichRollbackOutcome } from "../../../workers/contracts/enrich";
import { Badge } from "~/components/ui/card";
import { ENRICH_TEXTS } from "./texts";

const TONE = { restored: "green", left: "amber", gone: "slate", unchecked: "blue" } as const;
const LABEL = { restored: "restored", left: "left", gone: "gone", unchecked: "unchecked" } as const;

/**
 * What a rollback did, under its apply: how many values came back, and each one it did not restore as
 * recorded (left because someone changed it since, gone from the target, or restored without the check
 * because the apply predates it), so the person knows where the target still differs from before.
 */
export function RollbackOutcomes({ outcomes }: { outcomes: EnrichRollbackOutcome[] | null }) {
  if (!outcomes?.length) return null;
  const count = (status: EnrichRollbackOutcome["status"]) => outcomes.filter((o) => o.status === status).length;
  const noted = outcomes.filter((o) => o.status !== "restored");
  return (
    <div className="mt-2 space-y-1" data-enrich-rollback>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="green">{ENRICH_TEXTS.rollbackRestored(count("restored"))}</Badge>
        {count("left") ? <Badge tone="amber">{ENRICH_TEXTS.rollbackLeft(count("left"))}</Badge> : null}
        {count("gone") ? <Badge>{ENRICH_TEXTS.rollbackGone(count("gone"))}</Badge> : null}
        {count("unchecked") ? <Badge tone="blue">{ENRICH_TEXTS.rollbackUnchecked(count("unchecked"))}</Badge> : null}
      </div>
      {noted.length ? (
        <>
          <p className="text-xs font-medium">{ENRICH_TEXTS.rollbackNotRestored}</p>
          <ul aria-label={ENRICH_TEXTS.rollbackNotRestored} className="ml-4 list-disc text-xs">
            {noted.map((o, i) => (
              <li key={`${o.pageUrl} ${o.item} ${i}`} className="break-words" data-rollback-status={o.status}>
                <Badge tone={TONE[o.status]}>{LABEL[o.status]}</Badge> {o.pageUrl}: {o.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
