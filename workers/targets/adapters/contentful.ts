/**
 * Contentful through the Content Management API (api.contentful.com, uploads on upload.contentful.com)
 * with a management token. Entries get deterministic ids from the page key, are written with
 * PUT + X-Contentful-Content-Type (create) or X-Contentful-Version (update), rich text as Contentful Rich
 * Text; assets are uploaded, processed and (when configured) published. CMA limit: 7 requests/s.
 */
import { TargetHttpClient } from "../http-client";
import { assetFor, leadImage, listValue, plainText } from "../fields";
import { htmlToContentfulRichText } from "../richtext/contentful";
import type { AssetInput, AssetWriteResult, MappedFieldValue, PageWriteResult, PreparedPage, RecordedWrite, SchemaItem, TargetAdapter } from "../types";
import { platformCapabilities } from "./capabilities";
import { type AdapterOptions, flag, previewUrl, str } from "./options";

export const CONTENTFUL_RATE_LIMIT = 7;
const API = "https://api.contentful.com";
const UPLOAD = "https://upload.contentful.com";

interface Sys { id: string; version: number; publishedVersion?: number; type: string }
interface CfEntity { sys: Sys; fields: Record<string, Record<string, unknown>> }
interface CfField { id: string; type: string; linkType?: string; items?: { type: string; linkType?: string } }
interface CfContentType { sys: Sys; name: string; fields: CfField[] }

/** Contentful ids: 1–64 of [a-zA-Z0-9-_.]. */
export const contentfulEntryId = (itemKey: string, index?: number) => (index === undefined ? `page-${itemKey.slice(0, 48)}` : `cmp-${itemKey.slice(0, 40)}-${index}`);
export const contentfulAssetId = (contentHash: string) => `asset-${contentHash.slice(0, 48)}`;

const link = (linkType: "Entry" | "Asset", id: string) => ({ sys: { type: "Link", linkType, id } });

function fieldFor(page: PreparedPage, def: CfField, value: MappedFieldValue): unknown {
  if (value.value === null || value.value === "") return undefined;
  switch (def.type) {
    case "RichText":
      return htmlToContentfulRichText(value.type === "richtext" ? String(value.value) : `<p>${plainText(value)}</p>`);
    case "Link": {
      if (def.linkType !== "Asset") return undefined;
      const asset = assetFor(page, value);
      return asset?.targetId ? link("Asset", asset.targetId) : undefined;
    }
    case "Array":
      return def.items?.type === "Symbol" ? listValue(value) : undefined;
    case "Boolean":
      return Boolean(value.value);
    case "Integer":
    case "Number":
      return Number(value.value);
    case "Object":
      return value.value;
    default:
      return value.type === "image" ? (assetFor(page, value)?.url ?? String(value.value)) : plainText(value);
  }
}

