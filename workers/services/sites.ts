import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { SiteDto, createSiteSchema, updateSiteSchema } from "../contracts/sites";
import type { Db } from "../db/client";
import { memberships, organizations, siteConfigs, sites, type Site } from "../db/schema";
import { notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";

export const SITE_MESSAGES = { notFound: "Site not found" } as const;

/**
 * A site of the organization. A site of another organization answers exactly as a missing one,
 * so a caller learns nothing about other tenants.
 */
export async function requireSite(db: Db, organizationId: string, siteId: string): Promise<Site> {
  const site = await db.query.sites.findFirst({
    where: and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)),
  });
  if (!site) throw notFound(SITE_MESSAGES.notFound);
  return site;
}

export async function listSites(db: Db, organizationId: string): Promise<SiteDto[]> {
  const rows = await db
    .select({ site: sites, orgName: organizations.name })
    .from(sites)
    .innerJoin(organizations, eq(organizations.id, sites.organizationId))
    .where(eq(sites.organizationId, organizationId))
    .orderBy(sql`lower(${sites.name})`);
  return rows.map(({ site, orgName }) => toSiteDto(site, orgName));
}

/** Every site of every organization the user belongs to: the Projects screen. */
export async function listSitesForUser(db: Db, userId: string): Promise<SiteDto[]> {
  const rows = await db
    .select({ site: sites, orgName: organizations.name })
    .from(sites)
    .innerJoin(organizations, eq(organizations.id, sites.organizationId))
    .innerJoin(memberships, and(eq(memberships.organizationId, sites.organizationId), eq(memberships.userId, userId)))
    .orderBy(sql`lower(${sites.name})`);
  return rows.map(({ site, orgName }) => toSiteDto(site, orgName));
}

export function toSiteDto(site: Site, orgName: string): SiteDto {
  return {
    id: site.id,
    name: site.name,
    domain: site.domain,
    iconUrl: site.iconUrl,
    organizationId: site.organizationId,
    organization: { id: site.organizationId, name: orgName },
    createdAt: site.createdAt.toISOString(),
  };
}

async function orgName(db: Db, organizationId: string): Promise<string> {
  const org = await db.query.organizations.findFirst({ where: eq(organizations.id, organizationId) });
  return org?.name ?? "";
}

/** Creates a site and its empty configuration in the organization. */
export async function createSite(db: Db, auth: SessionUser, organizationId: string, input: z.infer<typeof createSiteSchema>): Promise<SiteDto> {
  const id = newId();
  const values = { id, organizationId, name: input.name, domain: input.domain, iconUrl: input.iconUrl || null };
  await db.batch([
    db.insert(sites).values(values),
    db.insert(siteConfigs).values({
      id: newId(),
      siteId: id,
      organizationId,
      platform: null,
      platformConfig: {},
      components: {},
      templates: {},
      settings: {},
      updatedAt: new Date(),
    }),
    auditStatement(db, auth.actor, { organizationId, action: "site.create", entityType: "site", entityId: id, after: values }),
  ]);
  const site = await requireSite(db, organizationId, id);
  return toSiteDto(site, await orgName(db, organizationId));
}

export async function updateSite(db: Db, auth: SessionUser, organizationId: string, siteId: string, input: z.infer<typeof updateSiteSchema>): Promise<SiteDto> {
  const before = await requireSite(db, organizationId, siteId);
  const patch: Partial<Site> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.domain !== undefined) patch.domain = input.domain;
  if (input.iconUrl !== undefined) patch.iconUrl = input.iconUrl || null;
  if (Object.keys(patch).length > 0) {
    await db.batch([
      db.update(sites).set(patch).where(eq(sites.id, siteId)),
      auditStatement(db, auth.actor, {
        organizationId,
        action: "site.update",
        entityType: "site",
        entityId: siteId,
        before: { name: before.name, domain: before.domain, iconUrl: before.iconUrl },
        after: patch,
      }),
    ]);
  }
  const site = await requireSite(db, organizationId, siteId);
  return toSiteDto(site, await orgName(db, organizationId));
}

export async function deleteSite(db: Db, auth: SessionUser, organizationId: string, siteId: string): Promise<void> {
  const before = await requireSite(db, organizationId, siteId);
  await db.batch([
    db.delete(sites).where(eq(sites.id, siteId)),
    auditStatement(db, auth.actor, {
      organizationId,
      action: "site.delete",
      entityType: "site",
      entityId: siteId,
      before: { name: before.name, domain: before.domain },
    }),
  ]);
}
