import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useMemo } from "react";
import type { SnapshotMappingStatus } from "../../workers/contracts/mapping";
import { StatusBadge } from "~/components/migration/progress-panel";
import { Confidence } from "~/components/snapshots/confidence";
import { useMigration } from "~/components/migration/migration-provider";
import { RequireSite } from "~/components/shell/require-site";
import { Button } from "~/components/ui/button";
import { Badge, EmptyState, PageHeader } from "~/components/ui/card";
import { SelectField, TextField } from "~/components/ui/field";
import { useDashboard } from "~/lib/dashboard-context";
import { screenshotSrc } from "~/lib/screenshots";
import { loadSnapshots } from "./_app.snapshots._index.server";

const HTTP_FILTERS = [
  { value: "all", label: "All" },
  { value: "ok", label: "Loaded" },
  { value: "error", label: "HTTP errors" },
] as const;
const REVIEW_FILTERS = [
  { value: "all", label: "All" },
  { value: "needs_review", label: "Needs review" },
  { value: "auto_applied", label: "Auto-applied" },
  { value: "reviewed", label: "Reviewed" },
  { value: "unmapped", label: "Not mapped" },
] as const;

export const meta: MetaFunction = () => [{ title: "Snapshots — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadSnapshots(request, context));
}

/** The filters work on the page already loaded: only another page (or a write) reads the list again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const onlyFilters = !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.href !== nextUrl.href && currentUrl.searchParams.get("page") === nextUrl.searchParams.get("page");
  return onlyFilters ? false : defaultShouldRevalidate;
};

const MAPPING_LABEL: Record<SnapshotMappingStatus, string> = { auto_applied: "Auto-applied", needs_review: "Needs review", reviewed: "Reviewed" };
const MAPPING_TONE = { auto_applied: "blue", needs_review: "amber", reviewed: "green" } as const;

function SnapshotList() {
  const data = useLoaderData<typeof loader>();
  const { organization } = useDashboard();
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = data;
  const query = params.get("q") ?? "";
  const http = params.get("http") ?? "all";
  const review = params.get("review") ?? "all";
  // Mapping status and confidence per snapshot.
  const mappings = useMemo(() => new Map(data.mappings.map((m) => [m.snapshotId, m])), [data.mappings]);
  const mappingOf = (id: string) => mappings.get(id);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== "all") next.set(key, value);
    else next.delete(key);
    if (key !== "page") next.delete("page");
    setParams(next, { replace: true });
  };

  const all = data.snapshots;
  const total = data.total;
  const q = query.trim().toLowerCase();
  const shown = all.filter(
    (s) =>
      (!q || s.url.toLowerCase().includes(q) || s.title.toLowerCase().includes(q)) &&
      (http === "all" || (http === "ok" ? s.httpStatus < 400 : s.httpStatus >= 400)) &&
      (review === "all" || (review === "unmapped" ? !mappingOf(s.id) : mappingOf(s.id)?.status === review)),
  );

  if (total === 0) {
    return (
      <EmptyState title="No snapshots yet">
        Start a <Link className="font-medium text-brand-600 underline dark:text-brand-100" to="/migration">migration</Link> to capture the site's pages.
      </EmptyState>
    );
  }
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <TextField id="snap-q" label="Filter" type="search" value={query} placeholder="URL or title" onChange={(e) => set("q", e.target.value)} />
        <SelectField id="snap-http" label="Page status" value={http} onChange={(e) => set("http", e.target.value)} options={HTTP_FILTERS} />
        <SelectField id="snap-review" label="Mapping" value={review} onChange={(e) => set("review", e.target.value)} options={REVIEW_FILTERS} />
        <p className="ml-auto text-sm text-slate-600 dark:text-slate-400">{total} snapshots</p>
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No snapshots match the filter" />
      ) : (
        <ul aria-label="Snapshots" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((s) => (
            <li key={s.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <Link to={`/snapshots/${s.id}`} className="block">
                {s.screenshotUrl ? (
                  <img src={screenshotSrc(s.screenshotUrl, organization?.id ?? null)} alt="" loading="lazy" className="aspect-[16/10] w-full bg-slate-100 object-cover object-top dark:bg-slate-800" />
                ) : (
                  <div className="flex aspect-[16/10] items-center justify-center bg-slate-100 text-xs text-slate-500 dark:text-slate-400 dark:bg-slate-800">No screenshot</div>
                )}
                <div className="p-3">
                  <p className="truncate font-medium">{s.title || s.url}</p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">{s.url}</p>
                  {mappingOf(s.id) ? (
                    <p className="mt-2 flex items-center gap-2">
                      <Badge tone={MAPPING_TONE[mappingOf(s.id)!.status]}>{MAPPING_LABEL[mappingOf(s.id)!.status]}</Badge>
                      {mappingOf(s.id)!.lowestConfidence !== null ? <Confidence value={mappingOf(s.id)!.lowestConfidence!} threshold={mappingOf(s.id)!.minConfidence} /> : null}
                    </p>
                  ) : null}
                  <p className="mt-2 flex flex-wrap gap-2 text-xs text-slate-600 dark:text-slate-400">
                    <span>HTTP {s.httpStatus}</span>
                    <span>{s.componentCount} components</span>
                    <span>{s.imageCount} images</span>
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > pageSize ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between">
          <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => set("page", String(page - 1))}>Previous</Button>
          <span className="text-sm">Page {page + 1} of {Math.ceil(total / pageSize)}</span>
          <Button variant="secondary" size="sm" disabled={(page + 1) * pageSize >= total} onClick={() => set("page", String(page + 1))}>Next</Button>
        </nav>
      ) : null}
    </>
  );
}

/** Pages captured by migration runs, with screenshots. */
export default function Snapshots() {
  const { state } = useMigration();
  return (
    <RequireSite>
      {(site) => (
        <>
          <PageHeader
            title="Snapshots"
            description={`Pages captured from ${site.domain}`}
            actions={
              <>
                {state.status ? <span className="self-center"><StatusBadge status={state.status} /></span> : null}
                <Link to="/migration" className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
                  Migration
                </Link>
              </>
            }
          />
          <SnapshotList />
        </>
      )}
    </RequireSite>
  );
}
