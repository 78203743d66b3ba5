/**
 * Where mapping meets the targets: a page's extraction plus its applied mapping proposals become the
 * `MappedPage` the target writer takes.
 */
import type { MetadataValue, PageExtraction } from "../contracts/extraction";
import type { ComponentDefinitions, FieldType, TemplateDefinitions } from "../contracts/definitions";
import type { StatedValue, MappedComponent, MappedFieldValue, MappedPage } from "./types";

/** The part of a mapping proposal (or of its applied final value) that decides what is written. */
export interface AppliedProposal {
  scope: "component" | "field" | "template";
  /** Index into `PageExtraction.components`, or -1 for the page. */
  instanceIndex: number;
  targetComponent: string | null;
  targetField: string | null;
  targetType: FieldType | null;
  value: string | number | boolean | string[] | null;
  confidence: number;
}

export interface AppliedMapping {
  /** Key of the template definition chosen for the page. */
  template: string | null;
  proposals: AppliedProposal[];
}

function targetPathOf(url: string): { targetPath: string; slug: string } {
  const path = new URL(url).pathname.replace(/\/index\.(html?|php)$/i, "/").replace(/\/+$/, "") || "/";
  return { targetPath: path, slug: path.split("/").filter(Boolean).pop() ?? "home" };
}

/** Builds the target's view of a page from what was extracted and what mapping applied. */
export function toMappedPage(
  extraction: PageExtraction,
  mapping: AppliedMapping,
  definitions: { components: ComponentDefinitions; templates: TemplateDefinitions },
): MappedPage {
  const templateKey = mapping.template ?? Object.keys(definitions.templates)[0] ?? "page";
  const template = definitions.templates[templateKey];
  const area = template?.areas?.[0] ?? "main";
  const fields: Record<string, MappedFieldValue> = {};
  const byInstance = new Map<number, MappedComponent>();
  const ordered = [...mapping.proposals].sort((a, b) => a.instanceIndex - b.instanceIndex);
  for (const p of ordered) {
    if (p.scope === "template") continue;
    if (p.instanceIndex < 0) {
      if (p.scope === "field" && p.targetField) fields[p.targetField] = { type: p.targetType ?? "text", value: p.value };
      continue;
    }
    const key = p.targetComponent ?? extraction.components[p.instanceIndex]?.definition ?? null;
    if (!key) continue;
    let component = byInstance.get(p.instanceIndex);
    if (!component) {
      component = { definition: key, targetId: definitions.components[key]?.targetId || key, area, fields: {}, confidence: p.confidence };
      byInstance.set(p.instanceIndex, component);
    }
    component.confidence = Math.min(component.confidence ?? 1, p.confidence);
    if (p.scope === "field" && p.targetField) {
      const source = extraction.components[p.instanceIndex]?.fields.find((f) => f.value === p.value);
      const alt = typeof source?.attrs?.alt === "string" ? source.attrs.alt : undefined;
      component.fields[p.targetField] = { type: p.targetType ?? "text", value: p.value, ...(alt ? { alt } : {}) };
    }
  }
  const url = extraction.finalUrl || extraction.url;
  const { targetPath, slug } = targetPathOf(url);
  const absolute = (src: string) => {
    try {
      return new URL(src, url).toString();
    } catch {
      return src;
    }
  };
  return {
    sourceUrl: url,
    canonicalUrl: extraction.canonical,
    targetPath,
    slug,
    template: { definition: templateKey, targetId: template?.targetId || templateKey },
    title: extraction.openGraph["og:title"] || extraction.title,
    seo: {
      title: extraction.title,
      description: extraction.metaDescription,
      openGraph: extraction.openGraph,
      canonical: extraction.canonical,
      language: extraction.language,
      published: statedValue(extraction.metadata?.datePublished),
      modified: statedValue(extraction.metadata?.dateModified),
      author: statedValue(extraction.metadata?.author),
    },
    fields,
    components: [...byInstance.entries()].sort(([a], [b]) => a - b).map(([, c]) => c),
    assets: extraction.images.map((i) => ({ url: absolute(i.src), alt: i.alt, width: i.width, height: i.height })),
    internalLinks: extraction.links.filter((l) => l.internal).map((l) => ({ href: absolute(l.href), text: l.text })),
    contentHash: extraction.contentHash,
  };
}

/**
 * The metadata layer's best value of a page-level field when its source states it well: structured
 * data, a meta tag or a marked byline (strength 0.7 and up), not a guess from the text or the URL. The
 * platform writes it where it has a place (a WordPress page's date and author).
 */
export const STATED_STRENGTH = 0.7;

function statedValue(values: readonly MetadataValue[] | undefined): StatedValue | null {
  const best = values?.[0];
  return best && best.value.trim() && best.strength >= STATED_STRENGTH ? { value: best.value.trim(), provenance: best.provenance } : null;
}
