import type { AppLoadContext } from "@remix-run/cloudflare";
import type { EnrichApplyDto, EnrichProposalDto, PageAuditDto, SiteAuditDto } from "../../workers/contracts/enrich";
import type { PromptDto } from "../../workers/contracts/mapping";
import { getPageAudit, getSiteAudit } from "../../workers/services/enrich";
import { listEnrichApplies } from "../../workers/services/enrich-apply";
import { getPrompt } from "../../workers/services/mapping-settings";
import { loadSection, requireDashboardSelection } from "~/lib/dashboard.server";
import type { LoadedSection } from "~/lib/dashboard-context";

export interface EnrichData {
  audit: LoadedSection<SiteAuditDto>;
  applies: LoadedSection<EnrichApplyDto[]>;
  prompt: LoadedSection<PromptDto>;
  /** The page opened with `?page={snapshotId}`, or null. */
  page: LoadedSection<{ page: PageAuditDto; proposals: EnrichProposalDto[] }> | null;
}

/**
 * The Enrich screen of the selected project: the site's audit (GET /v1/sites/:siteId/enrich), its
 * applies (…/enrich/applies), enrich's prompt (…/enrich/prompt) and, with `?page=`, that page's audit
 * (GET /v1/enrich/pages/:snapshotId), each read in the active organization with its own error state.
 * Null without a selected project (the screen shows its empty state).
 */
export async function loadEnrich(request: Request, context: AppLoadContext): Promise<EnrichData | null> {
  const { db, organization, site } = await requireDashboardSelection(request, context);
  if (!organization || !site) return null;
  const pageId = new URL(request.url).searchParams.get("page");
  const [audit, applies, prompt, page] = await Promise.all([
    loadSection(() => getSiteAudit(db, context.cloudflare.env, organization.id, site.id)),
    loadSection(() => listEnrichApplies(db, organization.id, site.id)),
    loadSection(() => getPrompt(db, organization.id, site.id, "enrich")),
    pageId ? loadSection(() => getPageAudit(db, organization.id, pageId)) : null,
  ]);
  return { audit, applies, prompt, page };
}
