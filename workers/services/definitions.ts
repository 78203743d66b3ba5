import { eq, sql } from "drizzle-orm";
import {
  componentDefinitionSchema,
  templateDefinitionSchema,
  type ComponentDefinition,
  type TemplateDefinition,
} from "../contracts/definitions";
import { MAPPING_MESSAGES, type DefinitionResponse, type DefinitionsResponse } from "../contracts/mapping";
import type { Db } from "../db/client";
import { siteConfigs, type SiteConfigRow } from "../db/schema";
import { notFound } from "../lib/errors";
import type { MappingDefinitions } from "../mapping/types";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import { getSiteConfig } from "./site-config";
import { requireSite } from "./sites";

/** Which map of the site configuration: component (block) definitions or template definitions. */
export type DefinitionKind = "components" | "templates";

type DefinitionOf<K extends DefinitionKind> = K extends "components" ? ComponentDefinition : TemplateDefinition;

const schemas = { components: componentDefinitionSchema, templates: templateDefinitionSchema } as const;

/**
 * The templates of a site configuration may be stored as a list (spec §3: "map or list"); entries
 * of a list are keyed by their `key`, else by their name made into a key.
 */
export function definitionMap(raw: unknown): Record<string, unknown> {
  if (Array.isArray(raw)) {
    const out: Record<string, unknown> = {};
    raw.forEach((entry, i) => {
      const obj = entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
      const key = typeof obj.key === "string" && obj.key ? obj.key : typeof obj.name === "string" && obj.name ? obj.name.replace(/[^A-Za-z0-9_.:-]+/g, "-").replace(/^-+|-+$/g, "") : `template-${i + 1}`;
      out[key] = entry;
    });
    return out;
  }
  return raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
}

/** Parses a stored map with the schema: valid entries, and the first problem of each invalid one. */
export function parseDefinitions<K extends DefinitionKind>(kind: K, raw: unknown): DefinitionsResponse<DefinitionOf<K>> {
  const definitions: Record<string, DefinitionOf<K>> = {};
  const invalid: Record<string, string> = {};
  for (const [key, value] of Object.entries(definitionMap(raw))) {
    const parsed = schemas[kind].safeParse(value);
    if (parsed.success) definitions[key] = parsed.data as DefinitionOf<K>;
    else invalid[key] = parsed.error.issues[0]?.message ?? "Invalid definition";
  }
  return { definitions, invalid };
}

/** The site's valid definitions, as the mapper reads them. */
export function mappingDefinitionsOf(components: unknown, templates: unknown): MappingDefinitions {
  return { components: parseDefinitions("components", components).definitions, templates: parseDefinitions("templates", templates).definitions };
}

async function configRow(db: Db, organizationId: string, siteId: string): Promise<SiteConfigRow> {
  await requireSite(db, organizationId, siteId);
  // getSiteConfig creates the row for sites made before every site had one.
  await getSiteConfig(db, organizationId, siteId);
  const row = await db.query.siteConfigs.findFirst({ where: eq(siteConfigs.siteId, siteId) });
  if (!row) throw notFound();
  return row;
}

/** Every definition of one kind of a site of the organization. */
export async function listDefinitions<K extends DefinitionKind>(db: Db, organizationId: string, siteId: string, kind: K): Promise<DefinitionsResponse<DefinitionOf<K>>> {
  const row = await configRow(db, organizationId, siteId);
  return parseDefinitions(kind, row[kind]);
}

/** The site's valid component and template definitions. */
export async function loadMappingDefinitions(db: Db, organizationId: string, siteId: string): Promise<MappingDefinitions> {
  const row = await configRow(db, organizationId, siteId);
  return mappingDefinitionsOf(row.components, row.templates);
}

function missing(kind: DefinitionKind) {
  return notFound(kind === "components" ? MAPPING_MESSAGES.componentNotFound : MAPPING_MESSAGES.templateNotFound);
}

export async function getDefinition<K extends DefinitionKind>(db: Db, organizationId: string, siteId: string, kind: K, key: string): Promise<DefinitionResponse<DefinitionOf<K>>> {
  const { definitions } = await listDefinitions(db, organizationId, siteId, kind);
  const definition = definitions[key];
  if (!definition) throw missing(kind);
  return { key, definition };
}

/** JSON path of a key in a site configuration map; keys are validated to letters, digits and _.:- */
const jsonPath = (key: string) => `$."${key}"`;

/**
 * The statements that store several definitions under their keys in one atomic batch. Each key is set
 * with json_set inside the database, so concurrent writes of other keys are never lost.
 */
export async function putDefinitionStatements(db: Db, auth: SessionUser, organizationId: string, siteId: string, kind: DefinitionKind, entries: Record<string, unknown>, action: string) {
  const row = await configRow(db, organizationId, siteId);
  const column = kind === "components" ? siteConfigs.components : siteConfigs.templates;
  const stored = definitionMap(row[kind]);
  const statements = [];
  if (Array.isArray(row[kind])) {
    // A list cannot be updated by key: it becomes a map once.
    statements.push(db.update(siteConfigs).set({ [kind]: stored }).where(eq(siteConfigs.id, row.id)));
  }
  for (const [key, definition] of Object.entries(entries)) {
    statements.push(
      db
        .update(siteConfigs)
        .set({ [kind]: sql`json_set(coalesce(${column}, '{}'), ${jsonPath(key)}, json(${JSON.stringify(definition)}))`, updatedAt: new Date() })
        .where(eq(siteConfigs.id, row.id)),
      auditStatement(db, auth.actor, { organizationId, action, entityType: kind === "components" ? "component-definition" : "template-definition", entityId: `${siteId}/${key}`, before: stored[key] ?? null, after: definition }),
    );
  }
  return statements;
}

/** Creates or replaces one definition. */
export async function putDefinition<K extends DefinitionKind>(db: Db, auth: SessionUser, organizationId: string, siteId: string, kind: K, key: string, definition: DefinitionOf<K>): Promise<DefinitionResponse<DefinitionOf<K>>> {
  const statements = await putDefinitionStatements(db, auth, organizationId, siteId, kind, { [key]: definition }, `${kind === "components" ? "component" : "template"}-definition.put`);
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return getDefinition(db, organizationId, siteId, kind, key);
}

/** Deletes one definition. */
export async function deleteDefinition(db: Db, auth: SessionUser, organizationId: string, siteId: string, kind: DefinitionKind, key: string): Promise<void> {
  const row = await configRow(db, organizationId, siteId);
  const stored = definitionMap(row[kind]);
  if (!(key in stored)) throw missing(kind);
  const column = kind === "components" ? siteConfigs.components : siteConfigs.templates;
  const update = Array.isArray(row[kind])
    ? db.update(siteConfigs).set({ [kind]: Object.fromEntries(Object.entries(stored).filter(([k]) => k !== key)), updatedAt: new Date() }).where(eq(siteConfigs.id, row.id))
    : db.update(siteConfigs).set({ [kind]: sql`json_remove(coalesce(${column}, '{}'), ${jsonPath(key)})`, updatedAt: new Date() }).where(eq(siteConfigs.id, row.id));
  await db.batch([
    update,
    auditStatement(db, auth.actor, { organizationId, action: `${kind === "components" ? "component" : "template"}-definition.delete`, entityType: kind === "components" ? "component-definition" : "template-definition", entityId: `${siteId}/${key}`, before: stored[key] }),
  ]);
}
