import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { PageFidelityDto, RunTargetPagesDto } from "../../workers/contracts/fidelity";
import { listRunFidelity } from "../../workers/services/page-fidelity";
import { listRunTargetPages } from "../../workers/services/target-outputs";
import { ApiError } from "../../workers/lib/errors";
import { loadSection, requireDashboardSelection } from "~/lib/dashboard.server";

/** What a run wrote into the target, with each page's fidelity check: the migration screen's written-pages panel reads it. */
export interface WrittenPagesData {
  written: RunTargetPagesDto | null;
  checked: PageFidelityDto[];
}

/**
 * The written pages of a run of the selected organization (the same services and membership check as
 * GET /v1/migration/{id}/target-pages and …/fidelity). A run that wrote into no target (its site has
 * no platform) answers `written: null`; another refusal comes back as the section's error.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, organization } = await requireDashboardSelection(request, context);
  const migrationId = params.migrationId ?? "";
  if (!organization) return json({ data: null, error: "No organization is selected" });
  const section = await loadSection(async (): Promise<WrittenPagesData> => {
    const [written, checked] = await Promise.all([
      listRunTargetPages(db, organization.id, migrationId).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }),
      listRunFidelity(db, organization.id, migrationId).then((r) => r.pages),
    ]);
    return { written, checked };
  });
  return json(section);
}
