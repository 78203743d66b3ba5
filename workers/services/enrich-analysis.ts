/**
 * The Enrich analysis as a job on the analysis queue, outside the request: reading every snapshot of a
 * run, checking the links no crawl saw and asking a language model page by page takes minutes on a
 * large site, longer than a request may live. A request records the job (one row per site) and sends
 * one message; the queue's consumer runs `analyseSite` and records how it ended. A screen follows the
 * job through GET /sites/{siteId}/enrich (`analysis`).
 */
import { and, eq } from "drizzle-orm";
import { ENRICH_MESSAGES, type EnrichAnalysisDto } from "../contracts/enrich";
import type { Db } from "../db/client";
import { getDb } from "../db/client";
import { enrichAnalyses } from "../db/schema-enrich";
import type { Env } from "../env";
import { ApiError, unprocessable } from "../lib/errors";
import type { Actor } from "./audit";
import { analyseSite, latestAnalysis, latestCapturedRun, toAnalysisDto } from "./enrich";
import { requireSite } from "./sites";

/** The queue of Enrich analyses (wrangler.toml): one message is one requested analysis of one site. */
export const ENRICH_ANALYSIS_QUEUE = "enrich-analyses";

export interface EnrichAnalysisMessage {
  siteId: string;
  organizationId: string;
  /** When the analysis this message starts was requested (ms): a newer request supersedes it. */
  requestedAt: number;
}

/**
 * A job queued or running for this long is taken as lost (its consumer died and the queue gave up):
 * a new request starts it again instead of waiting for it.
 */
export const ANALYSIS_STALE_MS = 15 * 60_000;

/**
 * Requests an analysis of the project's latest captured run. While one is queued or running (and not
 * stale), the same job is answered instead of a second one.
 */
export async function requestAnalysis(db: Db, env: Env, actor: Actor, organizationId: string, siteId: string): Promise<EnrichAnalysisDto> {
  await requireSite(db, organizationId, siteId);
  const runId = await latestCapturedRun(db, organizationId, siteId);
  if (!runId) throw unprocessable(ENRICH_MESSAGES.noRun);
  const [current] = await db.select().from(enrichAnalyses).where(and(eq(enrichAnalyses.siteId, siteId), eq(enrichAnalyses.organizationId, organizationId)));
  const now = Date.now();
  if (current && (current.status === "queued" || current.status === "running") && now - (current.startedAt ?? current.requestedAt).getTime() < ANALYSIS_STALE_MS) {
    return toAnalysisDto(current);
  }
  const row = {
    siteId,
    organizationId,
    runId,
    status: "queued" as const,
    requestedByUserId: actor.userId,
    impersonatorUserId: actor.impersonatorUserId ?? null,
    requestedAt: new Date(now),
    startedAt: null,
    finishedAt: null,
    error: null,
  };
  await db.insert(enrichAnalyses).values(row).onConflictDoUpdate({ target: enrichAnalyses.siteId, set: row });
  await env.ENRICH_ANALYSES.send({ siteId, organizationId, requestedAt: now } satisfies EnrichAnalysisMessage);
  return toAnalysisDto(row);
}

/** The project's latest analysis job (404 outside the organization, null before the first request). */
export async function getAnalysis(db: Db, organizationId: string, siteId: string): Promise<EnrichAnalysisDto | null> {
  await requireSite(db, organizationId, siteId);
  return latestAnalysis(db, organizationId, siteId);
}

/**
 * Runs one requested analysis and records how it ended. A message whose request was superseded by a
 * newer one, or whose job already ended, does nothing: a duplicated message never runs a job twice
 * after it finished. An analysis that throws is recorded as failed with a reason a person can act on.
 */
export async function runRequestedAnalysis(env: Env, message: EnrichAnalysisMessage): Promise<void> {
  const db = getDb(env.DB);
  const [job] = await db.select().from(enrichAnalyses).where(and(eq(enrichAnalyses.siteId, message.siteId), eq(enrichAnalyses.organizationId, message.organizationId)));
  if (!job || job.requestedAt.getTime() !== message.requestedAt || job.status === "done" || job.status === "failed") return;
  const mine = and(eq(enrichAnalyses.siteId, job.siteId), eq(enrichAnalyses.requestedAt, job.requestedAt));
  await db.update(enrichAnalyses).set({ status: "running", startedAt: new Date() }).where(mine);
  try {
    const audit = await analyseSite(db, env, { userId: job.requestedByUserId, impersonatorUserId: job.impersonatorUserId }, job.organizationId, job.siteId);
    await db.update(enrichAnalyses).set({ status: "done", finishedAt: new Date(), runId: audit.runId ?? job.runId, error: null }).where(mine);
  } catch (err) {
    const reason = err instanceof ApiError && err.status < 500 ? err.message : ENRICH_MESSAGES.analysisFailed;
    if (!(err instanceof ApiError)) console.error(`Enrich analysis of site ${job.siteId} failed`, err);
    await db.update(enrichAnalyses).set({ status: "failed", finishedAt: new Date(), error: reason }).where(mine);
  }
}

/** The analysis queue's consumer: each message is acknowledged once its job has ended, either way. */
export async function consumeAnalyses(batch: MessageBatch<EnrichAnalysisMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    await runRequestedAnalysis(env, message.body);
    message.ack();
  }
}
