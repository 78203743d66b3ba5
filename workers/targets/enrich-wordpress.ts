/**
 * Enrich changes for WordPress: the meta title and description into the SEO plugin's fields, else the
 * description into the page excerpt; alt text into the media item and the page's image blocks. A media
 * item is shared by every page that shows it, so its rollback is guarded like every field (enrich-revert.ts).
 */
import { str, trimSlash, type AdapterOptions } from "./adapters/options";
import type { EnrichWriteResult, TargetEnricher } from "./enrich";
import { applied, unsupported } from "./enrich-outcomes";
import { gone, guardEach, type GuardedValue, type RevertOutcome, unchecked, UNRECORDED } from "./enrich-revert";
import { TargetHttpClient, basicAuth } from "./http-client";
import { setImageAlt } from "./image-alt";
import { detectSeoPlugin, type WordPressSeoPlugin } from "./wordpress-seo";

interface WpPageEdit {
  id: number;
  content: { raw?: string; rendered: string };
  excerpt?: { raw?: string; rendered: string };
  meta?: Record<string, unknown>;
}

interface WpMedia { id: number; alt_text: string; source_url: string }

/** The page before an apply, and the alt text of each media item it changed. */
interface WpPrevious { content: string; excerpt: string | null; meta: Record<string, unknown>; media: Record<string, string> }

/**
 * What an apply wrote: the excerpt and meta values sent, each media item's alt text as WordPress
 * answered it, and the page content as saved. `content` is absent in applies recorded before rollbacks
 * were guarded: their content is restored unchecked (where `contentChanged`), as it was then.
 */
interface WpAfter { excerpt?: string; meta?: Record<string, string>; media?: Record<string, string>; contentChanged?: boolean; content?: string }

