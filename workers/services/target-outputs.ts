import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { RunTargetPagesDto, WrittenPageDto } from "../contracts/fidelity";
import type { Db } from "../db/client";
import { runWrites, targetAssets, targetItems, targetRuns, type TargetItem, type TargetRun } from "../db/schema-targets";
import type { Env } from "../env";
import { notFound } from "../lib/errors";
import { assetUrlsOf } from "../targets/assets";
import type { FetchLike } from "../targets/http-client";
import { itemKeyFor, redirectsCsv } from "../targets/links";
import { buildRunOutputs, runRedirectRows } from "../targets/outputs";
import { assetSummary, loadSiteTarget, writeHashOf } from "../targets/target-writer";
import type { AssetState, MappedPage, OutsideLink, PageAssetRecord, PageMetadataRecord } from "../targets/types";
import { type Actor, auditStatement } from "./audit";
import { requireSite } from "./sites";
import { readPlatformSecrets } from "./site-config";

export const TARGET_OUTPUT_MESSAGES = {
  runNotFound: "Migration not found",
  noYaml: "This migration kept no Magnolia YAML file",
  noExport: "This migration produced no export bundle",
  alreadyRolledBack: "This migration was already rolled back",
} as const;

/** The target side of a migration run, in the organization; another organization's run answers as missing. */
export async function requireTargetRun(db: Db, organizationId: string, migrationId: string): Promise<TargetRun> {
  const run = await db.query.targetRuns.findFirst({ where: and(eq(targetRuns.migrationId, migrationId), eq(targetRuns.organizationId, organizationId)) });
  if (!run) throw notFound(TARGET_OUTPUT_MESSAGES.runNotFound);
  return run;
}

export interface DryRunPage {
  sourceUrl: string;
  action: "create" | "update" | "skip";
  targetPath: string;
  targetId: string | null;
  assets: { upload: string[]; reuse: string[]; keep: string[]; bundle: string[] };
}

/**
 * What a run would write for these mapped pages, changing nothing: no platform call, no database write.
 * Assets are classified by what the site's target already holds for their source URL.
 */
export async function dryRunTargetWrites(db: Db, env: Env, organizationId: string, siteId: string, pages: MappedPage[]): Promise<{ platform: string; assetMode: string; pages: DryRunPage[]; summary: Record<string, number> }> {
  await requireSite(db, organizationId, siteId);
  const { platform, adapter, assetMode } = await loadSiteTarget(db, env, organizationId, siteId, (row) => readPlatformSecrets(env, row));
  const out: DryRunPage[] = [];
  const planned = new Set<string>();
  for (const page of pages) {
    const key = await itemKeyFor(page.sourceUrl, page.canonicalUrl);
    const existing = await db.query.targetItems.findFirst({ where: and(eq(targetItems.siteId, siteId), eq(targetItems.platform, platform), eq(targetItems.itemKey, key)) });
    const hash = await writeHashOf(page, platform);
    const action = !existing ? "create" : existing.contentHash === hash ? "skip" : "update";
    const assets: DryRunPage["assets"] = { upload: [], reuse: [], keep: [], bundle: [] };
    if (action !== "skip") {
      for (const url of assetUrlsOf(page).keys()) {
        if (assetMode === "none") assets.keep.push(url);
        else if (assetMode === "zip") assets.bundle.push(url);
        else {
          const known = await db.query.targetAssets.findFirst({ where: and(eq(targetAssets.siteId, siteId), eq(targetAssets.platform, platform), eq(targetAssets.sourceUrl, url)) });
          (known || planned.has(url) ? assets.reuse : assets.upload).push(url);
          planned.add(url);
        }
      }
    }
    out.push({ sourceUrl: page.sourceUrl, action, targetPath: existing?.targetPath ?? adapter.linkPath(page.targetPath), targetId: existing?.targetId ?? null, assets });
  }
  const count = (a: DryRunPage["action"]) => out.filter((p) => p.action === a).length;
  return {
    platform,
    assetMode,
    pages: out,
    summary: { create: count("create"), update: count("update"), skip: count("skip"), assetUploads: out.reduce((n, p) => n + p.assets.upload.length, 0) },
  };
}

/**
 * Rolls a run back: undoes its writes newest first (deleting what it created, restoring what it
 * updated), restores the page records, and audits it. A rollback interrupted by a platform error
 * can be started again: writes already undone are skipped.
 */
