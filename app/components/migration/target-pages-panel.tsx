import { Link, useFetcher } from "@remix-run/react";
import { FIDELITY_TEXTS, type PageFidelityDto, type RunTargetPagesDto as TargetPagesDto } from "../../../workers/contracts/fidelity";
import type { AssetState, OutsideLink, PageAssetRecord, PageMetadataRecord } from "../../../workers/contracts/platform-meta";
import { useEffect, useState } from "react";
import { platformMeta } from "../../../workers/contracts/platform-meta";
import { useApi, useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { Badge, EmptyState, ErrorState } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { deniedProps, PermissionNote } from "~/components/ui/permission-note";
import { usePermission } from "~/lib/permissions";
import { LoadingState } from "~/components/ui/spinner";
import { ApiRequestError } from "~/lib/api-client";
import type { loader } from "~/routes/migration.written-pages.$migrationId";

/** How each state reads, and its tone: only an asset left at the source needs attention. */
export const ASSET_STATE_LABEL: Record<AssetState, { label: string; tone: "green" | "blue" | "slate" | "amber" }> = {
  uploaded: { label: "Uploaded", tone: "green" },
  reused: { label: "Reused by hash", tone: "blue" },
  converted: { label: "Converted", tone: "blue" },
  bundled: { label: "Bundled", tone: "slate" },
  source: { label: "Kept at source URL", tone: "amber" },
};
const ORDER: AssetState[] = ["uploaded", "reused", "converted", "bundled", "source"];

const fileOf = (url: string) => {
  try {
    const u = new URL(url);
    return decodeURIComponent(u.pathname.split("/").filter(Boolean).pop() ?? u.host);
  } catch {
    return url;
  }
};

/** A written page's assets and what became of each: uploaded, reused, converted, bundled or kept at the source with why. */
export function AssetTable({ assets, caption }: { assets: readonly PageAssetRecord[]; caption: string }) {
  return (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-xs text-slate-500 dark:text-slate-400">
          <th scope="col" className="py-1 pr-3 font-medium">Asset</th>
          <th scope="col" className="py-1 pr-3 font-medium">State</th>
          <th scope="col" className="py-1 font-medium">Details</th>
        </tr>
      </thead>
      <tbody>
        {assets.map((a) => (
          <tr key={a.sourceUrl} className="align-top">
            <td className="py-1 pr-3 break-all"><a className="text-brand-600 underline dark:text-brand-300" href={a.sourceUrl} target="_blank" rel="noreferrer">{fileOf(a.sourceUrl)}</a></td>
            <td className="py-1 pr-3 whitespace-nowrap"><Badge tone={ASSET_STATE_LABEL[a.state].tone}>{ASSET_STATE_LABEL[a.state].label}</Badge></td>
            <td className="py-1 break-all text-slate-600 dark:text-slate-400">{a.reason ?? (a.url !== a.sourceUrl ? a.url : "")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type WrittenPage = TargetPagesDto["pages"][number] & { fidelity: PageFidelityDto | null };

/** The written pages with their fidelity, the worst first; pages not checked in the target follow in write order. */
function worstFirst(pages: TargetPagesDto["pages"], checked: PageFidelityDto[]): WrittenPage[] {
  const bySource = new Map(checked.map((f) => [f.sourceUrl, f]));
  const withScore = pages.map((p) => ({ ...p, fidelity: (p.sourceUrl && bySource.get(p.sourceUrl)) || null }));
  return [...withScore.filter((p) => p.fidelity).sort((a, b) => a.fidelity!.score - b.fidelity!.score), ...withScore.filter((p) => !p.fidelity)];
}

export const ROLLBACK_TEXTS = {
  action: "Roll back this run",
  confirm: (platform: string) => `Roll back what this run wrote to ${platform}?`,
  body: "Pages the run created are deleted, pages it updated get their earlier content back, and assets it uploaded are removed. The snapshots and the run's record stay.",
  done: (n: number) => `Rolled back: ${n === 1 ? "1 write" : `${n} writes`} undone`,
  failed: "Could not roll back the run",
  rolledBack: (when: string) => `This run's writes were rolled back on ${when}.`,
} as const;

const ROLLBACK_NOTE = "rollback-permission";

/** Undoes what a run wrote to the target (admins and owners), behind a confirmation. */
function RollbackControl({ migrationId, platform, rolledBackAt, onDone }: { migrationId: string; platform: string; rolledBackAt: string | null; onDone: () => void }) {
  const api = useApi();
  const toasts = useToasts();
  const permission = usePermission("rollback");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = platformMeta(platform)?.displayName ?? platform;
  if (rolledBackAt) {
    return (
      <p role="status" className="mb-4 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-950">
        {ROLLBACK_TEXTS.rolledBack(new Date(rolledBackAt).toLocaleString())}
      </p>
    );
  }
  async function rollback() {
    setBusy(true);
    try {
      const res = await api.post<{ undone: number }>(`/v1/migration/${encodeURIComponent(migrationId)}/rollback`, {});
      toasts.show({ message: ROLLBACK_TEXTS.done(res.undone), type: "success" });
      setOpen(false);
      onDone();
    } catch (err) {
      setOpen(false);
      toasts.show({ message: err instanceof ApiRequestError ? err.error : ROLLBACK_TEXTS.failed, type: "error" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mb-4 flex flex-wrap items-center justify-end gap-3">
      <PermissionNote id={ROLLBACK_NOTE} reason={permission.reason} />
      <Button variant="secondary" onClick={() => setOpen(true)} {...deniedProps(ROLLBACK_NOTE, permission.reason)}>
        {ROLLBACK_TEXTS.action}
      </Button>
      <ConfirmDialog open={open} title={ROLLBACK_TEXTS.confirm(name)} confirmLabel={ROLLBACK_TEXTS.action} busy={busy} onCancel={() => setOpen(false)} onConfirm={() => void rollback()}>
        <p>{ROLLBACK_TEXTS.body}</p>
      </ConfirmDialog>
    </div>
  );
}

/** The pages a run wrote into the target, each with its assets and what became of them. */
export function TargetPagesPanel({ migrationId }: { migrationId: string }) {
  // Read through the route's loader (app/routes/migration.written-pages.$migrationId.ts): the run is
  // known only once it ends on this screen, so the panel loads it then, and again after a rollback.
  const fetcher = useFetcher<typeof loader>();
  const path = `/migration/written-pages/${encodeURIComponent(migrationId)}`;
  const { load } = fetcher;
  useEffect(() => {
    load(path);
  }, [load, path]);
  const reload = () => load(path);
  const section = fetcher.data;
  if (!section) return <LoadingState label="Loading the written pages…" />;
  if (section.error !== null || !section.data) return <ErrorState message={section.error ?? "Could not load the written pages"} onRetry={reload} />;
  const written = section.data.written;
  // A run whose site has no target platform wrote nothing there.
  if (!written || !written.pages.length) return <EmptyState title="No pages were written into the target by this run" />;
  const data = { ...written, pages: worstFirst(written.pages, section.data.checked) };
  const held = data.pages.filter((p) => p.fidelity?.needsReview).length;
  return (
    <div>
      <RollbackControl migrationId={data.migrationId} platform={data.platform} rolledBackAt={data.rolledBackAt} onDone={reload} />
      <dl aria-label="Assets by state" className="mb-4 grid grid-cols-2 gap-3 text-center sm:grid-cols-5">
        {ORDER.map((s) => (
          <div key={s} className="rounded-md bg-slate-50 p-3 dark:bg-slate-950">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{ASSET_STATE_LABEL[s].label}</dt>
            <dd className={`text-xl font-semibold ${s === "source" && data.summary.source > 0 ? "text-amber-700 dark:text-amber-300" : ""}`}>{data.summary[s]}</dd>
          </div>
        ))}
      </dl>
      {data.linksOutside > 0 && (
        <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {data.linksOutside === 1 ? "1 link points" : `${data.linksOutside} links point`} at pages of the site outside its page list. They still lead to the source site: add those pages to the list, or change the links.
        </p>
      )}
      {held > 0 && (
        <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {held === 1 ? "1 written page is" : `${held} written pages are`} below the project's fidelity threshold and {held === 1 ? "waits" : "wait"} for review: open {held === 1 ? "it" : "each"} from its fidelity score below.
        </p>
      )}
      <ul aria-label="Written pages" className="divide-y divide-slate-200 dark:divide-slate-800">
        {data.pages.map((p) => (
          <li key={`${p.targetId}-${p.targetPath}`} className="py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="flex flex-wrap items-baseline gap-2">
                <span className="font-medium break-all">{p.targetPath ?? p.targetId}</span>
                {p.fidelity ? (
                  <Link to={`/snapshots/${encodeURIComponent(p.fidelity.snapshotId)}`} className="rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label={`${FIDELITY_TEXTS.score(Math.round(p.fidelity.score * 100))}: open the page's review`}>
                    <Badge tone={p.fidelity.needsReview ? "amber" : p.fidelity.score >= 0.9 ? "green" : "slate"}>{FIDELITY_TEXTS.score(Math.round(p.fidelity.score * 100))}</Badge>
                  </Link>
                ) : null}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400 break-all">{p.action === "create" ? "created" : "updated"} from {p.sourceUrl ?? "—"}</span>
            </div>
            {p.assets.length === 0 ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">No assets</p> : <AssetTable assets={p.assets} caption={`Assets of ${p.targetPath ?? p.targetId}`} />}
            {p.metadata && (
              <div className="mt-2 text-sm">
                <p className="text-slate-600 dark:text-slate-400">
                  <span className="font-medium text-slate-700 dark:text-slate-300">Metadata written:</span> {p.metadata.written.join(", ") || "none"}
                </p>
                {p.metadata.content && (
                  <p className="text-amber-800 dark:text-amber-200">
                    <span className="font-medium">Content written from:</span> {p.metadata.content}
                  </p>
                )}
                {p.metadata.noPlace.length > 0 && (
                  <div>
                    <p className="font-medium text-amber-800 dark:text-amber-200">No place in the target for:</p>
                    <ul aria-label={`Metadata of ${p.targetPath ?? p.targetId} with no place in the target`} className="list-disc pl-5 text-slate-600 dark:text-slate-400">
                      {p.metadata.noPlace.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            )}
            {p.linksOutside.length > 0 && (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-amber-800 dark:text-amber-200">
                  {p.linksOutside.length === 1 ? "1 link" : `${p.linksOutside.length} links`} to pages outside the page list
                </summary>
                <ul aria-label={`Links of ${p.targetPath ?? p.targetId} outside the page list`} className="mt-1 list-disc space-y-0.5 pl-5">
                  {p.linksOutside.map((l) => (
                    <li key={l.href} className="break-all">
                      <a className="text-brand-600 underline dark:text-brand-300" href={l.href} target="_blank" rel="noreferrer">{l.href}</a>
                      {l.text ? <span className="text-slate-600 dark:text-slate-400"> — “{l.text}”</span> : null}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
