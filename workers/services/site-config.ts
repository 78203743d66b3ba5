import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  SECRET_MASK,
  isPlatformConfigured,
  platformConfigSchemas,
  platformMeta,
} from "../contracts/platforms";
import type { SiteConfigDto, SiteSettings, saveSiteConfigSchema } from "../contracts/sites";
import type { Db } from "../db/client";
import { siteConfigs, sites, type Site, type SiteConfigRow } from "../db/schema";
import type { Env } from "../env";
import { endpointUrlProblem, type EndpointUrlProblem, egressPolicy } from "../lib/egress";
import { badRequest } from "../lib/errors";
import { encryptSecret } from "../lib/crypto";
import { newId } from "../lib/ids";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import { requireSite } from "./sites";

type SaveInput = z.infer<typeof saveSiteConfigSchema>;

/** Why a platform URL that the product calls with credentials is refused on save (400, nothing stored changes). */
export const PLATFORM_URL_MESSAGES: Record<EndpointUrlProblem, (label: string) => string> = {
  invalid: (label) => `${label} must be an http(s) URL`,
  credentials: (label) => `${label} must not contain a user name or password: enter them in their own fields`,
  "plain-http": (label) => `${label} must start with https://: credentials are only sent over an encrypted connection`,
  "private-address": (label) => `${label} names a private, loopback or link-local address, which the product does not connect to`,
};

/** Refuses platform endpoint URLs that the egress guard would refuse anyway, so the user hears it now. */
function assertEndpointUrls(env: Env, platform: string | null, config: Record<string, unknown>): void {
  const { allowPrivate } = egressPolicy(env);
  const issues: { path: string; message: string }[] = [];
  for (const field of platformMeta(platform)?.fields ?? []) {
    const value = config[field.name];
    if (!field.endpoint || typeof value !== "string" || value === "") continue;
    const problem = endpointUrlProblem(value, allowPrivate);
    if (problem) issues.push({ path: field.name, message: PLATFORM_URL_MESSAGES[problem](field.label) });
  }
  if (issues.length) throw badRequest(issues[0].message, issues);
}

function secretFields(platform: string | null): string[] {
  return platformMeta(platform)?.fields.filter((f) => f.secret).map((f) => f.name) ?? [];
}

/** Replaces every stored secret with the mask; secrets never leave the server. */
export function maskSecrets(platform: string | null, config: Record<string, unknown>): Record<string, unknown> {
  const out = { ...config };
  for (const name of secretFields(platform)) {
    if (typeof out[name] === "string" && out[name] !== "") out[name] = SECRET_MASK;
  }
  return out;
}

function toDto(site: Site, row: SiteConfigRow): SiteConfigDto {
  const platformConfig = row.platformConfig ?? {};
  return {
    id: row.id,
    siteId: site.id,
    platform: row.platform,
    platformConfig: maskSecrets(row.platform, platformConfig),
    components: row.components ?? {},
    templates: (row.templates as SiteConfigDto["templates"]) ?? {},
    settings: (row.settings as SiteSettings) ?? {},
    name: site.name,
    iconUrl: site.iconUrl,
    domain: site.domain,
    organizationId: site.organizationId,
    isConfigured: isPlatformConfigured(row.platform, platformConfig),
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

async function loadRow(db: Db, site: Site): Promise<SiteConfigRow> {
  const row = await db.query.siteConfigs.findFirst({ where: eq(siteConfigs.siteId, site.id) });
  if (row) return row;
  // Sites always get a configuration on creation; this covers rows made before that rule.
  const fresh = { id: newId(), siteId: site.id, organizationId: site.organizationId, platform: null, platformConfig: {}, components: {}, templates: {}, settings: {}, updatedAt: new Date() };
  await db.insert(siteConfigs).values(fresh).onConflictDoNothing();
  return (await db.query.siteConfigs.findFirst({ where: eq(siteConfigs.siteId, site.id) }))!;
}

/** Configurations of every site in the organization. */
export async function listSiteConfigs(db: Db, organizationId: string): Promise<SiteConfigDto[]> {
  const rows = await db
    .select({ site: sites, config: siteConfigs })
    .from(sites)
    .innerJoin(siteConfigs, eq(siteConfigs.siteId, sites.id))
    .where(and(eq(sites.organizationId, organizationId)))
    .orderBy(sql`lower(${sites.name})`);
  return rows.map(({ site, config }) => toDto(site, config));
}

export async function getSiteConfig(db: Db, organizationId: string, siteId: string): Promise<SiteConfigDto> {
  const site = await requireSite(db, organizationId, siteId);
  return toDto(site, await loadRow(db, site));
}

/**
 * Validates and saves a site's configuration. Secrets sent back as the mask (or omitted) keep their
 * stored value; an empty string clears them; any other value is encrypted.
 */
export async function saveSiteConfig(db: Db, env: Env, auth: SessionUser, organizationId: string, siteId: string, input: SaveInput): Promise<SiteConfigDto> {
  const site = await requireSite(db, organizationId, siteId);
  const row = await loadRow(db, site);
  const platform = input.platform === undefined ? row.platform : input.platform;
  const samePlatform = platform === row.platform;
  const stored = samePlatform ? (row.platformConfig ?? {}) : {};

  let platformConfig: Record<string, unknown> = stored;
  if (input.platformConfig !== undefined || !samePlatform) {
    const incoming: Record<string, unknown> = { ...(input.platformConfig ?? {}) };
    const secrets = secretFields(platform);
    for (const name of secrets) if (incoming[name] === SECRET_MASK) delete incoming[name];
    const schema = platform ? platformConfigSchemas[platform] : undefined;
    if (platform && !schema) throw badRequest("Unknown platform");
    const parsed = schema ? schema.safeParse(incoming) : { success: true as const, data: {} };
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(issue?.message ?? "Invalid platform configuration", parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    }
    platformConfig = { ...parsed.data };
    assertEndpointUrls(env, platform, platformConfig);
    for (const name of secrets) {
      const value = incoming[name];
      if (value === undefined) {
        if (stored[name] !== undefined) platformConfig[name] = stored[name];
      } else if (value === "") {
        delete platformConfig[name];
      } else if (typeof value === "string") {
        platformConfig[name] = await encryptSecret(value, env.SECRETS_KEY, env.ENVIRONMENT);
      }
    }
  }

  const next = {
    platform,
    platformConfig,
    components: input.components ?? row.components ?? {},
    templates: input.templates ?? row.templates ?? {},
    settings: input.settings ? { ...(row.settings ?? {}), ...input.settings } : (row.settings ?? {}),
    updatedAt: new Date(),
  };
  const sitePatch: Partial<Site> = {};
  if (input.name !== undefined) sitePatch.name = input.name;
  if (input.iconUrl !== undefined) sitePatch.iconUrl = input.iconUrl || null;

  await db.batch([
    db.update(siteConfigs).set(next).where(eq(siteConfigs.id, row.id)),
    ...(Object.keys(sitePatch).length ? [db.update(sites).set(sitePatch).where(eq(sites.id, site.id))] : []),
    auditStatement(db, auth.actor, {
      organizationId,
      action: "site-config.update",
      entityType: "site-config",
      entityId: site.id,
      before: { platform: row.platform, platformConfig: maskSecrets(row.platform, row.platformConfig ?? {}), settings: row.settings },
      after: { platform, platformConfig: maskSecrets(platform, platformConfig), settings: next.settings, ...sitePatch },
    }),
  ]);
  return getSiteConfig(db, organizationId, siteId);
}

/** The platform configuration with secrets decrypted, for server-side use by adapters only. */
export { readPlatformSecrets } from "../lib/platform-secrets";
