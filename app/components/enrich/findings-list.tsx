import { FINDING_LABELS, type Finding } from "../../../workers/contracts/enrich";
import { Confidence } from "~/components/snapshots/confidence";
import { Badge } from "~/components/ui/card";
import { ENRICH_TEXTS } from "./texts";

const SEVERITY_TONE = { error: "red", warning: "amber", notice: "slate" } as const;

/**
 * A page's findings with their severity, confidence and evidence (folded). `inTarget` marks the findings
 * of the page as the target serves it (`data-target-finding`), apart from the source's (`data-finding`).
 */
export function FindingsList({ findings, empty = ENRICH_TEXTS.noFindings, inTarget = false }: { findings: Finding[]; empty?: string; inTarget?: boolean }) {
  if (!findings.length) return <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  return (
    <ul className="space-y-2">
      {findings.map((f, i) => (
        <li key={`${f.kind}-${i}`} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800" {...{ [inTarget ? "data-target-finding" : "data-finding"]: f.kind }}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{FINDING_LABELS[f.kind]}</span>
            <Badge tone={SEVERITY_TONE[f.severity]}>{f.severity}</Badge>
            <Confidence value={f.confidence} threshold={0.9} />
          </div>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{f.message}</p>
          <details className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            <summary className="cursor-pointer">Evidence</summary>
            <ul className="ml-4 list-disc break-words">
              {f.evidence.map((e, j) => <li key={j}>{e}</li>)}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}
