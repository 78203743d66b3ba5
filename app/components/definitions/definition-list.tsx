import { EmptyState } from "~/components/ui/card";

interface DefinitionLike {
  name?: string;
  selector?: string;
  fields?: { name: string; type: string }[];
}

/** A read-only list of the definitions stored in the site configuration. */
export function DefinitionList({ items, noun }: { items: Record<string, unknown> | unknown[]; noun: string }) {
  const entries = Array.isArray(items) ? items.map((v, i) => [String(i), v] as const) : Object.entries(items ?? {});
  if (entries.length === 0) return <EmptyState title={`No ${noun} defined yet`} />;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {entries.map(([key, raw]) => {
        const d = (raw ?? {}) as DefinitionLike;
        return (
          <li key={key} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <p className="font-medium">{d.name ?? key}</p>
            {d.selector ? <p className="mt-1 font-mono text-xs text-slate-500">{d.selector}</p> : null}
            {d.fields?.length ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{d.fields.map((f) => `${f.name} (${f.type})`).join(", ")}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
