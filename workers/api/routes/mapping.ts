import { Hono } from "hono";
import {
  bulkApproveSchema,
  decisionSchema,
  mappingSettingsSchema,
  mapSnapshotSchema,
  MAPPING_MESSAGES,
  savePromptSchema,
  SNAPSHOT_MAPPING_STATUSES,
  type SnapshotMappingStatus,
} from "../../contracts/mapping";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { badRequest, unprocessable } from "../../lib/errors";
import { siteCalibration } from "../../services/calibration";
import { listSnapshotMappings, mapSnapshot, requireSnapshotMapping } from "../../services/mapping";
import { deleteMemoryEntry, listMemory } from "../../services/mapping-memory";
import { getSnapshotMapping, loadStoredExtraction } from "../../services/mapping-read";
import { bulkApprove, decideProposal } from "../../services/mapping-review";
import { getMappingSettings, getPrompt, resetPrompt, saveMappingSettings, savePrompt } from "../../services/mapping-settings";
import { requireSite } from "../../services/sites";
import { parseJson } from "../validate";

/** Proposals and their review, calibration, memory, the mapping prompt and the language model settings. */
export const mappingRoutes = new Hono<AppEnv>()
  .get("/sites/:siteId/mapping/snapshots", async (c) => {
    const db = getDb(c.env.DB);
    await requireSite(db, c.get("organizationId"), c.req.param("siteId"));
    const status = c.req.query("status");
    if (status !== undefined && !SNAPSHOT_MAPPING_STATUSES.includes(status as SnapshotMappingStatus)) throw badRequest(`status must be one of ${SNAPSHOT_MAPPING_STATUSES.join(", ")}`);
    return c.json({ snapshots: await listSnapshotMappings(db, c.get("organizationId"), c.req.param("siteId"), status as SnapshotMappingStatus | undefined) });
  })
  .get("/mapping/snapshots/:snapshotId", async (c) => c.json(await getSnapshotMapping(getDb(c.env.DB), c.get("organizationId"), c.req.param("snapshotId"))))
  .post("/mapping/snapshots/:snapshotId/map", async (c) => {
    const input = await parseJson(c, mapSnapshotSchema);
    const db = getDb(c.env.DB);
    const orgId = c.get("organizationId");
    const row = await requireSnapshotMapping(db, orgId, c.req.param("snapshotId"));
    const extraction = await loadStoredExtraction(db, c.env, orgId, row.snapshotId);
    if (!extraction) throw unprocessable(MAPPING_MESSAGES.extractionUnavailable);
    const stored = row.options ?? {};
    await mapSnapshot(db, c.env, {
      organizationId: orgId,
      siteId: row.siteId,
      snapshotId: row.snapshotId,
      runId: row.runId,
      extraction,
      extractionKey: typeof stored.extractionKey === "string" ? stored.extractionKey : null,
      options: { preferRagRuns: input.preferRagRuns ?? stored.preferRagRuns === true, ragOnly: input.ragOnly ?? stored.ragOnly === true },
      actor: c.get("auth").actor,
      replace: true,
    });
    return c.json(await getSnapshotMapping(db, orgId, row.snapshotId));
  })
  .post("/mapping/snapshots/:snapshotId/bulk-approve", async (c) => {
    const input = await parseJson(c, bulkApproveSchema);
    return c.json(await bulkApprove(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("snapshotId"), input.threshold));
  })
  .post("/mapping/proposals/:proposalId/decision", async (c) => {
    const input = await parseJson(c, decisionSchema);
    return c.json(await decideProposal(getDb(c.env.DB), c.env, c.get("auth"), c.get("organizationId"), c.req.param("proposalId"), input));
  })
  .get("/sites/:siteId/mapping/calibration", async (c) => c.json(await siteCalibration(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"))))
  .get("/sites/:siteId/mapping/memory", async (c) => {
    const db = getDb(c.env.DB);
    await requireSite(db, c.get("organizationId"), c.req.param("siteId"));
    return c.json({ entries: await listMemory(db, c.get("organizationId")) });
  })
  .delete("/sites/:siteId/mapping/memory/:entryId", async (c) => {
    const db = getDb(c.env.DB);
    await requireSite(db, c.get("organizationId"), c.req.param("siteId"));
    await deleteMemoryEntry(db, c.get("auth"), c.get("organizationId"), c.req.param("entryId"));
    return c.json({ success: true });
  })
  .get("/sites/:siteId/mapping/prompt", async (c) => c.json(await getPrompt(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"))))
  .put("/sites/:siteId/mapping/prompt", async (c) => {
    const input = await parseJson(c, savePromptSchema);
    return c.json(await savePrompt(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"), input.prompt));
  })
  .post("/sites/:siteId/mapping/prompt/reset", async (c) => c.json(await resetPrompt(getDb(c.env.DB), c.get("auth"), c.get("organizationId"), c.req.param("siteId"))))
  .get("/sites/:siteId/mapping/settings", async (c) => c.json(await getMappingSettings(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("siteId"))))
  .put("/sites/:siteId/mapping/settings", async (c) => {
    const input = await parseJson(c, mappingSettingsSchema);
    return c.json(await saveMappingSettings(getDb(c.env.DB), c.env, c.get("auth"), c.get("organizationId"), c.req.param("siteId"), input));
  });
