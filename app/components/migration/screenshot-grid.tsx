import type { ScreenshotRef } from "../../../workers/contracts/run-events";
import { screenshotSrc } from "~/lib/screenshots";

/** Screenshots as they arrive, newest first. */
export function ScreenshotGrid({ screenshots }: { screenshots: ScreenshotRef[] }) {
  if (screenshots.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Screenshots appear here as pages are captured.</p>;
  const shown = [...screenshots].reverse().slice(0, 24);
  return (
    <ul aria-label="Screenshots" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {shown.map((s) => (
        <li key={s.snapshotId} className="overflow-hidden rounded-md border border-slate-200 dark:border-slate-800">
          <a href={`/snapshots/${s.snapshotId}`}>
            <img src={screenshotSrc(s.screenshot)} alt={`Screenshot of ${s.url}`} loading="lazy" className="aspect-[4/3] w-full bg-slate-100 object-cover object-top dark:bg-slate-800" />
            <span className="block truncate px-2 py-1 text-xs">{s.url}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
