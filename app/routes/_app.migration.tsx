import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LogsPanel } from "~/components/migration/logs-panel";
import { useMigration } from "~/components/migration/migration-provider";
import { ProgressPanel } from "~/components/migration/progress-panel";
import { ScreenshotGrid } from "~/components/migration/screenshot-grid";
import { StartPanel } from "~/components/migration/start-panel";
import { TargetPagesPanel } from "~/components/migration/target-pages-panel";
import { RequireSite } from "~/components/shell/require-site";
import { Card, ErrorState, PageHeader } from "~/components/ui/card";
import { isActiveStatus } from "~/lib/migration-state";
import { platformMeta } from "../../workers/contracts/platform-meta";
import { usePermission } from "~/lib/permissions";

export const meta: MetaFunction = () => [{ title: "Migration — Migrate" }];

/** Start a run, follow it live, cancel it, and read its result and logs. */
export default function Migration() {
  const { state, logs, logsError, starting, startError, start, cancel, refreshLogs } = useMigration();
  const active = isActiveStatus(state.status);
  const mayRun = usePermission("run");
  return (
    <RequireSite>
      {(site, config) => (
        <>
          <PageHeader title="Migration" description={`Crawl ${site.domain}, capture snapshots and write them into the target platform.`} actions={<Link className="text-sm text-brand-600 dark:text-brand-300 underline dark:text-brand-100" to="/snapshots">Snapshots</Link>} />
          <div className="grid gap-6 xl:grid-cols-2">
            <Card>
              <h2 className="mb-4 font-semibold">Start</h2>
              <StartPanel onStart={(o) => void start(o)} busy={starting} error={startError} disabled={active} platform={config.platform} permission={mayRun} />
            </Card>
            <Card>
              <h2 className="mb-4 font-semibold">Progress</h2>
              {state.status === null && !state.progress ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">No migration has run for this project yet.</p>
              ) : (
                <ProgressPanel status={state.status} progress={state.progress} connection={state.connection} onCancel={() => void cancel()} canCancel={active} cancelPermission={mayRun} />
              )}
              {state.message ? (
                <p role="status" className={`mt-4 rounded-md p-3 text-sm ${state.status === "stuck" ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100" : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"}`}>
                  {state.message}
                </p>
              ) : null}
              {state.error ? <div className="mt-4"><ErrorState message={state.error} /></div> : null}
              {state.result ? (
                <dl className="mt-4 grid grid-cols-3 gap-3 text-center" aria-label="Result summary">
                  <div className="rounded-md bg-slate-50 p-3 dark:bg-slate-950"><dt className="text-xs text-slate-500 dark:text-slate-400">Pages</dt><dd className="text-xl font-semibold">{state.result.summary.pages}</dd></div>
                  <div className="rounded-md bg-slate-50 p-3 dark:bg-slate-950"><dt className="text-xs text-slate-500 dark:text-slate-400">Components</dt><dd className="text-xl font-semibold">{state.result.summary.components}</dd></div>
                  <div className="rounded-md bg-slate-50 p-3 dark:bg-slate-950"><dt className="text-xs text-slate-500 dark:text-slate-400">Minutes</dt><dd className="text-xl font-semibold">{state.result.summary.durationMinutes}</dd></div>
                </dl>
              ) : null}
            </Card>
          </div>
          {state.result && config.platform ? (
            <Card className="mt-6">
              <h2 className="mb-4 font-semibold">Written to {platformMeta(config.platform)?.displayName ?? config.platform}</h2>
              <TargetPagesPanel migrationId={state.result.migrationId} />
            </Card>
          ) : null}
          <Card className="mt-6">
            <h2 className="mb-4 font-semibold">Screenshots</h2>
            <ScreenshotGrid screenshots={state.screenshots} />
          </Card>
          <Card className="mt-6">
            <h2 className="mb-4 font-semibold">Logs</h2>
            <LogsPanel logs={logs} error={logsError} onRetry={refreshLogs} />
          </Card>
        </>
      )}
    </RequireSite>
  );
}
