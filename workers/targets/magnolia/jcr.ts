/**
 * The JCR node tree of a migrated page in Magnolia: an `mgnl:page` with its template and SEO properties,
 * one `mgnl:area` per template area, and one `mgnl:component` per component. Both the REST writes and
 * the YAML bootstrap file are made from this one tree.
 */
import { assetFor, joinPath, pathSegments, scalarValue, slugify } from "../fields";
import type { MappedFieldValue, PreparedPage } from "../types";

export type JcrValue = string | number | boolean | string[];

export interface JcrNode {
  name: string;
  type: string;
  properties: Record<string, JcrValue>;
  children: JcrNode[];
}

/** The JCR path of a page below the site root; the root page is the site root node itself. */
export function magnoliaPagePath(siteRootPath: string, targetPath: string): string {
  const segments = pathSegments(targetPath);
  const root = siteRootPath && siteRootPath !== "/" ? siteRootPath : "";
  if (!segments.length) return root || "/home";
  return joinPath(root || "/", ...segments);
}

/**
 * Where a public instance serves a page: its base URL (with the context path, e.g.
 * https://www.example.com/magnoliaPublic) + the page's JCR path + `.html`, Magnolia's default URI to
 * repository mapping of the `website` workspace. A site whose mapping hides the site root from its URLs
 * (a handle prefix) or that rewrites them (virtual URI mappings) serves the page elsewhere as well; this
 * address stays valid unless such a mapping takes it over. Null without a base URL: the author instance
 * shows its login form to a browser without a session, so there is no page there to check.
 */
export function magnoliaPublicUrl(publicUrl: string, pagePath: string): string | null {
  if (!publicUrl) return null;
  return `${publicUrl.replace(/\/+$/, "")}${pagePath.split("/").map(encodeURIComponent).join("/")}.html`;
}

function fieldValue(page: PreparedPage, field: MappedFieldValue): JcrValue | null {
  if (field.value === null || field.value === undefined || field.value === "") return null;
  switch (field.type) {
    case "richtext":
      return String(field.value);
    case "image": {
      // Magnolia image fields hold a DAM reference ("jcr:<identifier>") once the asset is in the DAM.
      const asset = assetFor(page, field);
      return asset ? (asset.targetId ?? asset.url) : null;
    }
    default:
      return scalarValue(field);
  }
}

/** Builds the page's node (with areas and components, not child pages). */
export function magnoliaPageNode(page: PreparedPage): JcrNode {
  const segments = pathSegments(page.targetPath);
  const og = page.seo.openGraph;
  const properties: Record<string, JcrValue> = {
    "mgnl:template": page.template.targetId,
    title: page.title,
    windowTitle: page.seo.title || page.title,
    description: page.seo.description,
    sourceUrl: page.sourceUrl,
    migrationKey: page.itemKey,
  };
  if (page.seo.canonical) properties.canonicalUrl = page.seo.canonical;
  if (page.seo.language) properties.language = page.seo.language;
  // Page properties of their own for the dates and the byline, where the page's metadata states them.
  if (page.seo.published) properties.datePublished = page.seo.published.value;
  if (page.seo.modified) properties.dateModified = page.seo.modified.value;
  if (page.seo.author) properties.author = page.seo.author.value;
  // og:title → ogTitle, og:image:alt → ogImageAlt
  for (const [key, value] of Object.entries(og)) {
    const name = key.replace(/^og:/, "").split(/[:_-]/).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join("");
    if (value && name) properties[`og${name}`] = value;
  }
  for (const [name, field] of Object.entries(page.fields ?? {})) {
    const v = fieldValue(page, field);
    if (v !== null) properties[name] = v;
  }
  const areas = new Map<string, JcrNode>();
  page.components.forEach((component) => {
    const areaName = slugify(component.area || "main", "main");
    let area = areas.get(areaName);
    if (!area) {
      area = { name: areaName, type: "mgnl:area", properties: {}, children: [] };
      areas.set(areaName, area);
    }
    const props: Record<string, JcrValue> = { "mgnl:template": component.targetId };
    for (const [name, field] of Object.entries(component.fields)) {
      const v = fieldValue(page, field);
      if (v !== null) props[name] = v;
    }
    area.children.push({ name: String(area.children.length), type: "mgnl:component", properties: props, children: [] });
  });
  return { name: segments[segments.length - 1] ?? "home", type: "mgnl:page", properties: Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== "")), children: [...areas.values()] };
}
