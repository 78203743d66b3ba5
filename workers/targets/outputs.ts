/**
 * The downloadable outputs of a run: the Magnolia YAML bootstrap file (keepYamlFile), the export ZIP
 * (export-bundle platforms, or asset mode zip) and the redirect map.
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { siteConfigs } from "../db/schema";
import { runWrites, targetItems, targetRuns } from "../db/schema-targets";
import { redirectsCsv } from "./links";
import { magnoliaBootstrapYaml } from "./magnolia/yaml";
import type { PreparedPage, TargetAdapter } from "./types";

export const outputKeys = (migrationId: string) => ({
  magnoliaYaml: `targets/${migrationId}/magnolia.yaml`,
  exportZip: `targets/${migrationId}/export.zip`,
  pages: `targets/${migrationId}/pages/`,
  bundle: `targets/${migrationId}/bundle/`,
});

async function listAll(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** The prepared pages a run wrote, as stored beside the run. */
export async function runPages(bucket: R2Bucket, migrationId: string): Promise<PreparedPage[]> {
  const pages: PreparedPage[] = [];
  for (const key of await listAll(bucket, outputKeys(migrationId).pages)) {
    const obj = await bucket.get(key);
    if (obj) pages.push((await obj.json()) as PreparedPage);
  }
  return pages;
}

/** Redirect rows of a run: every page it wrote or found unchanged. */
export async function runRedirectRows(db: Db, migrationId: string) {
  const run = await db.query.targetRuns.findFirst({ where: eq(targetRuns.migrationId, migrationId) });
  if (!run) return [];
  // Pages the run wrote (even if a later run touched them since) and pages it found unchanged.
  const written = db.select({ key: runWrites.itemKey }).from(runWrites).where(and(eq(runWrites.migrationId, migrationId), eq(runWrites.kind, "page")));
  return db.select({ sourceUrl: targetItems.sourceUrl, targetPath: targetItems.targetPath }).from(targetItems)
    .where(and(eq(targetItems.siteId, run.siteId), eq(targetItems.platform, run.platform), or(eq(targetItems.lastMigrationId, migrationId), inArray(targetItems.itemKey, written))))
    .orderBy(targetItems.targetPath);
}

export interface BuildOutputsInput {
  db: Db;
  bucket: R2Bucket;
  migrationId: string;
  platform: string;
  keepYamlFile: boolean;
  adapter: TargetAdapter;
}

export async function buildRunOutputs(input: BuildOutputsInput): Promise<Record<string, string>> {
  const { db, bucket, migrationId, platform } = input;
  const keys = outputKeys(migrationId);
  const outputs: Record<string, string> = {};
  if (platform === "magnolia" && input.keepYamlFile) {
    const run = await db.query.targetRuns.findFirst({ where: eq(targetRuns.migrationId, migrationId) });
    const config = run ? await db.query.siteConfigs.findFirst({ where: eq(siteConfigs.siteId, run.siteId) }) : undefined;
    const root = typeof config?.platformConfig?.siteRootPath === "string" ? config.platformConfig.siteRootPath : "/";
    await bucket.put(keys.magnoliaYaml, magnoliaBootstrapYaml(await runPages(bucket, migrationId), root), { httpMetadata: { contentType: "text/yaml; charset=utf-8" } });
    outputs.magnoliaYaml = keys.magnoliaYaml;
  }
  const bundleKeys = await listAll(bucket, keys.bundle);
  if (input.adapter.capabilities().output === "bundle" || bundleKeys.length) {
    const files: Zippable = {};
    const assets: { path: string; sourceUrl: string | null }[] = [];
    for (const key of bundleKeys) {
      const obj = await bucket.get(key);
      if (!obj) continue;
      const path = key.slice(keys.bundle.length);
      files[path] = new Uint8Array(await obj.arrayBuffer());
      if (path.startsWith("assets/")) assets.push({ path, sourceUrl: obj.customMetadata?.sourceUrl ?? null });
    }
    const pages = Object.keys(files).filter((k) => k.startsWith("pages/"));
    files["manifest.json"] = strToU8(JSON.stringify({ platform, migrationId, createdAt: new Date().toISOString(), pages, assets }, null, 2));
    files["redirects.csv"] = strToU8(redirectsCsv(await runRedirectRows(db, migrationId)));
    await bucket.put(keys.exportZip, zipSync(files, { level: 6 }), { httpMetadata: { contentType: "application/zip" } });
    outputs.exportZip = keys.exportZip;
  }
  return outputs;
}
