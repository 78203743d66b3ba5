import { and, asc, eq } from "drizzle-orm";
import type { FieldType } from "../contracts/definitions";
import type { PageExtraction } from "../contracts/extraction";
import type { ProposalDto, ProposalValue, SnapshotMappingDto } from "../contracts/mapping";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { mappingProposals, type MappingProposalRow } from "../db/schema-mapping";
import type { Env } from "../env";
import { pageTitle } from "../mapping/page-candidates";
import type { MappingDefinitions } from "../mapping/types";
import type { MappedComponent, MappedFieldValue, MappedPage } from "../targets/types";
import { getSnapshotSummary, requireSnapshotMapping } from "./mapping";

/** What a proposal applies: its own target and value once approved or auto-applied, the edit once tweaked or overridden. */
export function finalOf(p: MappingProposalRow): ProposalDto["final"] {
  switch (p.status) {
    case "pending":
    case "rejected":
      return null;
    case "approved":
    case "auto_applied":
      return { component: p.targetComponent, field: p.targetField, value: (p.value ?? null) as ProposalValue };
    case "tweaked":
    case "overridden":
      return { component: p.finalComponent, field: p.finalField, value: (p.finalValue ?? null) as ProposalValue };
  }
}

export function toProposalDto(p: MappingProposalRow, decidedBy: { id: string; email: string } | null): ProposalDto {
  return {
    id: p.id,
    snapshotId: p.snapshotId,
    scope: p.scope,
    instanceIndex: p.instanceIndex,
    source: {
      definition: p.sourceDefinition,
      name: p.sourceName,
      selector: p.sourceSelector,
      kind: p.sourceKind,
      path: p.sourcePath,
      classes: p.sourceClasses ?? [],
      provenance: p.sourceProvenance ?? null,
      box: p.sourceBox ?? null,
    },
    targetComponent: p.targetComponent,
    targetField: p.targetField,
    targetType: (p.targetType as FieldType | null) ?? null,
    value: (p.value ?? null) as ProposalValue,
    confidence: p.confidence,
    layer: p.layer,
    evidence: p.evidence ?? [],
    status: p.status,
    final: finalOf(p),
    decidedBy,
    decidedAt: p.decidedAt ? p.decidedAt.toISOString() : null,
  };
}

/** Every proposal of a snapshot, page first, then instances in page order. */
export async function snapshotProposals(db: Db, organizationId: string, snapshotId: string): Promise<MappingProposalRow[]> {
  return db
    .select()
    .from(mappingProposals)
    .where(and(eq(mappingProposals.snapshotId, snapshotId), eq(mappingProposals.organizationId, organizationId)))
    .orderBy(asc(mappingProposals.instanceIndex), asc(mappingProposals.createdAt));
}

/** A snapshot's mapping with every proposal, its confidence, evidence and decision. */
export async function getSnapshotMapping(db: Db, organizationId: string, snapshotId: string): Promise<SnapshotMappingDto> {
  const summary = await getSnapshotSummary(db, organizationId, snapshotId);
  const rows = await db
    .select({ p: mappingProposals, email: users.email })
    .from(mappingProposals)
    .leftJoin(users, eq(users.id, mappingProposals.decidedByUserId))
    .where(and(eq(mappingProposals.snapshotId, snapshotId), eq(mappingProposals.organizationId, organizationId)))
    .orderBy(asc(mappingProposals.instanceIndex), asc(mappingProposals.createdAt));
  const scopeOrder = { template: 0, component: 0, field: 1 } as const;
  const proposals = rows
    .map(({ p, email }) => toProposalDto(p, p.decidedByUserId && email ? { id: p.decidedByUserId, email } : null))
    .sort((a, b) => a.instanceIndex - b.instanceIndex || scopeOrder[a.scope] - scopeOrder[b.scope]);
  return { ...summary, proposals };
}

/** Reads a snapshot's stored extraction from R2 (the key the mapping recorded), or null. */
export async function loadStoredExtraction(db: Db, env: Env, organizationId: string, snapshotId: string): Promise<PageExtraction | null> {
  const row = await requireSnapshotMapping(db, organizationId, snapshotId);
  const key = typeof row.options?.extractionKey === "string" ? row.options.extractionKey : null;
  if (!key) return null;
  const object = await env.BUCKET.get(key);
  return object ? ((await object.json()) as PageExtraction) : null;
}

function targetPathOf(url: string): { targetPath: string; slug: string } {
  let path = "/";
  try {
    path = new URL(url).pathname;
  } catch {
    // Keep "/".
  }
  const clean = path.replace(/\/index\.html?$/, "/").replace(/\.html?$/, "").replace(/\/+$/, "") || "/";
  const slug = clean === "/" ? "home" : (clean.split("/").pop() ?? "home");
  return { targetPath: clean, slug };
}