export async function rollbackTargetRun(db: Db, env: Env, actor: Actor | null, organizationId: string, migrationId: string, fetcher?: FetchLike): Promise<{ undone: number }> {
  const run = await requireTargetRun(db, organizationId, migrationId);
  const { adapter } = await loadSiteTarget(db, env, organizationId, run.siteId, (row) => readPlatformSecrets(env, row), { fetch: fetcher, migrationId });
  const writes = await db.select().from(runWrites).where(and(eq(runWrites.migrationId, migrationId), isNull(runWrites.rolledBackAt))).orderBy(desc(runWrites.seq));
  let undone = 0;
  for (const w of writes) {
    await adapter.rollback({ kind: w.kind, action: w.action, targetId: w.targetId, targetPath: w.targetPath, previous: w.previous });
    const restore = [];
    if (w.kind === "page" && w.itemKey) {
      const where = and(eq(targetItems.siteId, run.siteId), eq(targetItems.platform, run.platform), eq(targetItems.itemKey, w.itemKey));
      const before = w.previousItem as (Omit<TargetItem, "updatedAt"> & { updatedAt: string | number }) | null;
      restore.push(before ? db.update(targetItems).set({ ...before, updatedAt: new Date(before.updatedAt) }).where(where) : db.delete(targetItems).where(where));
    } else if (w.kind === "asset") {
      restore.push(db.delete(targetAssets).where(and(eq(targetAssets.siteId, run.siteId), eq(targetAssets.platform, run.platform), eq(targetAssets.targetId, w.targetId))));
    }
    await db.batch([db.update(runWrites).set({ rolledBackAt: new Date() }).where(eq(runWrites.id, w.id)), ...restore]);
    undone++;
  }
  await db.batch([
    db.update(targetRuns).set({ rolledBackAt: new Date() }).where(eq(targetRuns.migrationId, migrationId)),
    auditStatement(db, actor, { organizationId, action: "target.run.rollback", entityType: "migration", entityId: migrationId, before: { writes: writes.length }, after: { undone, platform: run.platform } }),
  ]);
  return { undone };
}

/** The redirect map of a run as CSV, with its download file name. */
export async function getRedirectsCsv(db: Db, organizationId: string, migrationId: string): Promise<{ filename: string; body: string }> {
  await requireTargetRun(db, organizationId, migrationId);
  return { filename: `redirects-${migrationId}.csv`, body: redirectsCsv(await runRedirectRows(db, migrationId)) };
}

/** A stored output of a run (export ZIP or Magnolia YAML), with its download file name. */
export async function getRunFile(db: Db, env: Env, organizationId: string, migrationId: string, kind: "exportZip" | "magnoliaYaml"): Promise<{ filename: string; body: ReadableStream; contentType: string }> {
  const run = await requireTargetRun(db, organizationId, migrationId);
  let key = run.outputs?.[kind];
  if (!run.finishedAt && !run.rolledBackAt) {
    // A run still writing (or one driven page by page) gets its outputs built from what it wrote so far.
    const { adapter } = await loadSiteTarget(db, env, organizationId, run.siteId, (row) => readPlatformSecrets(env, row), { migrationId });
    const outputs = await buildRunOutputs({ db, bucket: env.BUCKET, migrationId, platform: run.platform, keepYamlFile: run.keepYamlFile, adapter });
    await db.update(targetRuns).set({ outputs }).where(eq(targetRuns.migrationId, migrationId));
    key = outputs[kind];
  }
  const obj = key ? await env.BUCKET.get(key) : null;
  if (!obj) throw notFound(kind === "exportZip" ? TARGET_OUTPUT_MESSAGES.noExport : TARGET_OUTPUT_MESSAGES.noYaml);
  return kind === "exportZip"
    ? { filename: `${run.platform}-export-${migrationId}.zip`, body: obj.body, contentType: "application/zip" }
    : { filename: `magnolia-pages-${migrationId}.yaml`, body: obj.body, contentType: "text/yaml; charset=utf-8" };
}

/**
 * The pages a run wrote into the target, in write order, with the source URL of each page's item (the
 * item is the site's page on this platform); only the writes of `sourceUrl` when it is given. Pages the
 * run skipped as unchanged wrote nothing and are not listed.
 */
export async function writtenPages(db: Db, run: Pick<TargetRun, "migrationId" | "siteId" | "platform">, sourceUrl?: string): Promise<WrittenPageDto[]> {
  const rows = await db
    .select({ sourceUrl: targetItems.sourceUrl, targetPath: runWrites.targetPath, targetId: runWrites.targetId, action: runWrites.action, assets: runWrites.assets, linksOutside: runWrites.linksOutside, metadata: runWrites.metadata })
    .from(runWrites)
    .leftJoin(targetItems, and(eq(targetItems.itemKey, runWrites.itemKey), eq(targetItems.siteId, run.siteId), eq(targetItems.platform, run.platform)))
    .where(and(eq(runWrites.migrationId, run.migrationId), eq(runWrites.kind, "page"), sourceUrl === undefined ? undefined : eq(targetItems.sourceUrl, sourceUrl)))
    .orderBy(runWrites.seq);
  return rows.map((p) => ({ ...p, assets: p.assets ?? [], linksOutside: p.linksOutside ?? [] }));
}

/**
 * The pages a run wrote into the target, in write order, each with its assets and what became of
 * them, and the run's counts per asset state (each image once).
 */
export async function listRunTargetPages(db: Db, organizationId: string, migrationId: string): Promise<RunTargetPagesDto> {
  const run = await requireTargetRun(db, organizationId, migrationId);
  const pages = await writtenPages(db, run);
  return {
    migrationId,
    platform: run.platform,
    assetMode: run.assetMode,
    rolledBackAt: run.rolledBackAt ? run.rolledBackAt.toISOString() : null,
    summary: assetSummary(pages.map((p) => p.assets)),
    linksOutside: pages.reduce((n, p) => n + p.linksOutside.length, 0),
    pages,
  };
}

/** Runs of a site, newest first (for listing downloads). */
export async function listTargetRuns(db: Db, organizationId: string, siteIds: string[]) {
  if (!siteIds.length) return [];
  return db.select().from(targetRuns).where(and(eq(targetRuns.organizationId, organizationId), inArray(targetRuns.siteId, siteIds))).orderBy(desc(targetRuns.createdAt));
}
