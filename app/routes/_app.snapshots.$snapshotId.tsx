import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useParams, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ComponentDefinitions } from "../../workers/contracts/definitions";
import type { SnapshotMappingDto } from "../../workers/contracts/mapping";
import { useApi, useToasts } from "~/components/app/app-context";
import { FIDELITY_TEXTS } from "../../workers/contracts/fidelity";
import { ExtractionPanel } from "~/components/snapshots/extraction-panel";
import { FidelityPanel } from "~/components/snapshots/fidelity-panel";
import { useHighlights } from "~/components/snapshots/highlight";
import { ReviewPanel } from "~/components/snapshots/review-panel";
import { ScreenshotViewer } from "~/components/snapshots/screenshot-viewer";
import { Button } from "~/components/ui/button";
import { Card, EmptyState, ErrorState, PageHeader } from "~/components/ui/card";
import { ApiRequestError } from "~/lib/api-client";
import { useDashboard } from "~/lib/dashboard-context";
import { screenshotSrc } from "~/lib/screenshots";
import { loadSnapshotReview, type SnapshotReviewData } from "./_app.snapshots.$snapshotId.server";
import { LocalTime } from "~/components/ui/local-time";

export const meta: MetaFunction = () => [{ title: "Snapshot — Migrate" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json<SnapshotReviewData>(await loadSnapshotReview(request, context, params.snapshotId ?? ""));
}

/** One snapshot: the screenshot beside the extracted content and the proposed mapping to review. */
export default function SnapshotDetail() {
  const { snapshotId = "" } = useParams();
  const api = useApi();
  const toasts = useToasts();
  const { siteConfig, organization } = useDashboard();
  const organizationId = organization?.id ?? null;
  const data = useLoaderData<typeof loader>();
  const { revalidate } = useRevalidator();
  // Reviewing and mapping change the mapping here; the loader's next answer (another snapshot, a
  // revalidation) replaces it.
  const [mapping, setMapping] = useState<SnapshotMappingDto | null>(data.mapping.data);
  const [mappingFrom, setMappingFrom] = useState(data.mapping);
  if (mappingFrom !== data.mapping) {
    setMappingFrom(data.mapping);
    setMapping(data.mapping.data);
  }
  const mapping404 = data.mapping.error === null && mapping === null;
  const [mapBusy, setMapBusy] = useState(false);
  const highlights = useHighlights();
  // The route stays mounted between snapshots: an outline of the previous one would be wrong here.
  const clearHighlights = highlights.clear;
  useEffect(clearHighlights, [snapshotId, clearHighlights]);

  async function mapNow() {
    setMapBusy(true);
    try {
      setMapping(await api.post<SnapshotMappingDto>(`/v1/mapping/snapshots/${snapshotId}/map`, {}));
      // A new mapping has new proposals: a pinned one would outline a row that is gone.
      highlights.clear();
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : "Could not map this snapshot", type: "error" });
    } finally {
      setMapBusy(false);
    }
  }

  if (!data.snapshot.data) return <ErrorState message={data.snapshot.error ?? "Snapshot not found"} onRetry={revalidate} />;
  const { snapshot, extraction } = data.snapshot.data;
  const definitions = (siteConfig?.components ?? {}) as ComponentDefinitions;
  // Rows offer "Show on page" only when there is a screenshot to show it on.
  const highlighter = snapshot.screenshotUrl ? highlights.highlighter : null;

  return (
    <>
      <PageHeader title={snapshot.title || snapshot.url} description={<a className="underline" href={snapshot.url} target="_blank" rel="noreferrer">{snapshot.url}</a>} actions={<Link className="text-sm text-brand-600 dark:text-brand-300 underline" to="/snapshots">All snapshots</Link>} />
      {/* The screenshot takes the wide column: at fit width it must stay readable beside the review. */}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,25rem)] 2xl:grid-cols-[minmax(0,3fr)_minmax(26rem,2fr)]">
        <Card className="min-w-0 xl:sticky xl:top-20 xl:self-start">
          <h2 className="mb-3 font-semibold">Screenshot</h2>
          {snapshot.screenshotUrl ? (
            <ScreenshotViewer key={snapshot.screenshotUrl} src={screenshotSrc(snapshot.screenshotUrl, organizationId)} alt={`Screenshot of ${snapshot.url}`} highlight={highlights.shown} pinned={highlights.pinned} onClear={highlights.clear} />
          ) : (
            <EmptyState title="No screenshot was taken for this page" />
          )}
          <p className="mt-3 text-xs text-slate-500">HTTP {snapshot.httpStatus} · captured <LocalTime iso={snapshot.createdAt} /> · {snapshot.durationMs} ms</p>
        </Card>
        <div className="min-w-0 space-y-6">
          <Card>
            <h2 className="mb-3 font-semibold">Extracted content</h2>
            {extraction ? <ExtractionPanel extraction={extraction} highlighter={highlighter} /> : <EmptyState title="The extracted content of this snapshot is not available" />}
          </Card>
          <Card>
            <h2 className="mb-3 font-semibold">Mapping</h2>
            {data.mapping.error !== null ? (
              <ErrorState message={data.mapping.error} onRetry={revalidate} />
            ) : mapping ? (
              <ReviewPanel mapping={mapping} definitions={definitions} onChange={setMapping} highlighter={highlighter} />
            ) : mapping404 ? (
              <EmptyState title="This snapshot has not been mapped yet">
                <Button className="mt-2" loading={mapBusy} onClick={mapNow}>Map now</Button>
              </EmptyState>
            ) : null}
          </Card>
        </div>
      </div>
      <section aria-labelledby="fidelity-title" className="mt-6">
        <Card>
          <h2 id="fidelity-title" className="mb-3 font-semibold">{FIDELITY_TEXTS.title}</h2>
          <FidelityPanel loaded={data.fidelity} organizationId={organizationId} onReload={revalidate} sourceUrl={snapshot.url} sourceScreenshot={snapshot.screenshotUrl} />
        </Card>
      </section>
    </>
  );
}
