import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SnapshotMappingSummaryDto } from "../../workers/contracts/mapping";
import type { SnapshotDto } from "../../workers/contracts/run-events";
import { listSnapshotMappings } from "../../workers/services/mapping";
import { listSnapshots } from "../../workers/services/migration-snapshots";
import { requireDashboardSelection, serviceData } from "~/lib/dashboard.server";

/** Snapshots shown per page of the grid. */
const PAGE_SIZE = 24;

/**
 * One page (`?page=`, from 0) of the selected project's snapshots with their mapping summaries, as
 * GET /v1/snapshots and GET /v1/sites/:siteId/mapping/snapshots answer them. The list still shows when
 * the mapping summaries cannot be read.
 */
export async function loadSnapshots(request: Request, context: AppLoadContext) {
  const page = Math.max(0, Math.floor(Number(new URL(request.url).searchParams.get("page") ?? 0)) || 0);
  const { db, organization, site } = await requireDashboardSelection(request, context);
  if (!organization || !site) return { siteId: null, page, pageSize: PAGE_SIZE, snapshots: [] as SnapshotDto[], total: 0, mappings: [] as SnapshotMappingSummaryDto[] };
  const [list, mappings] = await Promise.all([
    serviceData(() => listSnapshots(db, organization.id, { siteId: site.id, limit: PAGE_SIZE, offset: page * PAGE_SIZE })),
    listSnapshotMappings(db, organization.id, site.id).catch((): SnapshotMappingSummaryDto[] => []),
  ]);
  return { siteId: site.id, page, pageSize: PAGE_SIZE, ...list, mappings };
}
