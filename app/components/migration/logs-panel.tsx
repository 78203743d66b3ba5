import { useState } from "react";
import type { MigrationLogDto, RunLogLevel } from "../../../workers/contracts/run-events";
import { EmptyState, ErrorState } from "~/components/ui/card";
import { SelectField } from "~/components/ui/field";

const LEVELS: (RunLogLevel | "all")[] = ["all", "info", "warn", "error"];
const TONE: Record<RunLogLevel, string> = { info: "text-slate-700 dark:text-slate-300", warn: "text-amber-700 dark:text-amber-300", error: "text-red-700 dark:text-red-300" };

/** The site's migration logs with a level filter. */
export function LogsPanel({ logs, error, onRetry }: { logs: MigrationLogDto[]; error: string | null; onRetry: () => void }) {
  const [level, setLevel] = useState<RunLogLevel | "all">("all");
  const shown = level === "all" ? logs : logs.filter((l) => l.level === level);
  return (
    <div>
      <div className="mb-3">
        <SelectField compact id="log-level" label="Level" value={level} onChange={(e) => setLevel(e.target.value as RunLogLevel | "all")} options={LEVELS.map((l) => ({ value: l, label: l }))} />
      </div>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : shown.length === 0 ? (
        <EmptyState title="No log entries" />
      ) : (
        <ol aria-label="Migration logs" className="max-h-96 space-y-1 overflow-y-auto rounded-md bg-slate-50 p-3 font-mono text-xs dark:bg-slate-950">
          {shown.map((l) => (
            <li key={l.id} className={TONE[l.level]}>
              <span className="text-slate-500">{new Date(l.timestamp).toLocaleTimeString()}</span> <span className="uppercase">{l.level}</span> {l.message}
              {l.url ? <span className="text-slate-500"> — {l.url}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
