/** A confidence score as a percentage with a tone by band. */
export function Confidence({ value, threshold }: { value: number; threshold: number }) {
  const pct = Math.round(value * 100);
  const tone =
    value >= threshold
      ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200"
      : value >= 0.5
        ? "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200"
        : "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200";
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${tone}`} title={`Confidence ${pct}%`}>
      <span className="sr-only">Confidence </span>
      {pct}%
    </span>
  );
}
