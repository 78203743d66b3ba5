import { useState } from "react";
import type { ComponentDefinitions } from "../../../workers/contracts/definitions";
import type { BulkApproveResponse, DecisionRequest, DecisionResponse, ProposalDto, SnapshotMappingDto } from "../../../workers/contracts/mapping";
import { useApi, useToasts } from "~/components/app/app-context";
import { Badge } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { ThresholdField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import type { Highlighter } from "./highlight";
import { ProposalRow } from "./proposal-row";

const STATUS_LABEL = { auto_applied: "Auto-applied", needs_review: "Needs review", reviewed: "Reviewed" } as const;

function groupByInstance(proposals: ProposalDto[]): [number, ProposalDto[]][] {
  const groups = new Map<number, ProposalDto[]>();
  for (const p of proposals) groups.set(p.instanceIndex, [...(groups.get(p.instanceIndex) ?? []), p]);
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

/** The proposed mapping of a snapshot and the review controls (approve, tweak, override, reject, bulk approve). */
export function ReviewPanel({
  mapping,
  definitions,
  onChange,
  highlighter,
}: {
  mapping: SnapshotMappingDto;
  definitions: ComponentDefinitions;
  onChange: (m: SnapshotMappingDto) => void;
  /** Absent when there is no screenshot to show elements on. */
  highlighter?: Highlighter | null;
}) {
  const api = useApi();
  const toasts = useToasts();
  const [threshold, setThreshold] = useState(String(mapping.minConfidence));
  const [bulkBusy, setBulkBusy] = useState(false);

  async function decide(p: ProposalDto, d: DecisionRequest) {
    try {
      const res = await api.post<DecisionResponse>(`/v1/mapping/proposals/${p.id}/decision`, d);
      onChange({ ...mapping, ...res.snapshot, proposals: mapping.proposals.map((x) => (x.id === p.id ? res.proposal : x)) });
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : "Could not save the decision", type: "error" });
      throw err;
    }
  }

  async function bulkApprove() {
    setBulkBusy(true);
    try {
      const res = await api.post<BulkApproveResponse>(`/v1/mapping/snapshots/${mapping.snapshotId}/bulk-approve`, { threshold: Number(threshold) });
      const fresh = await api.get<SnapshotMappingDto>(`/v1/mapping/snapshots/${mapping.snapshotId}`, { fresh: true });
      onChange(fresh);
      toasts.show({ message: `${res.approved} proposals approved`, type: "success" });
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : "Could not approve the proposals", type: "error" });
    } finally {
      setBulkBusy(false);
    }
  }

  const groups = groupByInstance(mapping.proposals);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={mapping.status === "needs_review" ? "amber" : mapping.status === "auto_applied" ? "blue" : "green"}>{STATUS_LABEL[mapping.status]}</Badge>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {mapping.counts.total} proposals · {mapping.counts.pending} pending · auto-apply at {Math.round(mapping.minConfidence * 100)}%
        </span>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <ThresholdField id="bulk-threshold" label="Approve all pending at or above" value={threshold} onChange={setThreshold} />
        <Button size="sm" variant="secondary" loading={bulkBusy} onClick={bulkApprove}>Bulk approve</Button>
      </div>
      {groups.map(([index, proposals]) => (
        <section key={index} aria-label={index < 0 ? "Page fields" : `Component instance ${index + 1}`}>
          <h3 className="mb-2 text-sm font-semibold">{index < 0 ? "Page fields" : `Instance ${index + 1}${proposals[0]?.source.definition ? ` · ${proposals[0].source.definition}` : ""}`}</h3>
          <ul className="space-y-2">
            {proposals.map((p) => (
              <ProposalRow key={p.id} proposal={p} threshold={mapping.minConfidence} definitions={definitions} onDecide={(d) => decide(p, d)} highlighter={highlighter} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
