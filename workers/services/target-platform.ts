import { eq } from "drizzle-orm";
import { isPlatformConfigured, platformMeta } from "../contracts/platforms";
import type { Db } from "../db/client";
import { siteConfigs } from "../db/schema";
import type { Env } from "../env";
import { notFound } from "../lib/errors";
import type { FetchLike } from "../targets/http-client";
import { hasTargetAdapter } from "../targets/registry";
import { loadSiteTarget } from "../targets/target-writer";
import type { ConnectionResult, TargetCapabilities } from "../targets/types";
import { requireSite } from "./sites";
import { readPlatformSecrets } from "./site-config";

/** The spec's connection texts (§8 Connection). */
export const CONNECTION_MESSAGES = {
  notConfigured: "Platform connection not configured",
  unableToConnect: (platform: string) => `Unable to connect to ${platform}`,
  connected: (platform: string) => `Connected to ${platform}`,
} as const;

async function configRow(db: Db, organizationId: string, siteId: string) {
  await requireSite(db, organizationId, siteId);
  return db.query.siteConfigs.findFirst({ where: eq(siteConfigs.siteId, siteId) });
}

/**
 * Tests the site's platform connection with a cheap authenticated read. Never throws for a platform
 * failure: the answer is `{ success: false, message: 'Unable to connect to {platform}' }`.
 */
export async function testPlatformConnection(db: Db, env: Env, organizationId: string, siteId: string, fetcher?: FetchLike): Promise<ConnectionResult> {
  const row = await configRow(db, organizationId, siteId);
  const platform = row?.platform ?? null;
  const meta = platformMeta(platform);
  if (!row || !meta || !hasTargetAdapter(platform) || !isPlatformConfigured(platform, row.platformConfig)) {
    return { success: false, message: CONNECTION_MESSAGES.notConfigured };
  }
  try {
    const { adapter } = await loadSiteTarget(db, env, organizationId, siteId, (row) => readPlatformSecrets(env, row), { fetch: fetcher });
    const result = await adapter.testConnection();
    return result.success
      ? { success: true, message: adapter.capabilities().output === "bundle" ? result.message : CONNECTION_MESSAGES.connected(meta.displayName) }
      : { success: false, message: CONNECTION_MESSAGES.unableToConnect(meta.displayName) };
  } catch {
    return { success: false, message: CONNECTION_MESSAGES.unableToConnect(meta.displayName) };
  }
}

/** Labels, entry modeling and what the site's target can do (spec §3 platform metadata). */
export async function getPlatformCapabilities(db: Db, env: Env, organizationId: string, siteId: string): Promise<TargetCapabilities & { isConfigured: boolean }> {
  const row = await configRow(db, organizationId, siteId);
  const platform = row?.platform ?? null;
  if (!row || !hasTargetAdapter(platform)) throw notFound(CONNECTION_MESSAGES.notConfigured);
  const { adapter } = await loadSiteTarget(db, env, organizationId, siteId, (row) => readPlatformSecrets(env, row));
  return { ...adapter.capabilities(), isConfigured: isPlatformConfigured(platform, row.platformConfig) };
}
