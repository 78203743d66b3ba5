import { Hono } from "hono";
import { enrichApplySchema, enrichBulkApproveSchema, enrichDecisionSchema, PROPOSAL_STATUSES, type ProposalStatus } from "../../contracts/enrich";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
import { getPageAudit, getSiteAudit, listEnrichProposals } from "../../services/enrich";
import { getAnalysis, requestAnalysis } from "../../services/enrich-analysis";
import { applyEnrichment, listEnrichApplies, rollbackEnrichApply } from "../../services/enrich-apply";
import { bulkApproveEnrich, decideEnrichProposal } from "../../services/enrich-review";
import { savePromptSchema } from "../../contracts/mapping";
import { getPrompt, resetPrompt, savePrompt } from "../../services/mapping-settings";
import { parseJson } from "../validate";

/** Enrich: the audit of a project's migrated pages, its proposals and their review, apply and rollback. */
export const enrichRoutes = new Hono<AppEnv>()
  // The site's Enrich prompt: the instructions the language model gets with each page (versioned like the mapping prompt).
  .get("/sites/:siteId/enrich/prompt", async (c) => c.json(await getPrompt(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"), "enrich")))
  .put("/sites/:siteId/enrich/prompt", async (c) => {
    const input = await parseJson(c, savePromptSchema);
    return c.json(await savePrompt(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"), input.prompt, "enrich"));
  })
  .post("/sites/:siteId/enrich/prompt/reset", async (c) => c.json(await resetPrompt(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"), "enrich")))
  .get("/sites/:siteId/enrich", async (c) => c.json(await getSiteAudit(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("siteId"))))
  // The analysis runs on the analysis queue: 202 with the job, which GET /sites/:siteId/enrich follows.
  .post("/sites/:siteId/enrich/analyse", async (c) => c.json({ analysis: await requestAnalysis(getDb(c.env.DB), c.env, c.get("auth").actor, c.get("organizationId"), c.req.param("siteId")) }, 202))
  // The latest job alone, for a screen following one (the whole audit is read once, when it ends).
  .get("/sites/:siteId/enrich/analysis", async (c) => c.json({ analysis: await getAnalysis(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId")) }))
  .get("/sites/:siteId/enrich/proposals", async (c) => {
    const status = c.req.query("status");
    if (status !== undefined && !PROPOSAL_STATUSES.includes(status as ProposalStatus)) throw badRequest(`status must be one of ${PROPOSAL_STATUSES.join(", ")}`);
    return c.json({ proposals: await listEnrichProposals(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"), status as ProposalStatus | undefined) });
  })
  .post("/sites/:siteId/enrich/bulk-approve", async (c) => {
    const input = await parseJson(c, enrichBulkApproveSchema);
    return c.json(await bulkApproveEnrich(getDb(c.env.DB), c.get("auth").actor, c.get("organizationId"), c.req.param("siteId"), input.threshold, input.snapshotId));
  })
  .post("/sites/:siteId/enrich/apply", async (c) => {
    const input = await parseJson(c, enrichApplySchema);
    return c.json(await applyEnrichment(getDb(c.env.DB), c.env, c.get("auth").actor, c.get("organizationId"), c.req.param("siteId"), input.proposalIds));
  })
  .get("/sites/:siteId/enrich/applies", async (c) => c.json({ applies: await listEnrichApplies(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId")) }))
  .get("/enrich/pages/:snapshotId", async (c) => c.json(await getPageAudit(getDb(c.env.DB), c.get("organizationId"), c.req.param("snapshotId"))))
  .post("/enrich/proposals/:proposalId/decision", async (c) => {
    const input = await parseJson(c, enrichDecisionSchema);
    return c.json({ proposal: await decideEnrichProposal(getDb(c.env.DB), c.get("auth").actor, c.get("organizationId"), c.req.param("proposalId"), input) });
  })
  .post("/enrich/applies/:applyId/rollback", async (c) => c.json(await rollbackEnrichApply(getDb(c.env.DB), c.env, c.get("auth").actor, c.get("organizationId"), c.req.param("applyId"))));
