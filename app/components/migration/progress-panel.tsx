import type { MigrationProgress, RunStatus } from "../../../workers/contracts/run-events";
import { Badge } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { PermissionNote, deniedProps } from "~/components/ui/permission-note";
import type { Permission } from "~/lib/permissions";
import { LIVE_CONNECTION_TEXT, type LiveConnection } from "~/lib/live-connection";
import { isActiveStatus } from "~/lib/migration-state";

const STATUS_TONE: Record<RunStatus, "blue" | "green" | "red" | "amber" | "slate"> = {
  running: "blue",
  processing: "blue",
  completed: "green",
  failed: "red",
  cancelled: "slate",
  stuck: "amber",
};

export function StatusBadge({ status }: { status: RunStatus | null }) {
  if (!status) return <Badge>idle</Badge>;
  return <Badge tone={STATUS_TONE[status]}>{status}</Badge>;
}

/**
 * Whether the live events are flowing. The region is always rendered, so screen readers announce
 * "Reconnecting…" and "Reconnected" as they appear; it is empty while the run is followed live.
 */
export function LiveConnectionStatus({ connection }: { connection: LiveConnection }) {
  const text = LIVE_CONNECTION_TEXT[connection];
  const tone = connection === "reconnecting" ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100" : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100";
  return (
    <p role="status" aria-live="polite" data-testid="live-connection" data-connection={connection} className={text ? `rounded-md px-3 py-1.5 text-sm ${tone}` : "sr-only"}>
      {text}
    </p>
  );
}

/** Live progress: bar with counts, current page, asset progress, the connection status and the cancel control. */
export function ProgressPanel({ status, progress, connection, onCancel, canCancel, cancelPermission }: { status: RunStatus | null; progress: MigrationProgress | null; connection: LiveConnection; onCancel: () => void; canCancel: boolean; cancelPermission: Permission }) {
  const done = progress?.processedCount ?? 0;
  const total = progress?.totalCount ?? 0;
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <StatusBadge status={status} />
          {/* The phase the run is in, while it runs: a finished run has none left ("completed", not "completed processing"). */}
          {progress && isActiveStatus(status) ? <span data-testid="run-phase" className="text-sm text-slate-600 dark:text-slate-400">{progress.phase}</span> : null}
        </div>
        {canCancel ? (
          <Button variant="danger" size="sm" onClick={onCancel} {...deniedProps("cancel-permission", cancelPermission.reason)}>
            Cancel migration
          </Button>
        ) : null}
      </div>
      {canCancel ? <PermissionNote id="cancel-permission" reason={cancelPermission.reason} /> : null}
      <LiveConnectionStatus connection={connection} />
      <div>
        <div role="progressbar" aria-label="Pages processed" aria-valuemin={0} aria-valuemax={total || 1} aria-valuenow={done} aria-valuetext={`${done} of ${total} pages`} className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
          <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${pct}%` }} />
        </div>
        <p className="mt-2 text-sm" data-testid="progress-counts">
          {done} of {total} pages · {progress?.succeeded ?? 0} succeeded · {progress?.failed ?? 0} failed · {progress?.skipped ?? 0} skipped
          {progress?.awaitingReview ? ` · ${progress.awaitingReview} waiting for review` : null}
        </p>
        {progress?.stages ? (
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400" aria-label="Pages per stage" data-testid="progress-stages">
            {(["captured", "mapped", "written"] as const).map((stage) => (
              <div key={stage} className="flex gap-1">
                <dt className="capitalize">{stage}</dt>
                <dd className="font-medium tabular-nums text-slate-900 dark:text-slate-100">{progress.stages![stage]}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {progress?.currentPage ? <p className="mt-1 truncate text-sm text-slate-600 dark:text-slate-400">Current page: <span className="font-mono">{progress.currentPage}</span></p> : null}
        {progress?.damProgress ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Assets: {progress.damProgress.processed} of {progress.damProgress.total}</p> : null}
      </div>
    </div>
  );
}
