import { useState } from "react";
import type { ComponentDefinitions } from "../../../workers/contracts/definitions";
import type { DecisionRequest, ProposalDto, ProposalValue } from "../../../workers/contracts/mapping";
import { Badge } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { TextAreaField } from "~/components/ui/text-area";
import { Confidence } from "./confidence";
import type { Highlight, Highlighter } from "./highlight";
import { ShowOnPage, previewHandlers } from "./show-on-page";
import { LocalTime } from "~/components/ui/local-time";
import { stripTags } from "../../../workers/mapping/text";

function show(v: ProposalValue): string {
  if (v === null) return "—";
  if (Array.isArray(v)) return v.join(", ");
  return String(v);
}

/** What the row shows of a value: rich text as the text a reader sees, not its markup (tweaking edits the markup). */
function preview(v: ProposalValue, type: string | null): string {
  if (type === "richtext" && typeof v === "string") return stripTags(v) || "—";
  return show(v);
}

const STATUS_TONE = { pending: "slate", auto_applied: "blue", approved: "green", tweaked: "green", overridden: "amber", rejected: "red" } as const;

/** One proposal with its confidence, evidence and the approve / tweak / override / reject controls. */
export function ProposalRow({
  proposal,
  threshold,
  definitions,
  onDecide,
  highlighter,
}: {
  proposal: ProposalDto;
  threshold: number;
  definitions: ComponentDefinitions;
  onDecide: (d: DecisionRequest) => Promise<void>;
  /** Absent when the snapshot has no screenshot to highlight on. */
  highlighter?: Highlighter | null;
}) {
  const [mode, setMode] = useState<"view" | "tweak" | "override">("view");
  const [value, setValue] = useState(show(proposal.final?.value ?? proposal.value));
  const [target, setTarget] = useState("");
  const [busy, setBusy] = useState(false);
  const isComponent = proposal.scope === "component";
  const component = proposal.final?.component ?? proposal.targetComponent;
  const field = proposal.final?.field ?? proposal.targetField;
  const label = isComponent
    ? `Component → ${component ?? "none"}`
    : proposal.scope === "template"
      ? `Template → ${component ?? "none"}`
      : `${component ? `${component}.` : ""}${field ?? "?"}`;
  const provenance = proposal.source.provenance;
  const highlight: Highlight | null = proposal.source.box && highlighter ? { id: proposal.id, box: proposal.source.box, label, provenance } : null;
  const active = highlight !== null && highlighter?.activeId === proposal.id;

  async function decide(d: DecisionRequest) {
    setBusy(true);
    try {
      await onDecide(d);
      setMode("view");
    } finally {
      setBusy(false);
    }
  }

  const overrideOptions = isComponent
    ? Object.entries(definitions).map(([key, def]) => ({ value: key, label: def.name || key }))
    : (component && definitions[component]?.fields.map((f) => ({ value: f.name, label: `${f.name} (${f.type})` }))) || [];

  return (
    <li
      className={`rounded-md border p-3 transition-colors motion-reduce:transition-none ${active ? "border-fuchsia-500 bg-fuchsia-50/60 ring-1 ring-fuchsia-500 dark:border-fuchsia-400 dark:bg-fuchsia-950/30 dark:ring-fuchsia-400" : "border-slate-200 dark:border-slate-800"}`}
      data-proposal-id={proposal.id}
      {...previewHandlers(highlight, highlighter)}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{label}</span>
        <Confidence value={proposal.confidence} threshold={threshold} />
        <Badge tone={STATUS_TONE[proposal.status]}>{proposal.status.replace("_", " ")}</Badge>
        <span className="text-xs text-slate-500">{proposal.layer}</span>
      </div>
      {!isComponent ? <p className="mt-1 line-clamp-3 break-words text-sm text-slate-700 dark:text-slate-300">{preview(proposal.final?.value ?? proposal.value, proposal.targetType)}</p> : null}
      {provenance || highlight ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          {provenance ? (
            <p className="min-w-0 flex-1 break-words text-sm text-slate-800 dark:text-slate-100">
              <span className="font-semibold">From:</span> {provenance}
            </p>
          ) : (
            <p className="flex-1 text-sm text-slate-500">Source not recorded</p>
          )}
          {highlight && highlighter ? <ShowOnPage highlight={highlight} highlighter={highlighter} /> : null}
        </div>
      ) : null}
      {proposal.source.selector ? <p className="mt-1 font-mono text-xs text-slate-500">from {proposal.source.name ?? proposal.source.selector}</p> : null}
      {proposal.evidence.length ? (
        <details className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          <summary className="cursor-pointer">Evidence</summary>
          <ul className="ml-4 list-disc">
            {proposal.evidence.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {proposal.decidedBy ? <p className="mt-1 text-xs text-slate-500">Decided by {proposal.decidedBy.email} {proposal.decidedAt ? <>on <LocalTime iso={proposal.decidedAt} /></> : null}</p> : null}

      {mode === "tweak" ? (
        <div className="mt-2 space-y-2">
          <TextAreaField compact id={`tweak-${proposal.id}`} label="New value" rows={3} value={value} onChange={(e) => setValue(e.target.value)} />
          <div className="flex gap-2">
            <Button size="sm" loading={busy} onClick={() => decide({ action: "tweak", value })}>Save value</Button>
            <Button size="sm" variant="ghost" onClick={() => setMode("view")}>Cancel</Button>
          </div>
        </div>
      ) : mode === "override" ? (
        <div className="mt-2 space-y-2">
          <SelectField compact id={`override-${proposal.id}`} label={isComponent ? "Another component" : "Another field"} value={target} onChange={(e) => setTarget(e.target.value)} options={[{ value: "", label: "Choose…" }, ...overrideOptions]} className="w-full" />
          <div className="flex gap-2">
            <Button size="sm" loading={busy} disabled={!target} onClick={() => decide(isComponent ? { action: "override", targetComponent: target } : { action: "override", targetComponent: component ?? undefined, targetField: target })}>
              Apply override
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode("view")}>Cancel</Button>
          </div>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" loading={busy} onClick={() => decide({ action: "approve" })} aria-label={`Approve ${label}`}>Approve</Button>
          {!isComponent ? <Button size="sm" variant="secondary" onClick={() => setMode("tweak")} aria-label={`Tweak ${label}`}>Tweak</Button> : null}
          <Button size="sm" variant="secondary" onClick={() => setMode("override")} aria-label={`Override ${label}`}>Override</Button>
          <Button size="sm" variant="ghost" loading={busy} onClick={() => decide({ action: "reject" })} aria-label={`Reject ${label}`}>Reject</Button>
        </div>
      )}
    </li>
  );
}
