/**
 * Writing reviewed Enrich changes (meta title and description, image alt text, language, summary,
 * tags) into pages a migration already wrote, and undoing them. One enricher per platform that takes
 * them; each returns the platform's state before the change so a rollback can restore it.
 */
import type { EnrichField } from "../contracts/enrich";
import { TargetHttpClient, basicAuth } from "./http-client";
import { isExportBundlePlatform } from "./registry";
import { createAemEnricher } from "./enrich-aem";
import { createContentfulEnricher, createMagnoliaEnricher, createSanityEnricher, createStoryblokEnricher } from "./enrich-platforms";
import { str, trimSlash, type AdapterOptions } from "./adapters/options";
import { applied, unsupported } from "./enrich-outcomes";
import { setImageAlt } from "./image-alt";
import { detectSeoPlugin, type WordPressSeoPlugin } from "./wordpress-seo";

export interface EnrichChangeInput {
  field: EnrichField;
  /** The image's source address for alt text; "" for page fields. */
  target: string;
  value: string;
  /** For alt text: the image as the target holds it (media id, asset URL), when the run uploaded it. */
  asset?: { targetId: string; url: string } | null;
}

/** The page in the target, as the migration recorded it (target_items). */
export interface EnrichItem {
  targetId: string;
  targetPath: string;
  /** The run that last wrote the page (export bundles live under it). */
  migrationId: string | null;
}

export interface EnrichWriteResult {
  /** Per change, in order: written, or why the platform does not take it. */
  outcomes: Array<{ status: "applied" | "unsupported"; message: string }>;
  /** The platform's state before the write (null when nothing was written). */
  previous: unknown;
  after: unknown;
}

export interface TargetEnricher {
  apply(item: EnrichItem, changes: EnrichChangeInput[]): Promise<EnrichWriteResult>;
  revert(item: EnrichItem, previous: unknown): Promise<void>;
}

interface WpPageEdit {
  id: number;
  content: { raw?: string; rendered: string };
  excerpt?: { raw?: string; rendered: string };
  meta?: Record<string, unknown>;
}


/**
 * WordPress: the meta title and description into the SEO plugin's fields when Yoast SEO or Rank Math
 * answers, else the description into the page excerpt where pages have one; alt text into the media
 * item and the page's image blocks. Language, summary and tags have no page field in WordPress core.
 */
export function createWordPressEnricher(options: AdapterOptions): TargetEnricher {
  const rest = trimSlash(str(options.config, "restUrl"));
  const base = `${rest}/wp/v2`;
  const auth = basicAuth(str(options.config, "username"), str(options.config, "applicationPassword"));
  const client = new TargetHttpClient({ key: `wordpress:${base}`, policy: { requestsPerSecond: 20, burst: 5 }, egress: options.egress, fetch: options.fetch });
  const headers = { Authorization: auth, Accept: "application/json" };
  const post = { ...headers, "Content-Type": "application/json" };
  let plugin: Promise<WordPressSeoPlugin | null> | null = null;
  const seoPlugin = () => (plugin ??= detectSeoPlugin(client, rest, headers));

  return {
    async apply(item, changes) {
      const page = await client.json<WpPageEdit>(`${base}/pages/${item.targetId}?context=edit`, { headers });
      const seo = await seoPlugin();
      const content = page.content.raw ?? page.content.rendered;
      const previous = { content, excerpt: page.excerpt ? page.excerpt.raw ?? page.excerpt.rendered : null, meta: {} as Record<string, unknown>, media: {} as Record<string, string> };
      const body: { content?: string; excerpt?: string; meta?: Record<string, string> } = {};
      const outcomes: EnrichWriteResult["outcomes"] = [];
      // WordPress ignores meta keys no plugin registered for REST: what was written is read back from the answer.
      const verify: Array<{ index: number; read: (saved: WpPageEdit) => unknown; value: string; refusal: string }> = [];
      let html = content;
      for (const change of changes) {
        if (change.field === "metaTitle" || change.field === "metaDescription") {
          const key = seo ? (change.field === "metaTitle" ? seo.title : seo.description) : null;
          if (seo && key) {
            previous.meta[key] = page.meta?.[key] ?? "";
            body.meta = { ...body.meta, [key]: change.value };
            verify.push({ index: outcomes.length, read: (saved) => saved.meta?.[key], value: change.value, refusal: `${seo.name} does not let the REST API write ${key} on this site` });
            outcomes.push(applied(`${seo.name} ${change.field === "metaTitle" ? "SEO title" : "meta description"}`));
          } else if (change.field === "metaDescription" && page.excerpt) {
            body.excerpt = change.value;
            verify.push({ index: outcomes.length, read: (saved) => saved.excerpt?.raw, value: change.value, refusal: "WordPress did not keep the excerpt" });
            outcomes.push(applied("page excerpt (no SEO plugin answers)"));
          } else {
            outcomes.push(unsupported(change.field === "metaTitle" ? "WordPress keeps a meta title only in an SEO plugin (Yoast SEO or Rank Math), and none answers" : "No SEO plugin answers and this WordPress's pages have no excerpt"));
          }
        } else if (change.field === "imageAlt") {
          if (!change.asset || !/^\d+$/.test(change.asset.targetId)) {
            outcomes.push(unsupported("The image was not uploaded to the media library (it kept its source address)"));
            continue;
          }
          const media = await client.json<{ id: number; alt_text: string; source_url: string }>(`${base}/media/${change.asset.targetId}?context=edit`, { headers });
          previous.media[change.asset.targetId] = media.alt_text;
          await client.request(`${base}/media/${media.id}`, { method: "POST", headers: post, body: JSON.stringify({ alt_text: change.value }) });
          // The page's image blocks show the medium by its class wp-image-ID, or by its URL.
          const byClass = new RegExp(`(?:^|\\s)wp-image-${media.id}(?:\\s|$)`);
          const set = setImageAlt(html, (attr) => byClass.test(attr("class") ?? "") || attr("src") === media.source_url, change.value);
          html = set.html;
          outcomes.push(applied(`media ${media.id} alt text${set.count ? ` and ${set.count} image block${set.count === 1 ? "" : "s"}` : ""}`));
        } else {
          outcomes.push(unsupported(`WordPress pages have no ${change.field} field`));
        }
      }
      if (html !== content) body.content = html;
      if (Object.keys(body).length) {
        const saved = await client.json<WpPageEdit>(`${base}/pages/${item.targetId}?context=edit`, { method: "POST", headers: post, body: JSON.stringify(body) });
        for (const v of verify) if (v.read(saved) !== v.value) outcomes[v.index] = unsupported(v.refusal);
      }
      return { outcomes, previous, after: { excerpt: body.excerpt, meta: body.meta, media: Object.fromEntries(changes.filter((c) => c.field === "imageAlt" && c.asset).map((c) => [c.asset!.targetId, c.value])), contentChanged: html !== content } };
    },
    async revert(item, previous) {
      const prev = previous as { content: string; excerpt: string | null; meta: Record<string, string>; media: Record<string, string> };
      for (const [id, alt] of Object.entries(prev.media ?? {})) {
        await client.request(`${base}/media/${id}`, { method: "POST", headers: post, body: JSON.stringify({ alt_text: alt }), accept: [404] });
      }
      const body: Record<string, unknown> = { content: prev.content };
      if (prev.excerpt !== null) body.excerpt = prev.excerpt;
      if (Object.keys(prev.meta ?? {}).length) body.meta = prev.meta;
      await client.request(`${base}/pages/${item.targetId}`, { method: "POST", headers: post, body: JSON.stringify(body), accept: [404] });
    },
  };
}

