import { Hono } from "hono";
import { startMigrationSchema } from "../../contracts/run-events";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { cancelMigration, getActiveMigration, getMigrationResult, openMigrationStream, startMigration } from "../../services/migration";
import { getMigrationLogs } from "../../services/migration-logs";
import { getScreenshot, getSnapshot, listSnapshots } from "../../services/migration-snapshots";
import { getFidelityScreenshot, getSnapshotFidelity, listRunFidelity } from "../../services/page-fidelity";
import { badRequest } from "../../lib/errors";
import { SSE_HEADERS } from "../../runs/sse";
import { parseJson } from "../validate";

/** A run's event stream as the response (headers the API middleware may still add to). */
function eventStream(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, { headers: SSE_HEADERS });
}

function intParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d+$/.test(value)) throw badRequest(`${name} must be a whole number`);
  return Number(value);
}

/** Migration runs (spec §7), scoped to the `X-Organization-Id` organization. */
export const migrationRoutes = new Hono<AppEnv>()
  .post("/migration/start", async (c) => {
    const input = await parseJson(c, startMigrationSchema);
    return eventStream(await startMigration(getDb(c.env.DB), c.env, c.get("auth"), c.get("organizationId"), input));
  })
  .get("/migration/active/:siteId", async (c) => c.json(await getActiveMigration(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("siteId"))))
  .get("/migration/result/:migrationId", async (c) => c.json(await getMigrationResult(getDb(c.env.DB), c.get("organizationId"), c.req.param("migrationId"))))
  .get("/migration/stream/:migrationId", async (c) => {
    const lastEventId = c.req.header("Last-Event-ID") ?? c.req.query("lastEventId") ?? null;
    return eventStream(await openMigrationStream(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("migrationId"), lastEventId));
  })
  .post("/migration/cancel/:migrationId", async (c) =>
    c.json(await cancelMigration(getDb(c.env.DB), c.env, c.get("auth"), c.get("organizationId"), c.req.param("migrationId"))),
  )
  .get("/migration/logs/:siteId", async (c) => {
    const logs = await getMigrationLogs(getDb(c.env.DB), c.get("organizationId"), c.req.param("siteId"), {
      migrationId: c.req.query("migrationId") || null,
      limit: intParam(c.req.query("limit"), "limit"),
    });
    return c.json({ logs });
  })
  .get("/migration/screenshot/:snapshotId", async (c) => imageResponse(await getScreenshot(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("snapshotId"))))
  // The written pages of a run as checked in the target, worst first, and a checked page's screenshot.
  .get("/migration/:migrationId/fidelity", async (c) => c.json(await listRunFidelity(getDb(c.env.DB), c.get("organizationId"), c.req.param("migrationId"))))
  .get("/migration/fidelity-screenshot/:fidelityId", async (c) => imageResponse(await getFidelityScreenshot(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("fidelityId"))));

function imageResponse(object: R2ObjectBody): Response {
  return new Response(object.body, {
    headers: { "Content-Type": object.httpMetadata?.contentType ?? "image/jpeg", "Content-Length": String(object.size), ETag: object.httpEtag },
  });
}

/** Captured pages of a site (the Snapshots screens), scoped to the organization. */
export const snapshotRoutes = new Hono<AppEnv>()
  .get("/snapshots", async (c) => {
    const siteId = c.req.query("siteId");
    if (!siteId) throw badRequest("siteId is required");
    const result = await listSnapshots(getDb(c.env.DB), c.get("organizationId"), {
      siteId,
      migrationId: c.req.query("migrationId") || undefined,
      limit: intParam(c.req.query("limit"), "limit"),
      offset: intParam(c.req.query("offset"), "offset"),
    });
    return c.json(result);
  })
  .get("/snapshots/:snapshotId", async (c) => c.json(await getSnapshot(getDb(c.env.DB), c.env, c.get("organizationId"), c.req.param("snapshotId"))))
  .get("/snapshots/:snapshotId/fidelity", async (c) => c.json(await getSnapshotFidelity(getDb(c.env.DB), c.get("organizationId"), c.req.param("snapshotId"))));
