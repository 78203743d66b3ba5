import type { SiteAuditDto } from "../../../workers/contracts/enrich";
import { ENRICH_TEXTS } from "./texts";

/** Findings by kind as horizontal bars: a list a screen reader reads as "label: n pages". */
export function FindingsByKind({ byKind, pages }: { byKind: SiteAuditDto["byKind"]; pages: number }) {
  if (!byKind.length) return <p className="text-sm text-slate-600 dark:text-slate-400">{ENRICH_TEXTS.noFindings}</p>;
  const max = Math.max(...byKind.map((k) => k.pages), 1);
  return (
    <ul className="space-y-2" aria-label={ENRICH_TEXTS.findingsByKind}>
      {byKind.map((k) => (
        <li key={k.kind} className="grid grid-cols-[minmax(0,12rem)_1fr_auto] items-center gap-2 text-sm">
          <span className="truncate" title={k.label}>{k.label}</span>
          <span className="h-3 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
            <span className="block h-3 rounded bg-brand-600" style={{ width: `${(k.pages / max) * 100}%` }} />
          </span>
          <span className="tabular-nums text-slate-700 dark:text-slate-300">
            {k.pages}<span className="sr-only"> of {pages} pages</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Pages per score band as an SVG column chart, with the same figures as a table for screen readers. */
export function ScoreDistribution({ distribution }: { distribution: number[] }) {
  const max = Math.max(...distribution, 1);
  const bands = distribution.map((n, i) => ({ n, label: i === 9 ? "90–100" : `${i * 10}–${i * 10 + 9}` }));
  return (
    <figure>
      <svg viewBox="0 0 300 120" className="h-32 w-full" role="img" aria-labelledby="score-distribution-title">
        <title id="score-distribution-title">{`${ENRICH_TEXTS.scoreDistribution}: ${bands.map((b) => `${b.label}: ${b.n}`).join(", ")}`}</title>
        {bands.map((b, i) => {
          const h = (b.n / max) * 90;
          const tone = i < 5 ? "fill-red-500" : i < 8 ? "fill-amber-500" : "fill-emerald-500";
          return (
            <g key={b.label}>
              <rect x={i * 30 + 4} y={100 - h} width={22} height={h} className={tone} rx={2} />
              <text x={i * 30 + 15} y={114} textAnchor="middle" className="fill-slate-500 text-[8px]">{i * 10}</text>
              {b.n ? <text x={i * 30 + 15} y={96 - h} textAnchor="middle" className="fill-slate-700 text-[9px] dark:fill-slate-200">{b.n}</text> : null}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{ENRICH_TEXTS.scoreDistribution}</caption>
        <thead><tr><th scope="col">Score</th><th scope="col">Pages</th></tr></thead>
        <tbody>{bands.map((b) => <tr key={b.label}><td>{b.label}</td><td>{b.n}</td></tr>)}</tbody>
      </table>
    </figure>
  );
}

/** A score as a coloured figure (red below 50, amber below 80). */
export function Score({ value, label }: { value: number; label: string }) {
  const tone = value < 50 ? "text-red-700 dark:text-red-300" : value < 80 ? "text-amber-700 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-300";
  return (
    <span className={`font-semibold tabular-nums ${tone}`} title={`${label} ${value}`}>
      <span className="sr-only">{label} </span>{value}
    </span>
  );
}
