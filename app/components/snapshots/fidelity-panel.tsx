import { FIDELITY_TEXTS as T, type FidelityPart, type PageFidelityDto, type SnapshotFidelityDto } from "../../../workers/contracts/fidelity";
import { pct } from "~/components/mapping-settings/format";
import { AssetTable } from "~/components/migration/target-pages-panel";
import { Badge, EmptyState, ErrorState } from "~/components/ui/card";
import type { LoadedSection } from "~/lib/dashboard-context";
import { screenshotSrc } from "~/lib/screenshots";
import { LocalTime } from "~/components/ui/local-time";

/** Each part's figure in words, or null when the part could not be measured. */
function partFigures(f: PageFidelityDto): { part: FidelityPart; score: number | null; detail: string }[] {
  return [
    { part: "content", score: f.content.f1, detail: `token F1 ${f.content.f1.toFixed(2)} (precision ${f.content.precision.toFixed(2)}, recall ${f.content.recall.toFixed(2)})` },
    { part: "images", score: f.images.score, detail: `${f.images.loading} of ${f.images.target} loading in the target; the source had ${f.images.source}${f.images.atSource ? `; ${f.images.atSource} still at the source` : ""}` },
    { part: "links", score: f.links.score, detail: `${f.links.resolving} of ${f.links.checked} resolving${f.links.atSource ? `; ${f.links.atSource} still at the source` : ""}` },
    { part: "headings", score: f.headings.score, detail: `${f.headings.source - f.headings.missing.length} of ${f.headings.source} found${f.headings.added.length ? `; ${f.headings.added.length} added` : ""}` },
    { part: "visual", score: f.visual?.score ?? null, detail: f.visual ? `${f.visual.regions.length} regions compared` : "no screenshot to compare" },
  ];
}

function tone(score: number, needsReview: boolean): "green" | "amber" | "slate" {
  if (needsReview) return "amber";
  return score >= 0.9 ? "green" : "slate";
}

function Shot({ label, src, alt }: { label: string; src: string | null; alt: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium">{label}</figcaption>
      {src ? (
        <div className="max-h-[36rem] overflow-auto rounded-md border border-slate-200 dark:border-slate-800">
          <img src={src} alt={alt} loading="lazy" className="block w-full" />
        </div>
      ) : (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">No screenshot</p>
      )}
    </figure>
  );
}

/**
 * How the page came out in the target: its fidelity score and parts, the differences in words, the
 * source and target screenshots side by side and the assets the run wrote for it (as the screen's loader
 * read them).
 */
export function FidelityPanel({
  loaded,
  organizationId,
  onReload,
  sourceUrl,
  sourceScreenshot,
}: {
  loaded: LoadedSection<SnapshotFidelityDto>;
  /** The organization the screenshots are read in (images cannot send its header). */
  organizationId: string | null;
  onReload: () => void;
  sourceUrl: string;
  sourceScreenshot: string | null;
}) {
  if (loaded.error !== null) return <ErrorState message={`${T.loadFailed}: ${loaded.error}`} onRetry={onReload} />;
  const data = loaded.data;
  if (!data || (!data.fidelity && !data.page)) {
    return (
      <EmptyState title={T.empty}>
        <p className="text-sm">{T.emptyHint}</p>
      </EmptyState>
    );
  }
  const f = data.fidelity;
  const src = (path: string | null) => (path ? screenshotSrc(path, organizationId) : null);
  return (
    <div className="space-y-5">
      {f ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone={tone(f.score, f.needsReview)}>{T.score(Math.round(f.score * 100))}</Badge>
            <a className="text-sm text-brand-600 underline dark:text-brand-300 break-all" href={f.targetUrl} target="_blank" rel="noreferrer">
              {T.openTarget}
            </a>
            <span className="text-xs text-slate-500 dark:text-slate-400">checked <LocalTime iso={f.checkedAt} /></span>
          </div>
          {f.needsReview ? (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              {T.needsReview}
            </p>
          ) : null}
          <dl aria-label="Fidelity by part" className="grid gap-2 text-sm sm:grid-cols-2 xl:grid-cols-5">
            {partFigures(f).map(({ part, score, detail }) => (
              <div key={part} className="rounded-md bg-slate-50 p-3 dark:bg-slate-950">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{T.parts[part]}</dt>
                <dd className="text-lg font-semibold">{score === null ? "—" : pct(score)}</dd>
                <dd className="text-xs text-slate-600 dark:text-slate-400">{detail}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-medium">Differences</h3>
            {f.differences.length ? (
              <ul aria-label="Differences" className="list-disc space-y-0.5 pl-5 text-sm break-words">
                {f.differences.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">{T.noDifferences}</p>
            )}
          </div>
          {f.visual ? (
            <details className="text-sm">
              <summary className="cursor-pointer">The look per region</summary>
              <table className="mt-2 text-left">
                <caption className="sr-only">Difference of the two screenshots per region</caption>
                <thead>
                  <tr className="text-xs text-slate-500 dark:text-slate-400">
                    <th scope="col" className="py-1 pr-4 font-medium">Region</th>
                    <th scope="col" className="py-1 font-medium">Difference</th>
                  </tr>
                </thead>
                <tbody>
                  {f.visual.regions.map((r) => (
                    <tr key={r.label}>
                      <td className="py-0.5 pr-4">{r.label}</td>
                      <td className="py-0.5">{pct(r.difference)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ) : null}
          <div className="grid gap-4 md:grid-cols-2">
            <Shot label={T.sourceShot} src={src(sourceScreenshot)} alt={`Screenshot of ${sourceUrl}`} />
            <Shot label={T.targetShot} src={src(f.screenshotUrl)} alt={`Screenshot of ${f.targetUrl}`} />
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{T.empty}. {T.emptyHint}</p>
      )}
      {data.page ? (
        <div>
          <h3 className="text-sm font-medium">{T.assets}</h3>
          {data.page.assets.length ? (
            <AssetTable assets={data.page.assets} caption={`Assets of ${data.page.targetPath ?? data.page.targetId}`} />
          ) : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{T.noAssets}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