export function createContentfulAdapter(options: AdapterOptions): TargetAdapter {
  const space = str(options.config, "spaceId");
  const env = str(options.config, "environmentId", "master");
  const base = `${API}/spaces/${encodeURIComponent(space)}/environments/${encodeURIComponent(env)}`;
  const client = new TargetHttpClient({ key: `contentful:${space}`, policy: { requestsPerSecond: CONTENTFUL_RATE_LIMIT }, egress: options.egress, fetch: options.fetch });
  const headers = (extra: Record<string, string> = {}) => ({
    Authorization: `Bearer ${str(options.config, "managementToken")}`,
    "Content-Type": "application/vnd.contentful.management.v1+json",
    ...extra,
  });
  let locale: Promise<string> | null = null;
  const types = new Map<string, Promise<CfContentType | null>>();

  const defaultLocale = () =>
    (locale ??= client.json<{ items: { code: string; default: boolean }[] }>(`${base}/locales`, { headers: headers() }).then((r) => r.items.find((l) => l.default)?.code ?? r.items[0]?.code ?? "en-US"));

  const contentType = (id: string) => {
    let t = types.get(id);
    if (!t) {
      t = client.request(`${base}/content_types/${encodeURIComponent(id)}`, { headers: headers(), accept: [404] }).then(async (r) => (r.ok ? ((await r.json()) as CfContentType) : null));
      types.set(id, t);
    }
    return t;
  };

  async function getEntity(kind: "entries" | "assets", id: string): Promise<CfEntity | null> {
    const res = await client.request(`${base}/${kind}/${id}`, { headers: headers(), accept: [404] });
    return res.ok ? ((await res.json()) as CfEntity) : null;
  }

  /** Creates or replaces an entry with only the fields its content type declares. */
  async function putEntry(id: string, typeId: string, candidates: Record<string, unknown>, loc: string): Promise<{ entity: CfEntity; previous: CfEntity | null }> {
    const type = await contentType(typeId);
    if (!type) throw new Error(`Contentful content type "${typeId}" does not exist in ${space}/${env}`);
    const fields: Record<string, Record<string, unknown>> = {};
    for (const def of type.fields) if (candidates[def.id] !== undefined) fields[def.id] = { [loc]: candidates[def.id] };
    const previous = await getEntity("entries", id);
    const entity = await client.json<CfEntity>(`${base}/entries/${id}`, {
      method: "PUT",
      headers: headers(previous ? { "X-Contentful-Version": String(previous.sys.version) } : { "X-Contentful-Content-Type": typeId }),
      body: JSON.stringify({ fields }),
    });
    return { entity, previous };
  }

  async function publishEntity(kind: "entries" | "assets", id: string) {
    const current = await getEntity(kind, id);
    if (!current) return;
    await client.request(`${base}/${kind}/${id}/published`, { method: "PUT", headers: headers({ "X-Contentful-Version": String(current.sys.version) }) });
  }

  async function deleteEntity(kind: "entries" | "assets", id: string) {
    let current = await getEntity(kind, id);
    if (!current) return;
    // Unpublishing bumps the version: delete with the version it answers.
    if (current.sys.publishedVersion) current = await client.json<CfEntity>(`${base}/${kind}/${id}/published`, { method: "DELETE", headers: headers() });
    await client.request(`${base}/${kind}/${id}`, { method: "DELETE", headers: headers({ "X-Contentful-Version": String(current.sys.version) }), accept: [404] });
  }

  return {
    platform: "contentful",
    capabilities: () => platformCapabilities("contentful", { output: "api", canPublish: true, canListSchema: true, rateLimitPerSecond: CONTENTFUL_RATE_LIMIT }),
    linkPath: (targetPath) => targetPath,
    async testConnection() {
      const res = await client.request(base, { headers: headers(), accept: [401, 403, 404], attempts: 2 });
      return res.ok ? { success: true, message: "Connected to Contentful" } : { success: false, message: "Unable to connect to Contentful" };
    },
    async listSchema(): Promise<SchemaItem[]> {
      const list = await client.json<{ items: CfContentType[] }>(`${base}/content_types?limit=1000`, { headers: headers() });
      return list.items.map((t) => ({ id: t.sys.id, name: t.name, kind: "content-type" as const, fields: t.fields.map((f) => ({ name: f.id, type: f.type })) }));
    },
    async upsertPage(page: PreparedPage): Promise<PageWriteResult> {
      const loc = await defaultLocale();
      const componentLinks: unknown[] = [];
      const previousComponents: (CfEntity | null)[] = [];
      for (const [index, component] of page.components.entries()) {
        const type = await contentType(component.targetId);
        if (!type) throw new Error(`Contentful content type "${component.targetId}" does not exist in ${space}/${env}`);
        const candidates: Record<string, unknown> = {};
        for (const def of type.fields) if (component.fields[def.id]) candidates[def.id] = fieldFor(page, def, component.fields[def.id]);
        const id = contentfulEntryId(page.itemKey, index);
        const { previous } = await putEntry(id, component.targetId, candidates, loc);
        previousComponents.push(previous);
        componentLinks.push(link("Entry", id));
      }
      const pageType = await contentType(page.template.targetId);
      if (!pageType) throw new Error(`Contentful content type "${page.template.targetId}" does not exist in ${space}/${env}`);
      const lead = leadImage(page);
      const candidates: Record<string, unknown> = {
        title: page.title, name: page.title, slug: page.targetPath === "/" ? "/" : page.targetPath.replace(/^\//, ""),
        seoTitle: page.seo.title, metaTitle: page.seo.title, seoDescription: page.seo.description, metaDescription: page.seo.description, description: page.seo.description,
        canonicalUrl: page.seo.canonical ?? undefined, language: page.seo.language ?? undefined,
        ogTitle: page.seo.openGraph["og:title"], ogDescription: page.seo.openGraph["og:description"],
        ogImage: lead?.targetId ? link("Asset", lead.targetId) : undefined, sourceUrl: page.sourceUrl,
      };
      for (const def of pageType.fields) {
        if (page.fields?.[def.id]) candidates[def.id] = fieldFor(page, def, page.fields[def.id]);
        else if (def.type === "Array" && def.items?.linkType === "Entry" && !candidates[def.id] && componentLinks.length) candidates[def.id] = componentLinks;
      }
      const id = contentfulEntryId(page.itemKey);
      const { entity, previous } = await putEntry(id, page.template.targetId, candidates, loc);
      return { targetId: id, targetPath: page.targetPath, version: String(entity.sys.version), created: !previous, previous: previous ? { page: previous, components: previousComponents } : { components: previousComponents }, url: previewUrl(options.config, { slug: page.slug, path: page.targetPath.replace(/^\//, ""), id, locale: loc }) };
    },
    async uploadAsset(asset: AssetInput): Promise<AssetWriteResult> {
      const loc = await defaultLocale();
      const id = contentfulAssetId(asset.contentHash);
      let current = await getEntity("assets", id);
      if (!current) {
        const upload = await client.json<{ sys: { id: string } }>(`${UPLOAD}/spaces/${encodeURIComponent(space)}/uploads`, {
          method: "POST",
          headers: { ...headers(), "Content-Type": "application/octet-stream" },
          body: asset.bytes,
        });
        current = await client.json<CfEntity>(`${base}/assets/${id}`, {
          method: "PUT",
          headers: headers(),
          body: JSON.stringify({ fields: {
            title: { [loc]: asset.alt || asset.filename },
            description: { [loc]: asset.alt },
            file: { [loc]: { contentType: asset.contentType, fileName: asset.filename, uploadFrom: { sys: { type: "Link", linkType: "Upload", id: upload.sys.id } } } },
          } }),
        });
        await client.request(`${base}/assets/${id}/files/${loc}/process`, { method: "PUT", headers: headers({ "X-Contentful-Version": String(current.sys.version) }) });
      }
      // Processing is asynchronous: the asset has a URL once it is done.
      for (let i = 0; i < 20; i++) {
        const file = current?.fields.file?.[loc] as { url?: string } | undefined;
        if (file?.url) return { targetId: id, url: file.url.startsWith("//") ? `https:${file.url}` : file.url };
        await new Promise((r) => setTimeout(r, Math.min(2000, 100 * 2 ** i)));
        current = await getEntity("assets", id);
      }
      throw new Error(`Contentful did not finish processing asset ${id}`);
    },
    async publish(pages, assets) {
      if (flag(options.config, "publishAssets", false)) for (const a of assets) await publishEntity("assets", a.targetId);
      if (!flag(options.config, "publishEntries", false)) return;
      for (const page of pages) {
        const entry = await getEntity("entries", page.targetId);
        const components = Object.values(entry?.fields ?? {}).flatMap((f) => Object.values(f)).flat()
          .filter((v): v is { sys: { linkType: string; id: string } } => typeof v === "object" && v !== null && (v as { sys?: { linkType?: string } }).sys?.linkType === "Entry");
        for (const c of components) await publishEntity("entries", c.sys.id);
        await publishEntity("entries", page.targetId);
      }
    },
    async rollback(write: RecordedWrite) {
      if (write.kind === "asset") {
        await deleteEntity("assets", write.targetId);
        return;
      }
      const previous = write.previous as { page?: CfEntity; components: (CfEntity | null)[] } | null;
      const restore = async (id: string, before: CfEntity | null | undefined) => {
        if (!before) return deleteEntity("entries", id);
        const current = await getEntity("entries", id);
        if (!current) return;
        await client.request(`${base}/entries/${id}`, { method: "PUT", headers: headers({ "X-Contentful-Version": String(current.sys.version) }), body: JSON.stringify({ fields: before.fields }) });
      };
      await restore(write.targetId, write.action === "create" ? null : previous?.page);
      for (const [index, before] of (previous?.components ?? []).entries()) await restore(contentfulEntryId(write.targetId.slice("page-".length), index), before);
    },
  };
}