/**
 * Export bundles: the changes go into the page's JSON document in the bundle (its `seo` block, the
 * alt text of its images, an `enrichment` block for summary and tags); the ZIP is rebuilt afterwards.
 */
export function createBundleEnricher(options: AdapterOptions): TargetEnricher {
  const key = (item: EnrichItem) => `targets/${item.migrationId}/bundle/${item.targetId}`;
  return {
    async apply(item, changes) {
      const bucket = options.bucket;
      const obj = item.migrationId && bucket ? await bucket.get(key(item)) : null;
      if (!bucket || !obj) return { outcomes: changes.map(() => unsupported("The page's document is not in the export bundle")), previous: null, after: null };
      const before = await obj.text();
      const doc = JSON.parse(before) as Record<string, unknown> & { seo?: Record<string, unknown> };
      const seo = { ...(doc.seo ?? {}) };
      const enrichment = { ...((doc.enrichment as Record<string, unknown>) ?? {}) };
      const alts: Record<string, string> = { ...((enrichment.imageAlt as Record<string, string>) ?? {}) };
      const outcomes: EnrichWriteResult["outcomes"] = [];
      let text = JSON.stringify(doc);
      for (const c of changes) {
        if (c.field === "metaTitle") seo.title = c.value;
        else if (c.field === "metaDescription") seo.description = c.value;
        else if (c.field === "language") seo.language = c.value;
        else if (c.field === "summary") enrichment.summary = c.value;
        else if (c.field === "tags") enrichment.tags = c.value.split(",").map((t) => t.trim()).filter(Boolean);
        else if (c.field === "imageAlt") alts[c.target] = c.value;
        outcomes.push(applied(c.field === "imageAlt" ? "image alt text in the page document" : `${c.field} in the page document`));
      }
      if (Object.keys(alts).length) enrichment.imageAlt = alts;
      const next = JSON.parse(text) as Record<string, unknown>;
      next.seo = seo;
      next.enrichment = enrichment;
      // Image values that name the source address carry their alt text beside it.
      text = JSON.stringify(next, (_k, v: unknown) => {
        if (v && typeof v === "object" && !Array.isArray(v) && typeof (v as { sourceUrl?: unknown }).sourceUrl === "string" && "alt" in (v as object)) {
          const alt = alts[(v as { sourceUrl: string }).sourceUrl];
          return alt === undefined ? v : { ...(v as object), alt };
        }
        return v;
      }, 2);
      await bucket.put(key(item), text, { httpMetadata: { contentType: "application/json" } });
      return { outcomes, previous: before, after: { seo, enrichment } };
    },
    async revert(item, previous) {
      if (typeof previous === "string" && options.bucket) await options.bucket.put(key(item), previous, { httpMetadata: { contentType: "application/json" } });
    },
  };
}

/** The enricher of a platform, or null when it takes no Enrich changes yet. */
export function createTargetEnricher(platform: string, options: AdapterOptions): TargetEnricher | null {
  if (platform === "wordpress") return createWordPressEnricher(options);
  if (platform === "sanity") return createSanityEnricher(options);
  if (platform === "storyblok") return createStoryblokEnricher(options);
  if (platform === "contentful") return createContentfulEnricher(options);
  if (platform === "magnolia") return createMagnoliaEnricher(options);
  if (platform === "aem") return createAemEnricher(options);
  if (isExportBundlePlatform(platform)) return createBundleEnricher(options);
  return null;
}
