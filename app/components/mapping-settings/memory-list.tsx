import { useEffect, useState } from "react";
import type { MemoryEntryDto } from "../../../workers/contracts/mapping";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { Badge, EmptyState } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ApiRequestError } from "~/lib/api-client";
import type { LoadedSection } from "~/lib/dashboard-context";
import { memoryTarget, signatureParts } from "./format";
import { LoadedSettingsSection } from "./settings-section";
import { MAPPING_SETTINGS_TEXTS as T, SCOPE_LABELS } from "./texts";
import { LocalTime } from "~/components/ui/local-time";

function Entry({ entry, onForget }: { entry: MemoryEntryDto; onForget?: () => void }) {
  const target = memoryTarget(entry);
  return (
    <li className="grid grid-cols-1 gap-3 px-3 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-center">
      <div className="min-w-0">
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {T.memorySource} · {SCOPE_LABELS[entry.scope]}
        </p>
        <dl className="mt-0.5 space-y-0.5 font-mono text-xs">
          {signatureParts(entry.signature).map(([k, v]) => (
            <div key={k} className="flex min-w-0 gap-1">
              <dt className="shrink-0 text-slate-500 dark:text-slate-400">{k}:</dt>
              <dd className="truncate" title={v}>
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="min-w-0">
        <p className="text-xs text-slate-500 dark:text-slate-400">{T.memoryTarget}</p>
        <p className="truncate font-mono text-sm font-medium">{target}</p>
        <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
          <Badge tone="green">{T.memoryConfirmations(entry.confirmations)}</Badge>
          {entry.rejections > 0 ? <Badge tone="red">{T.memoryRejections(entry.rejections)}</Badge> : null}
          <Badge tone="blue">{T.memoryConfidence(Math.round(entry.confidence * 100))}</Badge>
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <time dateTime={entry.updatedAt} className="text-xs text-slate-500 dark:text-slate-400">
          <LocalTime iso={entry.updatedAt} dateOnly />
        </time>
        {onForget ? (
          <Button variant="ghost" size="sm" onClick={onForget} aria-label={T.memoryForgetLabel(target)} className="text-red-700 dark:text-red-400">
            {T.memoryForget}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** What the mapper learned from people's decisions (memory layer), with a way to forget an entry for roles that configure. */
export function MemoryList({
  siteId,
  canForget,
  loaded,
  reloading,
  onReload,
}: {
  siteId: string;
  canForget: boolean;
  loaded: LoadedSection<MemoryEntryDto[]>;
  reloading: boolean;
  onReload: () => void;
}) {
  const api = useApi();
  const toasts = useToasts();
  const base = `/v1/sites/${encodeURIComponent(siteId)}/mapping/memory`;
  // Entries forgotten since the list was read; a fresh read of the list replaces them.
  const [forgotten, setForgotten] = useState<Set<string>>(new Set());
  const [forgetting, setForgetting] = useState<MemoryEntryDto | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setForgotten(new Set()), [loaded]);
  const entries = (loaded.data ?? []).filter((e) => !forgotten.has(e.id));

  async function forget() {
    if (!forgetting) return;
    setBusy(true);
    try {
      await api.del(`${base}/${encodeURIComponent(forgetting.id)}`);
      setForgotten((s) => new Set(s).add(forgetting.id));
      toasts.show({ message: T.memoryForgotten, type: "success" });
      setForgetting(null);
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : T.memoryForgetFailed, type: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <LoadedSettingsSection id="mapping-memory" title={T.memoryTitle} description={T.memoryDescription} loaded={loaded} reloading={reloading} onReload={onReload} failed={T.memoryLoadFailed}>
      {loaded.data && entries.length === 0 ? <EmptyState title={T.memoryEmpty}>{T.memoryEmptyHint}</EmptyState> : null}
      {entries.length > 0 ? (
        <ul
          aria-label={T.memoryTitle}
          tabIndex={0}
          className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {entries.map((e) => (
            <Entry key={e.id} entry={e} onForget={canForget ? () => setForgetting(e) : undefined} />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={forgetting !== null}
        title={T.memoryForgetTitle}
        confirmLabel={T.memoryForget}
        busy={busy}
        onConfirm={() => void forget()}
        onCancel={() => setForgetting(null)}
      >
        <p>{forgetting ? memoryTarget(forgetting) : ""}</p>
        <p>{T.memoryForgetBody}</p>
      </ConfirmDialog>
    </LoadedSettingsSection>
  );
}
