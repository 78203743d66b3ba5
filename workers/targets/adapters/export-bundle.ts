/**
 * Platforms without connection fields (Drupal, Sitecore, Umbraco, Strapi, Kentico, Contentstack, Joomla)
 * receive an export bundle: the run writes structured JSON per page into R2, and `finish` zips pages,
 * assets and a manifest for download. Nothing leaves the product, so there is nothing to publish.
 */
import { platformMeta } from "../../contracts/platforms";
import { assetFor, listValue, pathSegments, plainText } from "../fields";
import type { MappedFieldValue, PageWriteResult, PreparedPage, RecordedWrite, TargetAdapter } from "../types";
import { platformCapabilities } from "./capabilities";
import type { AdapterOptions } from "./options";

function exportValue(page: PreparedPage, field: MappedFieldValue): unknown {
  if (field.type === "richtext") return { format: "html", value: field.value };
  if (field.type === "image") {
    const asset = assetFor(page, field);
    return asset ? { src: asset.url, sourceUrl: asset.sourceUrl, alt: asset.alt || field.alt || "" } : null;
  }
  if (field.type === "list") return listValue(field);
  if (field.type === "boolean" || field.type === "number") return field.value;
  return plainText(field);
}

/** The structured JSON of one page inside the bundle. */
export function exportPageDocument(platform: string, page: PreparedPage): Record<string, unknown> {
  return {
    platform,
    key: page.itemKey,
    sourceUrl: page.sourceUrl,
    path: page.targetPath,
    template: page.template.targetId || page.template.definition,
    title: page.title,
    seo: page.seo,
    fields: Object.fromEntries(Object.entries(page.fields ?? {}).map(([k, f]) => [k, exportValue(page, f)])),
    components: page.components.map((c) => ({ type: c.targetId || c.definition, area: c.area, fields: Object.fromEntries(Object.entries(c.fields).map(([k, f]) => [k, exportValue(page, f)])) })),
  };
}

export const bundlePagePath = (page: Pick<PreparedPage, "targetPath">) => `pages/${pathSegments(page.targetPath).join("__") || "index"}.json`;

export function createExportBundleAdapter(platform: string, options: AdapterOptions): TargetAdapter {
  const meta = platformMeta(platform)!;
  const prefix = `targets/${options.migrationId ?? "preview"}/bundle`;
  return {
    platform,
    capabilities: () => platformCapabilities(platform, { output: "bundle", canPublish: false, canListSchema: false, rateLimitPerSecond: null }),
    linkPath: (targetPath) => {
      const segments = pathSegments(targetPath);
      return segments.length ? `/${segments.join("/")}` : "/";
    },
    async testConnection() {
      return { success: true, message: `${meta.displayName} receives an export bundle: no connection is needed` };
    },
    async listSchema() {
      return [];
    },
    async upsertPage(page: PreparedPage): Promise<PageWriteResult> {
      if (!options.bucket) throw new Error("Export bundles need the R2 bucket");
      const path = bundlePagePath(page);
      const existed = await options.bucket.head(`${prefix}/${path}`);
      await options.bucket.put(`${prefix}/${path}`, JSON.stringify(exportPageDocument(platform, page), null, 2), { httpMetadata: { contentType: "application/json" } });
      const linkPath = pathSegments(page.targetPath).length ? `/${pathSegments(page.targetPath).join("/")}` : "/";
      return { targetId: path, targetPath: linkPath, version: null, created: !existed, previous: null };
    },
    // Assets of bundles are written by the asset resolver in zip mode.
    async uploadAsset(asset) {
      return { targetId: asset.filename, url: `assets/${asset.filename}` };
    },
    async publish() {},
    async rollback(write: RecordedWrite) {
      await options.bucket?.delete(`${prefix}/${write.targetId}`);
    },
  };
}
