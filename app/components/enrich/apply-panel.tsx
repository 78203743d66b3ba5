import { useState } from "react";
import { ENRICH_FIELD_LABELS, type EnrichApplyDto, type EnrichField } from "../../../workers/contracts/enrich";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { Badge, ErrorState } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { PermissionNote, deniedProps } from "~/components/ui/permission-note";
import { ApiRequestError } from "~/lib/api-client";
import type { LoadedSection } from "~/lib/dashboard-context";
import { usePermission } from "~/lib/permissions";
import { RollbackOutcomes } from "./rollback-outcomes";
import { ENRICH_TEXTS } from "./texts";
import { LocalTime } from "~/components/ui/local-time";

const STATUS_TONE = { applied: "green", unsupported: "amber", failed: "red" } as const;

/**
 * Apply approved changes to the target platform, and the applies so far (as the screen's loader read
 * them) with their rollback. `onChanged` reads the screen's data again after a write.
 */
export function ApplyPanel({
  siteId,
  approved,
  applies,
  platformName,
  onChanged,
}: {
  siteId: string;
  approved: number;
  applies: LoadedSection<EnrichApplyDto[]>;
  platformName: string;
  onChanged: () => void;
}) {
  const api = useApi();
  const toasts = useToasts();
  const run = usePermission("run");
  const rollback = usePermission("rollback");
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<EnrichApplyDto | null>(null);

  async function apply() {
    setBusy(true);
    try {
      const res = await api.post<EnrichApplyDto>(`/v1/sites/${siteId}/enrich/apply`, {});
      toasts.show({ message: ENRICH_TEXTS.applied(res.summary.applied ?? 0), type: res.summary.applied ? "success" : "warning" });
      onChanged();
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : "Could not apply the changes", type: "error" });
    } finally {
      setBusy(false);
    }
  }

  async function undo(a: EnrichApplyDto) {
    setBusy(true);
    try {
      const res = await api.post<EnrichApplyDto>(`/v1/enrich/applies/${a.id}/rollback`, {});
      const left = (res.rollback ?? []).filter((o) => o.status === "left").length;
      toasts.show(left ? { message: ENRICH_TEXTS.rolledBackLeft(left), type: "warning" } : { message: ENRICH_TEXTS.rolledBack, type: "success" });
      setConfirm(null);
      onChanged();
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : "Could not roll back", type: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button loading={busy} disabled={!approved || !run.allowed} onClick={apply} {...deniedProps("enrich-apply-denied", run.reason)}>
          {ENRICH_TEXTS.apply} ({approved})
        </Button>
        <span className="text-sm text-slate-600 dark:text-slate-400">into {platformName}</span>
      </div>
      <PermissionNote id="enrich-apply-denied" reason={run.reason} />
      <h3 className="text-sm font-semibold">{ENRICH_TEXTS.applies}</h3>
      {applies.error !== null ? <ErrorState message={applies.error} onRetry={onChanged} /> : !applies.data.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{ENRICH_TEXTS.noApplies}</p>
      ) : (
        <ul className="space-y-2">
          {applies.data.map((a) => (
            <li key={a.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800" data-enrich-apply={a.id}>
              <div className="flex flex-wrap items-center gap-2">
                <span><LocalTime iso={a.createdAt} /></span>
                <Badge tone="green">{a.summary.applied ?? 0} applied</Badge>
                {a.summary.unsupported ? <Badge tone="amber">{a.summary.unsupported} not supported</Badge> : null}
                {a.summary.failed ? <Badge tone="red">{a.summary.failed} failed</Badge> : null}
                {a.rolledBackAt ? <Badge>rolled back</Badge> : (
                  <Button size="sm" variant="secondary" disabled={!rollback.allowed} onClick={() => setConfirm(a)} {...deniedProps(`rollback-denied-${a.id}`, rollback.reason)}>{ENRICH_TEXTS.rollback}</Button>
                )}
              </div>
              <RollbackOutcomes outcomes={a.rollback} />
              <details className="mt-1">
                <summary className="cursor-pointer text-xs">Changes</summary>
                <ul className="ml-4 mt-1 list-disc text-xs">
                  {a.changes.map((c) => (
                    <li key={c.id} className="break-words">
                      <Badge tone={STATUS_TONE[c.status]}>{c.status}</Badge> {ENRICH_FIELD_LABELS[c.field as EnrichField] ?? c.field} — {c.pageUrl}{c.target ? ` (${c.target.split("/").pop()})` : ""}: {c.message}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={!!confirm} title="Roll back this apply?" confirmLabel={ENRICH_TEXTS.rollback} busy={busy} onConfirm={() => confirm && undo(confirm)} onCancel={() => setConfirm(null)}>
        {ENRICH_TEXTS.rollbackConfirm}
      </ConfirmDialog>
    </div>
  );
}
