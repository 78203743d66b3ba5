import { useState } from "react";
import { ENRICH_FIELD_LABELS, FINDING_LABELS, type EnrichDecisionInput, type EnrichProposalDto } from "../../../workers/contracts/enrich";
import { Confidence } from "~/components/snapshots/confidence";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { TextAreaField } from "~/components/ui/text-area";

const STATUS_TONE = { pending: "slate", approved: "green", rejected: "red", applied: "blue" } as const;

/** One Enrich proposal: what it changes, from what to what, its confidence and why; approve, tweak, reject. */
export function EnrichProposalRow({ proposal, threshold, canReview, onDecide }: { proposal: EnrichProposalDto; threshold: number; canReview: boolean; onDecide: (d: EnrichDecisionInput) => Promise<void> }) {
  const [mode, setMode] = useState<"view" | "tweak">("view");
  const [value, setValue] = useState(proposal.finalValue ?? proposal.value);
  const [busy, setBusy] = useState(false);
  const shown = proposal.finalValue ?? proposal.value;
  const label = `${ENRICH_FIELD_LABELS[proposal.field]}${proposal.target ? ` · ${proposal.target.split("/").pop()}` : ""}`;
  const locked = proposal.status === "applied" || !canReview;

  async function decide(d: EnrichDecisionInput) {
    setBusy(true);
    try {
      await onDecide(d);
      setMode("view");
    } catch {
      // The panel shows the error; the row stays as it was.
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-800" data-enrich-proposal={proposal.id} aria-label={label}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{label}</span>
        <Confidence value={proposal.confidence} threshold={threshold} />
        <Badge tone={STATUS_TONE[proposal.status]}>{proposal.status}</Badge>
        {proposal.remembered ? <Badge tone="blue">remembered</Badge> : null}
        <span className="text-xs text-slate-500">{proposal.source}</span>
      </div>
      {proposal.kind !== "ai" ? <p className="mt-1 text-xs text-slate-500">Fixes: {FINDING_LABELS[proposal.kind]}</p> : null}
      {proposal.before ? (
        <p className="mt-1 break-words text-sm text-slate-500 line-through decoration-slate-400" aria-label="Before">{proposal.before}</p>
      ) : null}
      <p className="mt-1 break-words text-sm text-slate-800 dark:text-slate-100">
        <span className="sr-only">Proposed: </span>
        {shown || <em className="text-slate-500">No value yet</em>}
        {shown ? <span className="ml-2 text-xs tabular-nums text-slate-500">{[...shown].length} characters</span> : null}
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{proposal.rationale}</p>
      {mode === "tweak" ? (
        <div className="mt-2 space-y-2">
          <TextAreaField compact id={`enrich-tweak-${proposal.id}`} label="New value" rows={3} value={value} onChange={(e) => setValue(e.target.value)} />
          <div className="flex gap-2">
            <Button size="sm" loading={busy} disabled={!value.trim()} onClick={() => decide({ action: "tweak", value })}>Save value</Button>
            <Button size="sm" variant="ghost" onClick={() => setMode("view")}>Cancel</Button>
          </div>
        </div>
      ) : locked ? null : (
        <div className="mt-2 flex flex-wrap gap-2">
          {proposal.status !== "approved" ? <Button size="sm" loading={busy} disabled={!proposal.value.trim()} onClick={() => decide({ action: "approve" })} aria-label={`Approve ${label}`}>Approve</Button> : null}
          <Button size="sm" variant="secondary" onClick={() => setMode("tweak")} aria-label={`Tweak ${label}`}>Tweak</Button>
          {proposal.status !== "rejected" ? <Button size="sm" variant="ghost" loading={busy} onClick={() => decide({ action: "reject" })} aria-label={`Reject ${label}`}>Reject</Button> : null}
        </div>
      )}
    </li>
  );
}
