import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mappingProposals } from "../db/schema-mapping";
import { MAIN_CONTENT_BODY, type SiteBodyVerdicts } from "../mapping/page-candidates";

const DECIDED = ["approved", "tweaked", "overridden", "rejected"] as const;

/**
 * What a site's reviewers decided about the main-content bodies proposed for its pages, in all and per
 * template the pages were mapped onto: accepted unchanged, or changed (tweaked, overridden by another
 * source, or rejected). Auto-applied bodies are not verdicts: nobody looked at them. Read before each
 * page is mapped (workers/services/mapping.ts).
 */
export async function loadBodyVerdicts(db: Db, organizationId: string, siteId: string): Promise<SiteBodyVerdicts> {
  const rows = await db
    .select({
      template: mappingProposals.targetComponent,
      accepted: sql<number>`sum(case when ${mappingProposals.status} = 'approved' then 1 else 0 end)`,
      changed: sql<number>`sum(case when ${mappingProposals.status} in ('tweaked', 'overridden', 'rejected') then 1 else 0 end)`,
    })
    .from(mappingProposals)
    .where(
      and(
        eq(mappingProposals.organizationId, organizationId),
        eq(mappingProposals.siteId, siteId),
        // Decided statuses only: the site index (organization, site, status) reads the few decided rows,
        // not every proposal of the site, once per page a run maps.
        inArray(mappingProposals.status, DECIDED),
        eq(mappingProposals.scope, "field"),
        eq(mappingProposals.sourceName, MAIN_CONTENT_BODY),
        isNotNull(mappingProposals.decidedByUserId),
      ),
    )
    .groupBy(mappingProposals.targetComponent);
  const out: SiteBodyVerdicts = { accepted: 0, changed: 0, byTemplate: {} };
  for (const row of rows) {
    const v = { accepted: Number(row.accepted ?? 0), changed: Number(row.changed ?? 0) };
    out.accepted += v.accepted;
    out.changed += v.changed;
    if (row.template) out.byTemplate[row.template] = v;
  }
  return out;
}
