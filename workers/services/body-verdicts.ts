import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mappingProposals } from "../db/schema-mapping";
import { MAIN_CONTENT_BODY, type BodyVerdicts } from "../mapping/page-candidates";

/**
 * What a site's reviewers decided about the main-content bodies proposed for its pages: accepted
 * unchanged, or changed (tweaked, overridden by another source, or rejected). Auto-applied bodies are
 * not verdicts: nobody looked at them. Read before each page is mapped (workers/services/mapping.ts).
 */
export async function loadBodyVerdicts(db: Db, organizationId: string, siteId: string): Promise<BodyVerdicts> {
  const [row] = await db
    .select({
      accepted: sql<number>`sum(case when ${mappingProposals.status} = 'approved' then 1 else 0 end)`,
      changed: sql<number>`sum(case when ${mappingProposals.status} in ('tweaked', 'overridden', 'rejected') then 1 else 0 end)`,
    })
    .from(mappingProposals)
    .where(
      and(
        eq(mappingProposals.organizationId, organizationId),
        eq(mappingProposals.siteId, siteId),
        eq(mappingProposals.scope, "field"),
        eq(mappingProposals.sourceName, MAIN_CONTENT_BODY),
        isNotNull(mappingProposals.decidedByUserId),
      ),
    );
  return { accepted: Number(row?.accepted ?? 0), changed: Number(row?.changed ?? 0) };
}