/** Alt text of an image, text of a link: from the source field itself, else from the page's lists. */
function fieldValue(type: FieldType, value: ProposalValue, extraction: PageExtraction, row: MappingProposalRow): MappedFieldValue {
  const out: MappedFieldValue = { type, value };
  if ((type !== "image" && type !== "link") || typeof value !== "string") return out;
  const sourceName = row.sourceName?.split("#")[0];
  const source = row.instanceIndex >= 0 ? extraction.components[row.instanceIndex]?.fields.find((f) => f.name === sourceName && f.value === value) : undefined;
  const own = source?.attrs?.[type === "image" ? "alt" : "text"];
  const fallback = type === "image" ? extraction.images.find((i) => i.src === value)?.alt : extraction.links.find((l) => l.href === value)?.text;
  const alt = typeof own === "string" && own ? own : fallback;
  if (alt) out.alt = alt;
  return out;
}

/**
 * The page as the target side takes it (workers/targets/types.ts MappedPage), built from what the
 * proposals apply: rejected and pending proposals write nothing.
 */
export function buildMappedPage(rows: readonly MappingProposalRow[], extraction: PageExtraction, definitions: MappingDefinitions): MappedPage {
  const url = extraction.finalUrl || extraction.url;
  // A person's tweak or override of a field wins over another proposal for the same field: it is applied last.
  const rank = (r: MappingProposalRow) => (r.status === "tweaked" || r.status === "overridden" ? 1 : 0);
  const applied = [...rows]
    .sort((a, b) => rank(a) - rank(b))
    .map((r) => ({ row: r, final: finalOf(r) }))
    .filter((x) => x.final !== null);
  const templateChoice = applied.find((x) => x.row.scope === "template")?.final?.component ?? null;
  const template = templateChoice ? definitions.templates[templateChoice] : undefined;
  const typeOf = (component: string | null, field: string | null, templateLevel: boolean): FieldType | null => {
    const def = templateLevel ? (component ? definitions.templates[component] : undefined) : component ? definitions.components[component] : undefined;
    return def?.fields.find((f) => f.name === field)?.type ?? null;
  };
  const pageFields: Record<string, MappedFieldValue> = {};
  const components: MappedComponent[] = [];
  const instances = [...new Set(rows.filter((r) => r.instanceIndex >= 0).map((r) => r.instanceIndex))].sort((a, b) => a - b);
  for (const x of applied.filter((a) => a.row.scope === "field" && a.row.instanceIndex === -1)) {
    const type = typeOf(templateChoice, x.final!.field, true);
    if (type && x.final!.field && x.final!.value !== null) pageFields[x.final!.field] = fieldValue(type, x.final!.value, extraction, x.row);
  }
  for (const index of instances) {
    const head = applied.find((a) => a.row.scope === "component" && a.row.instanceIndex === index);
    const key = head?.final?.component;
    const def = key ? definitions.components[key] : undefined;
    if (!key || !def) continue;
    const fields: Record<string, MappedFieldValue> = {};
    for (const x of applied.filter((a) => a.row.scope === "field" && a.row.instanceIndex === index)) {
      const type = typeOf(key, x.final!.field, false);
      if (type && x.final!.field && x.final!.value !== null) fields[x.final!.field] = fieldValue(type, x.final!.value, extraction, x.row);
    }
    components.push({ definition: key, targetId: def.targetId, area: template?.areas[0] ?? "main", fields, confidence: head?.row.confidence });
  }
  const og = extraction.openGraph ?? {};
  const titleField = Object.entries(pageFields).find(([name, v]) => /title/i.test(name) && typeof v.value === "string")?.[1]?.value;
  const title = typeof titleField === "string" ? titleField : (pageTitle(extraction.title, og["og:site_name"], og["og:title"]) ?? extraction.title);
  const serialized = JSON.stringify([pageFields, components]);
  const { targetPath, slug } = targetPathOf(url);
  return {
    sourceUrl: extraction.url,
    canonicalUrl: extraction.canonical,
    targetPath,
    slug,
    template: { definition: templateChoice ?? "", targetId: template?.targetId ?? "" },
    title,
    seo: { title: extraction.title, description: extraction.metaDescription, openGraph: og, canonical: extraction.canonical, language: extraction.language },
    fields: pageFields,
    components,
    assets: extraction.images.filter((i) => serialized.includes(i.src)).map((i) => ({ url: i.src, alt: i.alt, width: i.width, height: i.height })),
    internalLinks: extraction.links.filter((l) => l.internal).map((l) => ({ href: l.href, text: l.text })),
    contentHash: extraction.contentHash,
  };
}
