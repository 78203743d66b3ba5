export function Spinner({ size = "md", label }: { size?: "sm" | "md"; label?: string }) {
  const s = size === "sm" ? "h-4 w-4" : "h-6 w-6";
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={`${s} animate-spin rounded-full border-2 border-current border-t-transparent opacity-70`} />
      {label ? <span className="text-sm text-slate-600 dark:text-slate-400">{label}</span> : null}
    </span>
  );
}

/** A full-block loading state. */
export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="flex min-h-32 items-center justify-center py-10">
      <Spinner label={label} />
    </div>
  );
}
