/**
 * Sanity through its HTTP API (https://<projectId>.api.sanity.io/v<apiVersion>) with a bearer token:
 * documents are written with `createOrReplace` under a deterministic `_id`, rich text as Portable Text,
 * images uploaded to /assets/images/<dataset>. Mutation limit: 25 requests/s. Sanity renders no pages:
 * a written page has a URL only where the site's preview settings say where its front end shows it.
 */
import { TargetHttpClient } from "../http-client";
import { assetFor, leadImage, scalarValue } from "../fields";
import { htmlToPortableTextBlocks } from "../richtext/portable-text";
import type { AssetInput, AssetWriteResult, MappedFieldValue, PageWriteResult, PreparedPage, RecordedWrite, TargetAdapter } from "../types";
import { platformCapabilities } from "./capabilities";
import { type AdapterOptions, previewUrl, str } from "./options";

export const SANITY_RATE_LIMIT = 25;
export const SANITY_DEFAULT_API_VERSION = "2025-02-19";

/** Sanity document ids: letters, digits, `-`, `_` and `.` (a dot makes a path, so none here). */
export const sanityDocumentId = (itemKey: string) => `migrated-${itemKey.slice(0, 48)}`;

type SanityDoc = Record<string, unknown> & { _id: string; _type: string };

/** The document's `slug.current`: the page's path without its leading slash, `/` for the home page. */
export const sanitySlug = (page: PreparedPage) => (page.targetPath === "/" ? "/" : page.targetPath.replace(/^\//, ""));

function imageRefs(page: PreparedPage): (src: string) => string | null {
  const bySrc = new Map<string, string>();
  for (const a of Object.values(page.assetRefs)) if (a.targetId) bySrc.set(a.url, a.targetId);
  return (src) => bySrc.get(src) ?? null;
}

function value(page: PreparedPage, field: MappedFieldValue): unknown {
  switch (field.type) {
    case "richtext":
      return htmlToPortableTextBlocks(String(field.value ?? ""), imageRefs(page));
    case "image": {
      const asset = assetFor(page, field);
      if (!asset) return null;
      return asset.targetId ? { _type: "image", asset: { _type: "reference", _ref: asset.targetId }, alt: asset.alt || field.alt || "" } : { _type: "image", src: asset.url, alt: asset.alt };
    }
    default:
      return scalarValue(field);
  }
}

/** The document of a page: its template type, slug, SEO object and components as typed array members. */
export function sanityDocument(page: PreparedPage): SanityDoc {
  const lead = leadImage(page);
  const doc: SanityDoc = {
    _id: sanityDocumentId(page.itemKey),
    _type: page.template.targetId || "page",
    title: page.title,
    slug: { _type: "slug", current: sanitySlug(page) },
    seo: {
      _type: "seo",
      title: page.seo.title,
      description: page.seo.description,
      canonical: page.seo.canonical,
      language: page.seo.language,
      openGraph: { title: page.seo.openGraph["og:title"] ?? null, description: page.seo.openGraph["og:description"] ?? null, image: lead?.targetId ? { _type: "image", asset: { _type: "reference", _ref: lead.targetId } } : null },
    },
    sourceUrl: page.sourceUrl,
    content: page.components.map((c, i) => ({
      _type: c.targetId,
      _key: `c${i}`,
      ...Object.fromEntries(Object.entries(c.fields).map(([k, f]) => [k, value(page, f)])),
    })),
  };
  for (const [k, f] of Object.entries(page.fields ?? {})) doc[k] = value(page, f);
  return doc;
}

export function createSanityAdapter(options: AdapterOptions): TargetAdapter {
  const projectId = str(options.config, "projectId");
  const dataset = str(options.config, "dataset", "production");
  const version = str(options.config, "apiVersion", SANITY_DEFAULT_API_VERSION).replace(/^v/, "");
  const base = `https://${encodeURIComponent(projectId)}.api.sanity.io/v${version}`;
  const client = new TargetHttpClient({ key: `sanity:${projectId}`, policy: { requestsPerSecond: SANITY_RATE_LIMIT, writesOnly: true }, egress: options.egress, fetch: options.fetch });
  const headers = { Authorization: `Bearer ${str(options.config, "token")}`, "Content-Type": "application/json" };

  const mutate = (mutations: unknown[]) =>
    client.json<{ transactionId: string; results: { id: string; operation: string }[] }>(`${base}/data/mutate/${encodeURIComponent(dataset)}?returnIds=true`, { method: "POST", headers, body: JSON.stringify({ mutations }) });

  async function getDoc(id: string): Promise<SanityDoc | null> {
    const res = await client.json<{ documents: SanityDoc[] }>(`${base}/data/doc/${encodeURIComponent(dataset)}/${encodeURIComponent(id)}`, { headers });
    return res.documents[0] ?? null;
  }

  return {
    platform: "sanity",
    capabilities: () => platformCapabilities("sanity", { output: "api", canPublish: false, canListSchema: false, rateLimitPerSecond: SANITY_RATE_LIMIT }),
    linkPath: (targetPath) => targetPath,
    async testConnection() {
      const query = encodeURIComponent('count(*[_type == "sanity.imageAsset"])');
      const res = await client.request(`${base}/data/query/${encodeURIComponent(dataset)}?query=${query}`, { headers, accept: [401, 403, 404], attempts: 2 });
      return res.ok ? { success: true, message: "Connected to Sanity" } : { success: false, message: "Unable to connect to Sanity" };
    },
    // Sanity's schema lives in the Studio's code, not in the Content Lake.
    async listSchema() {
      return [];
    },
    async upsertPage(page: PreparedPage): Promise<PageWriteResult> {
      const doc = sanityDocument(page);
      const previous = await getDoc(doc._id);
      await mutate([{ createOrReplace: doc }]);
      // {slug} is the slug the front end looks the document up by; {locale} the page's language, as Sanity keeps no locale of its own.
      const url = previewUrl(options.config, { slug: sanitySlug(page), path: page.targetPath.replace(/^\//, ""), id: doc._id, locale: page.seo.language ?? "" });
      return { targetId: doc._id, targetPath: page.targetPath, version: null, created: !previous, previous, url };
    },
    async uploadAsset(asset: AssetInput): Promise<AssetWriteResult> {
      const res = await client.json<{ document: { _id: string; url: string } }>(`${base}/assets/images/${encodeURIComponent(dataset)}?filename=${encodeURIComponent(asset.filename)}${asset.alt ? `&description=${encodeURIComponent(asset.alt)}` : ""}`, {
        method: "POST",
        headers: { Authorization: headers.Authorization, "Content-Type": asset.contentType },
        body: asset.bytes,
      });
      return { targetId: res.document._id, url: res.document.url };
    },
    // Documents are written under their published id: there is no separate publish step.
    async publish() {},
    async rollback(write: RecordedWrite) {
      if (write.kind === "asset" || write.action === "create") {
        await client.request(`${base}/data/mutate/${encodeURIComponent(dataset)}`, { method: "POST", headers, body: JSON.stringify({ mutations: [{ delete: { id: write.targetId } }] }), accept: [409] });
      } else if (write.previous) {
        const prev = write.previous as SanityDoc;
        const restored = Object.fromEntries(Object.entries(prev).filter(([k]) => !["_rev", "_createdAt", "_updatedAt"].includes(k)));
        await mutate([{ createOrReplace: restored }]);
      }
    },
  };
}
