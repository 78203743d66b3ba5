import type { PageMetadata } from "../../../workers/contracts/extraction";
import type { Highlight, Highlighter } from "./highlight";
import { ShowOnPage, previewHandlers } from "./show-on-page";

const FIELDS: [keyof PageMetadata, string][] = [
  ["title", "Title"],
  ["siteName", "Site name"],
  ["author", "Author"],
  ["datePublished", "Published"],
  ["dateModified", "Modified"],
  ["description", "Description"],
  ["language", "Language"],
  ["canonical", "Canonical"],
  ["image", "Image"],
  ["type", "Type"],
];

/** The page-level fields the metadata layer found: each field's best value and where it came from. */
export function PageMetadataList({ metadata, highlighter }: { metadata: PageMetadata | undefined; highlighter?: Highlighter | null }) {
  if (!metadata) return <p className="text-slate-500">Not recorded for this snapshot: it was captured before page metadata was extracted.</p>;
  const rows = FIELDS.flatMap(([key, name]) => {
    const values = metadata[key] ?? [];
    return values.length ? [{ key, name, best: values[0], others: values.length - 1 }] : [];
  });
  if (!rows.length) return <p className="text-slate-500">No page metadata was found on this page.</p>;
  return (
    <ul aria-label="Page metadata" className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {rows.map(({ key, name, best, others }) => {
        const highlight: Highlight | null = best.box && highlighter ? { id: `metadata:${key}`, box: best.box, label: `Page metadata: ${name}`, provenance: best.provenance } : null;
        const active = highlight !== null && highlighter?.activeId === highlight.id;
        return (
          <li key={key} className={`flex items-start gap-3 px-3 py-2 ${active ? "bg-fuchsia-50/70 dark:bg-fuchsia-950/30" : ""}`} {...previewHandlers(highlight, highlighter)}>
            <span className="w-24 shrink-0 text-slate-500 dark:text-slate-400">{name}</span>
            <div className="min-w-0 flex-1">
              <p className={`line-clamp-2 ${key === "canonical" || key === "image" ? "break-all" : "break-words"}`}>{best.value}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                from {best.provenance}
                {others > 0 ? ` · ${others} other source${others > 1 ? "s" : ""}` : ""}
              </p>
              {/* Under the value, so a narrow column keeps the value readable. */}
              {highlight && highlighter ? (
                <div className="mt-1">
                  <ShowOnPage highlight={highlight} highlighter={highlighter} />
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