const CONTENT = "page content (the alt text of its image blocks)";
const EXCERPT = "page excerpt";
const mediaAlt = (id: string) => `alt text of media ${id}`;
const metaField = (key: string) => `SEO field ${key}`;
const raw = (field: { raw?: string; rendered: string } | undefined) => (field ? field.raw ?? field.rendered : null);

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
  const setMediaAlt = (id: string, alt: string) => client.json<WpMedia | null>(`${base}/media/${id}`, { method: "POST", headers: post, body: JSON.stringify({ alt_text: alt }), accept: [404] });
  const setPage = (id: string, body: Record<string, unknown>) => client.request(`${base}/pages/${id}`, { method: "POST", headers: post, body: JSON.stringify(body), accept: [404] });
  /** The JSON at `url`, or null where WordPress answers 404 (deleted since). */
  const read = async <T>(url: string): Promise<T | null> => {
    const res = await client.request(url, { headers, accept: [404] });
    return res.ok ? ((await res.json()) as T) : null;
  };

  /** Today's rollback for an apply without its `after` record: the old state written back whole. */
  async function revertUnchecked(targetId: string, prev: WpPrevious): Promise<RevertOutcome[]> {
    const outcomes: RevertOutcome[] = [];
    for (const [id, alt] of Object.entries(prev.media ?? {})) {
      await setMediaAlt(id, alt);
      outcomes.push(unchecked(mediaAlt(id)));
    }
    const body: Record<string, unknown> = { content: prev.content };
    if (prev.excerpt !== null) body.excerpt = prev.excerpt;
    if (Object.keys(prev.meta ?? {}).length) body.meta = prev.meta;
    await setPage(targetId, body);
    outcomes.push(unchecked(CONTENT), ...(prev.excerpt !== null ? [unchecked(EXCERPT)] : []), ...Object.keys(prev.meta ?? {}).map((key) => unchecked(metaField(key))));
    return outcomes;
  }

  return {
    async apply(item, changes) {
      const page = await client.json<WpPageEdit>(`${base}/pages/${item.targetId}?context=edit`, { headers });
      const seo = await seoPlugin();
      const content = raw(page.content)!;
      const previous: WpPrevious = { content, excerpt: raw(page.excerpt), meta: {}, media: {} };
      const body: { content?: string; excerpt?: string; meta?: Record<string, string> } = {};
      const media: Record<string, string> = {};
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
          const medium = await client.json<WpMedia>(`${base}/media/${change.asset.targetId}?context=edit`, { headers });
          previous.media[change.asset.targetId] = medium.alt_text;
          const saved = await client.json<WpMedia | null>(`${base}/media/${medium.id}`, { method: "POST", headers: post, body: JSON.stringify({ alt_text: change.value }) });
          // WordPress strips tags from alt text: the rollback compares with the text it kept.
          media[change.asset.targetId] = typeof saved?.alt_text === "string" ? saved.alt_text : change.value;
          // The page's image blocks show the medium by its class wp-image-ID, or by its URL.
          const byClass = new RegExp(`(?:^|\\s)wp-image-${medium.id}(?:\\s|$)`);
          const set = setImageAlt(html, (attr) => byClass.test(attr("class") ?? "") || attr("src") === medium.source_url, change.value);
          html = set.html;
          outcomes.push(applied(`media ${medium.id} alt text${set.count ? ` and ${set.count} image block${set.count === 1 ? "" : "s"}` : ""}`));
        } else {
          outcomes.push(unsupported(`WordPress pages have no ${change.field} field`));
        }
      }
      if (html !== content) body.content = html;
      let savedContent: string | undefined;
      if (Object.keys(body).length) {
        const saved = await client.json<WpPageEdit>(`${base}/pages/${item.targetId}?context=edit`, { method: "POST", headers: post, body: JSON.stringify(body) });
        for (const v of verify) if (v.read(saved) !== v.value) outcomes[v.index] = unsupported(v.refusal);
        if (body.content !== undefined) savedContent = raw(saved.content) ?? html;
      }
      const after: WpAfter = { excerpt: body.excerpt, meta: body.meta, media, contentChanged: html !== content, content: savedContent };
      return { outcomes, previous, after };
    },

    shared(previous, after) {
      const prev = previous as WpPrevious | null;
      const wrote = after as WpAfter | null | undefined;
      const media = wrote?.media ?? {};
      return Object.entries(prev?.media ?? {}).filter(([id]) => media[id] !== undefined).map(([id, old]) => ({ item: mediaAlt(id), old, written: media[id] }));
    },

    async revert(item, previous, after, restoreTo) {
      const prev = previous as WpPrevious;
      const wrote = after as WpAfter | null | undefined;
      if (!wrote) return revertUnchecked(item.targetId, prev);
      const outcomes: RevertOutcome[] = [];
      const media: GuardedValue<string>[] = [];
      for (const [id, alt] of Object.entries(prev.media ?? {})) {
        const written = wrote.media?.[id];
        const medium = await read<WpMedia>(`${base}/media/${id}?context=edit`);
        if (!medium) outcomes.push(gone(mediaAlt(id)));
        else media.push({ key: id, item: mediaAlt(id), now: medium.alt_text, written: written === undefined ? UNRECORDED : written, recorded: alt });
      }
      // A media item is shared: its old value may be one an earlier apply wrote and was rolled back since.
      const alts: [string, string][] = [];
      outcomes.push(...guardEach(media, (id, old) => alts.push([id, String(old ?? "")]), restoreTo).outcomes);
      for (const [id, alt] of alts) await setMediaAlt(id, alt);
      // The page's values the apply wrote, each with what it holds now and its old value.
      const fields: Array<{ name: string; key: "content" | "excerpt" | `meta:${string}`; written: unknown; old: unknown; now: (p: WpPageEdit) => unknown }> = [];
      if (wrote.contentChanged) fields.push({ name: CONTENT, key: "content", written: wrote.content, old: prev.content, now: (p) => raw(p.content) });
      if (wrote.excerpt !== undefined) fields.push({ name: EXCERPT, key: "excerpt", written: wrote.excerpt, old: prev.excerpt, now: (p) => raw(p.excerpt) });
      for (const [key, old] of Object.entries(prev.meta ?? {})) fields.push({ name: metaField(key), key: `meta:${key}`, written: wrote.meta?.[key], old, now: (p) => p.meta?.[key] });
      if (!fields.length) return outcomes;
      const page = await read<WpPageEdit>(`${base}/pages/${item.targetId}?context=edit`);
      if (!page) return [...outcomes, ...fields.map((f) => gone(f.name))];
      const body: { content?: unknown; excerpt?: unknown; meta?: Record<string, unknown> } = {};
      // Content written by an apply recorded before rollbacks were guarded has no record: restored unchecked, as then.
      const values = fields.map((f) => ({ key: f.key, item: f.name, now: f.now(page), written: f.written === undefined ? UNRECORDED : f.written, recorded: f.old }));
      const guarded = guardEach(values, (key, old) => {
        if (key === "content" || key === "excerpt") body[key] = old;
        else body.meta = { ...body.meta, [key.slice(5)]: old };
      });
      outcomes.push(...guarded.outcomes);
      if (guarded.changed) await setPage(item.targetId, body);
      return outcomes;
    },
  };
}
