import { and, eq, sql } from "drizzle-orm";
import type { CalibrationBandDto, CalibrationDto } from "../contracts/mapping";
import type { Db } from "../db/client";
import { mappingProposals } from "../db/schema-mapping";
import { DEFAULT_BAND_EDGES } from "../mapping/calibration-model";
import { siteMinConfidence } from "./mapping-settings";
import { requireSite } from "./sites";

/**
 * The calibration view of a site: for each confidence band, how many proposals the mapper made, how
 * many a person decided, and how many of those they approved unchanged. Auto-applied proposals are
 * counted as proposals but not as reviewed: nobody looked at them. This is how the product shows its
 * accuracy instead of claiming it.
 */
export async function siteCalibration(db: Db, organizationId: string, siteId: string): Promise<CalibrationDto> {
  await requireSite(db, organizationId, siteId);
  const edges = DEFAULT_BAND_EDGES;
  const bandCase = sql.raw(
    `CASE ${edges
      .slice(1, -1)
      .map((edge, i) => `WHEN confidence < ${edge} THEN ${i}`)
      .join(" ")} ELSE ${edges.length - 2} END`,
  );
  const rows = await db
    .select({
      band: sql<number>`${bandCase}`,
      proposals: sql<number>`count(*)`,
      reviewed: sql<number>`sum(case when ${mappingProposals.decidedByUserId} is not null and ${mappingProposals.status} != 'pending' then 1 else 0 end)`,
      approvedUnchanged: sql<number>`sum(case when ${mappingProposals.status} = 'approved' and ${mappingProposals.decidedByUserId} is not null then 1 else 0 end)`,
      autoApplied: sql<number>`sum(case when ${mappingProposals.status} = 'auto_applied' then 1 else 0 end)`,
      meanConfidence: sql<number | null>`avg(${mappingProposals.confidence})`,
    })
    .from(mappingProposals)
    .where(and(eq(mappingProposals.organizationId, organizationId), eq(mappingProposals.siteId, siteId)))
    .groupBy(sql`1`);
  const bands: CalibrationBandDto[] = edges.slice(0, -1).map((from, i) => {
    const r = rows.find((x) => Number(x.band) === i);
    const reviewed = Number(r?.reviewed ?? 0);
    const approvedUnchanged = Number(r?.approvedUnchanged ?? 0);
    return {
      from,
      to: edges[i + 1],
      proposals: Number(r?.proposals ?? 0),
      reviewed,
      approvedUnchanged,
      approvalRate: reviewed ? approvedUnchanged / reviewed : null,
      meanConfidence: r?.meanConfidence === null || r?.meanConfidence === undefined ? null : Number(r.meanConfidence),
    };
  });
  return {
    siteId,
    minConfidence: await siteMinConfidence(db, siteId),
    bands,
    totals: {
      proposals: bands.reduce((a, b) => a + b.proposals, 0),
      reviewed: bands.reduce((a, b) => a + b.reviewed, 0),
      approvedUnchanged: bands.reduce((a, b) => a + b.approvedUnchanged, 0),
      autoApplied: rows.reduce((a, r) => a + Number(r.autoApplied ?? 0), 0),
    },
  };
}
