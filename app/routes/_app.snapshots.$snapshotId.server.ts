import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PageExtraction } from "../../workers/contracts/extraction";
import type { SnapshotFidelityDto } from "../../workers/contracts/fidelity";
import type { SnapshotMappingDto } from "../../workers/contracts/mapping";
import type { SnapshotDto } from "../../workers/contracts/run-events";
import { ApiError } from "../../workers/lib/errors";
import { getSnapshotMapping } from "../../workers/services/mapping-read";
import { getSnapshot } from "../../workers/services/migration-snapshots";
import { getSnapshotFidelity } from "../../workers/services/page-fidelity";
import { loadSection, requireDashboardSelection } from "~/lib/dashboard.server";
import type { LoadedSection } from "~/lib/dashboard-context";
import { MESSAGES } from "~/lib/messages";

export interface SnapshotReviewData {
  snapshot: LoadedSection<{ snapshot: SnapshotDto; extraction: PageExtraction | null }>;
  /** The proposed mapping, null when the snapshot has not been mapped yet (the API's 404). */
  mapping: LoadedSection<SnapshotMappingDto | null>;
  fidelity: LoadedSection<SnapshotFidelityDto>;
}

/**
 * The snapshot review screen: the snapshot with its extracted content (GET /v1/snapshots/:id), its
 * mapping (GET /v1/mapping/snapshots/:id) and how it came out in the target (GET
 * /v1/snapshots/:id/fidelity), each read in the active organization with its own error state.
 */
export async function loadSnapshotReview(request: Request, context: AppLoadContext, snapshotId: string): Promise<SnapshotReviewData> {
  const { db, organization } = await requireDashboardSelection(request, context);
  if (!organization) {
    const none = { data: null, error: MESSAGES.noActiveOrganization };
    return { snapshot: none, mapping: none, fidelity: none };
  }
  const [snapshot, mapping, fidelity] = await Promise.all([
    loadSection(() => getSnapshot(db, context.cloudflare.env, organization.id, snapshotId)),
    loadSection(() =>
      getSnapshotMapping(db, organization.id, snapshotId).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }),
    ),
    loadSection(() => getSnapshotFidelity(db, organization.id, snapshotId)),
  ]);
  return { snapshot, mapping, fidelity };
}
