import type { PageExtraction } from "../../../workers/contracts/extraction";
import type { Highlighter } from "./highlight";
import { PageMetadataList } from "./page-metadata";

/** The content extracted from a page: where the main content came from, metadata, headings, images, links and component instances. */
export function ExtractionPanel({ extraction, highlighter }: { extraction: PageExtraction; highlighter?: Highlighter | null }) {
  const rows: [string, string | null][] = [
    ["Title", extraction.title],
    ["Description", extraction.metaDescription],
    ["Canonical", extraction.canonical],
    ["Language", extraction.language],
    ["Open Graph", Object.entries(extraction.openGraph).map(([k, v]) => `${k}: ${v}`).join(" · ") || null],
  ];
  return (
    <div className="space-y-4 text-sm">
      <p className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60" data-testid="main-source">
        <span className="font-semibold">Main content:</span>{" "}
        {extraction.mainSource ? (
          <>
            {extraction.mainSource.method} — <span className="text-slate-700 dark:text-slate-300">{extraction.mainSource.reason}</span>
          </>
        ) : (
          <span className="text-slate-500">source not recorded for this snapshot</span>
        )}
      </p>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="break-words">{v || "—"}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="mb-1 font-semibold">Page metadata</h3>
        <PageMetadataList metadata={extraction.metadata} highlighter={highlighter} />
      </div>
      {extraction.headings.length ? (
        <div>
          <h3 className="mb-1 font-semibold">Headings</h3>
          <ul className="space-y-0.5">
            {extraction.headings.slice(0, 30).map((h, i) => (
              <li key={i} style={{ paddingLeft: `${(h.level - 1) * 0.75}rem` }}>
                <span className="text-xs text-slate-500">H{h.level}</span> {h.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-slate-600 dark:text-slate-400">
        {extraction.components.length} component instances · {extraction.images.length} images · {extraction.links.filter((l) => l.internal).length} internal and {extraction.links.filter((l) => !l.internal).length} external links
      </p>
      <details>
        <summary className="cursor-pointer font-semibold">Main content (text)</summary>
        <p className="mt-2 max-h-80 overflow-y-auto whitespace-pre-line text-slate-700 dark:text-slate-300">{extraction.mainText}</p>
      </details>
    </div>
  );
}
