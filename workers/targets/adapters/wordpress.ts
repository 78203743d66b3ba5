/**
 * WordPress through its REST API (wp/v2) with an application password (HTTP basic auth).
 * Pages are written with Gutenberg block markup: one group block per component holding core blocks;
 * images go to the media library with alt text; the first image becomes the featured image.
 */
import { escapeText } from "../../lib/escape";
import { AssetRefusedError } from "../assets";
import { TargetHttpClient, basicAuth } from "../http-client";
import { assetFor, leadImage, listValue, pathSegments, plainText, slugify } from "../fields";
import { gutenbergHeading, gutenbergImage, gutenbergLink, htmlToGutenberg } from "../richtext/gutenberg";
import type {
  AssetInput, AssetWriteResult, ConnectionResult, ExistingItem, MappedComponent, MappedFieldValue, PageMetadataRecord, PageWriteResult, PreparedPage,
  RecordedWrite, SchemaItem, TargetAdapter, TargetCapabilities,
} from "../types";
import { platformCapabilities } from "./capabilities";
import { type AdapterOptions, str, trimSlash } from "./options";
import { detectSeoPlugin, type WordPressSeoPlugin } from "../wordpress-seo";
import { tokenF1 } from "../../crawl/main-content/tokens";

interface WpPage {
  id: number;
  slug: string;
  parent: number;
  status: string;
  link: string;
  title: { raw?: string; rendered: string };
  content: { raw?: string; rendered: string };
  featured_media: number;
  /** Present only where pages support excerpts (a theme or plugin adds them; core pages have none). */
  excerpt?: { raw?: string; rendered: string };
  /** Post meta registered for REST (an SEO plugin's fields). */
  meta?: Record<string, unknown>;
  /** Publication date in the site's time zone and in GMT ("2024-03-05T10:00:00"). */
  date?: string;
  date_gmt?: string;
  /** The author's user id. */
  author?: number;
}

/**
 * The page's publication date as WordPress takes it: a moment with its zone as `date_gmt`, a day or a
 * local time as `date` (the site's time zone). Null for what WordPress would read as a schedule (a
 * date in the future) or cannot read.
 */
export function wordpressDate(value: string, now = new Date()): { date?: string; date_gmt?: string } | null {
  const day = /^(\d{4}-\d{2}-\d{2})$/.exec(value);
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(?:\.\d+)?$/.exec(value);
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(value);
  let out: { date?: string; date_gmt?: string } | null = null;
  let moment: number;
  if (day) {
    out = { date: `${day[1]}T00:00:00` };
    moment = Date.parse(`${day[1]}T00:00:00Z`);
  } else if (local) {
    out = { date: `${local[1]}T${local[2]}${local[3] ?? ":00"}` };
    moment = Date.parse(`${out.date}Z`);
  } else if (zoned) {
    moment = Date.parse(value);
    if (Number.isNaN(moment)) return null;
    out = { date_gmt: new Date(moment).toISOString().slice(0, 19) };
  } else return null;
  return Number.isNaN(moment) || moment > now.getTime() + 24 * 3_600_000 ? null : out;
}

/** Whether the saved page kept the publication moment that was asked, to the minute. */
const keptDate = (saved: Pick<WpPage, "date" | "date_gmt">, asked: { date?: string; date_gmt?: string }) =>
  asked.date_gmt ? saved.date_gmt?.slice(0, 16) === asked.date_gmt.slice(0, 16) : saved.date?.slice(0, 16) === asked.date?.slice(0, 16);

const TITLE_FIELDS = /^(title|heading|headline|name)$/i;

/** Gutenberg markup of one component: its fields in order inside a group block. */
export function componentMarkup(page: PreparedPage, component: MappedComponent): string {
  const inner: string[] = [];
  for (const [name, field] of Object.entries(component.fields)) {
    if (field.value === null || field.value === "") continue;
    if (field.type === "richtext") inner.push(htmlToGutenberg(String(field.value)));
    else if (field.type === "image") {
      const asset = assetFor(page, field);
      if (asset) inner.push(gutenbergImage(asset.url, asset.alt || field.alt || "", asset.targetId));
    } else if (field.type === "link") inner.push(gutenbergLink(String(field.value), field.alt || String(field.value)));
    else if (field.type === "list") {
      const items = listValue(field).map((i) => `<li>${escapeText(i)}</li>`).join("");
      inner.push(`<!-- wp:list -->\n<ul>${items}</ul>\n<!-- /wp:list -->`);
    } else if (TITLE_FIELDS.test(name)) inner.push(gutenbergHeading(plainText(field)));
    else inner.push(`<!-- wp:paragraph -->\n<p>${escapeText(plainText(field))}</p>\n<!-- /wp:paragraph -->`);
  }
  const className = `cmp-${slugify(component.targetId || component.definition, "component")}`;
  return `<!-- wp:group {"className":"${className}"} -->\n<div class="wp-block-group ${className}">\n${inner.join("\n\n")}\n</div>\n<!-- /wp:group -->`;
}

/**
 * The share of the words of the template's rich-text fields (the page's main content) that its
 * components must hold to stand for the page in its content.
 */
export const COMPONENTS_COVER = 0.8;

/** A field's words, with every tag a word boundary ("<h2>Intro</h2><p>See" is "Intro See"). */
const wordsOf = (f: MappedFieldValue) => plainText(f.type === "richtext" && f.value !== null ? { ...f, value: String(f.value).replace(/</g, " <") } : f);

/** How much of the rich-text fields' words the components hold (1 when the fields are empty). */
export function componentCoverage(page: PreparedPage): number {
  const body = richTextFields(page).map(wordsOf).join(" ");
  if (!body.trim()) return 1;
  const held = page.components.flatMap((c) => Object.values(c.fields).map(wordsOf)).join(" ");
  return tokenF1(held, body).recall;
}

/** Why a page's content was written from its main content, not its components. */
export const contentNote = (components: number, coverage: number) =>
  `the page's main content (its ${components === 1 ? "component" : `${components} components`} held ${Math.round(coverage * 100)}% of its words)`;

const richTextFields = (page: PreparedPage) => Object.values(page.fields ?? {}).filter((f) => f.type === "richtext" && f.value !== null && String(f.value).trim() !== "");

/**
 * The page's block markup: its components in order. A page without components carries its content in
 * its template's rich-text fields (a body mapped from the page's main content): those are written
 * instead. With components they are left out, since the main content repeats the components' text;
 * unless the components hold less than COMPONENTS_COVER of it (a selector that caught a teaser or a
 * box beside the article): WordPress keeps one body per page, and the whole article goes there.
 */
export function pageMarkup(page: PreparedPage, coverage = componentCoverage(page)): string {
  if (page.components.length && coverage >= COMPONENTS_COVER) return page.components.map((c) => componentMarkup(page, c)).join("\n\n");
  return richTextFields(page)
    .map((f) => htmlToGutenberg(String(f.value)))
    .join("\n\n");
}

/**
 * What of the page's metadata WordPress kept, read back from its answer (it silently drops meta keys no
 * plugin registered and the excerpt where pages have none), and what had no place there.
 */
export function metadataOutcome(
  page: PreparedPage,
  saved: Pick<WpPage, "excerpt" | "meta" | "date" | "date_gmt" | "author">,
  seo: WordPressSeoPlugin | null,
  featured: boolean,
  author: AuthorOutcome | null = null,
  coverage = componentCoverage(page),
): PageMetadataRecord {
  const written: string[] = ["title"];
  const noPlace: string[] = [];
  const published = page.seo.published;
  if (published) {
    const asked = wordpressDate(published.value);
    if (asked && keptDate(saved, asked)) written.push(`publication date ${published.value.slice(0, 10)} (from ${published.provenance})`);
    else noPlace.push(`publication date (${published.value}): ${asked ? "WordPress did not keep it" : "WordPress would schedule a page dated in the future, or cannot read this date"}`);
  }
  if (page.seo.modified) noPlace.push(`modification date (${page.seo.modified.value}): WordPress sets it itself when the page is saved`);
  if (page.seo.author) {
    if (author?.id !== undefined && author.id !== null && saved.author === author.id) written.push(`author ${author.name} (from ${page.seo.author.provenance})`);
    else noPlace.push(`author (${page.seo.author.value}): ${author?.reason ?? "WordPress did not keep it"}`);
    if (author?.others.length) noPlace.push(`co-authors (${author.others.join(", ")}): WordPress keeps one author per page`);
  }
  const description = page.seo.description.trim();
  const seoTitle = page.seo.title.trim();
  if (description) {
    if (seo) {
      if (saved.meta?.[seo.description] === description) written.push(`meta description (${seo.name})`);
      else noPlace.push(`meta description: ${seo.name} does not let the REST API write ${seo.description} on this site`);
    } else if (saved.excerpt && (saved.excerpt.raw ?? "").trim() === description) written.push("meta description (page excerpt)");
    else noPlace.push("meta description: no SEO plugin (Yoast SEO or Rank Math) answers, and this WordPress's pages have no excerpt");
  }
  if (seoTitle && seoTitle !== page.title) {
    if (seo && saved.meta?.[seo.title] === seoTitle) written.push(`SEO title (${seo.name})`);
    else noPlace.push(seo ? `SEO title: ${seo.name} does not let the REST API write ${seo.title} on this site` : "SEO title: WordPress keeps one only in an SEO plugin (Yoast SEO or Rank Math), and none answers");
  }
  if (featured) written.push("featured image");
  if (page.seo.openGraph["og:image"] && !featured) noPlace.push("Open Graph image: it was not uploaded, so it cannot be the featured image");
  if (page.seo.language) noPlace.push(`language (${page.seo.language}): WordPress keeps one language for the whole site`);
  if (!page.components.length || coverage >= COMPONENTS_COVER) return { written, noPlace };
  return { written, noPlace, content: contentNote(page.components.length, coverage) };
}

/** Which WordPress user a page's author became, or why none. */
export interface AuthorOutcome {
  id: number | null;
  name: string;
  /** Co-authors after the first, who have no place. */
  others: string[];
  reason?: string;
}

export function createWordPressAdapter(options: AdapterOptions): TargetAdapter {
  const base = `${trimSlash(str(options.config, "restUrl"))}/wp/v2`;
  const auth = basicAuth(str(options.config, "username"), str(options.config, "applicationPassword"));
  // Self-hosted: no documented limit; keep a polite pace so a migration never floods a shared host.
  const client = new TargetHttpClient({ key: `wordpress:${base}`, policy: { requestsPerSecond: 20, burst: 5 }, egress: options.egress, fetch: options.fetch });
  const headers = (extra: Record<string, string> = {}) => ({ Authorization: auth, Accept: "application/json", ...extra });
  const json = { "Content-Type": "application/json" };
  let plugin: Promise<WordPressSeoPlugin | null> | null = null;
  const seoPlugin = () => (plugin ??= detectSeoPlugin(client, trimSlash(str(options.config, "restUrl")), headers()));

  async function getPage(id: string): Promise<WpPage | null> {
    const res = await client.request(`${base}/pages/${id}?context=edit`, { headers: headers(), accept: [404, 410] });
    return res.ok ? ((await res.json()) as WpPage) : null;
  }

  const users = new Map<string, Promise<number | null>>();
  /** The WordPress user whose display name is `name` (no case), once per name and adapter. */
  function userNamed(name: string): Promise<number | null> {
    const key = name.toLowerCase();
    let found = users.get(key);
    if (!found) {
      found = client
        .json<{ id: number; name: string; slug: string }[]>(`${base}/users?context=edit&per_page=100&search=${encodeURIComponent(name)}`, { headers: headers() })
        .then((list) => list.find((u) => u.name.toLowerCase() === key || u.slug === slugify(name))?.id ?? null)
        .catch(() => null);
      users.set(key, found);
    }
    return found;
  }

  /** The page's author as a WordPress user: the first of co-authors, matched by display name. */
  async function authorOf(page: PreparedPage): Promise<AuthorOutcome | null> {
    if (!page.seo.author) return null;
    const [name, ...others] = page.seo.author.value.split(/\s*,\s*/).filter(Boolean);
    if (!name) return null;
    const id = await userNamed(name);
    return id === null ? { id: null, name, others, reason: "no WordPress user has this name; the page keeps the user who writes it" } : { id, name, others };
  }

  async function findBySlug(slug: string, parent: number): Promise<WpPage | null> {
    const list = await client.json<WpPage[]>(`${base}/pages?context=edit&status=any&per_page=100&slug=${encodeURIComponent(slug)}&parent=${parent}`, { headers: headers() });
    return list[0] ?? null;
  }

  // Pages written at once often share a new parent: finding or creating parents one call at a time
  // keeps one parent per path (WordPress would give a second "team" page the slug "team-2").
  let parentsTurn: Promise<unknown> = Promise.resolve();
  function ensureParents(segments: string[]): Promise<number> {
    const turn = parentsTurn.then(() => findOrCreateParents(segments));
    parentsTurn = turn.catch(() => undefined);
    return turn;
  }

  /** Parent pages by slug, created as plain published pages when missing. */
  async function findOrCreateParents(segments: string[]): Promise<number> {
    let parent = 0;
    for (const seg of segments) {
      const found = await findBySlug(seg, parent);
      if (found) {
        parent = found.id;
        continue;
      }
      const created = await client.json<WpPage>(`${base}/pages`, {
        method: "POST",
        headers: headers(json),
        body: JSON.stringify({ title: seg, slug: seg, parent, status: "publish" }),
        recover: async () => {
          const landed = await findBySlug(seg, parent);
          return landed ? Response.json(landed) : null;
        },
      });
      parent = created.id;
    }
    return parent;
  }

  const capabilities = (): TargetCapabilities =>
    platformCapabilities("wordpress", { output: "api", canPublish: true, canListSchema: true, rateLimitPerSecond: null });

  return {
    platform: "wordpress",
    capabilities,
    // Pretty permalinks of hierarchical pages: /parent/child/.
    linkPath: (targetPath) => {
      const segments = pathSegments(targetPath);
      return segments.length ? `/${segments.join("/")}/` : "/";
    },
    async testConnection(): Promise<ConnectionResult> {
      const res = await client.request(`${base}/users/me?context=edit`, { headers: headers(), accept: [401, 403, 404], attempts: 2 });
      return res.ok ? { success: true, message: "Connected to WordPress" } : { success: false, message: "Unable to connect to WordPress" };
    },
    async listSchema(): Promise<SchemaItem[]> {
      const types = await client.json<{ name: string; title: string; attributes?: Record<string, { type?: string }> }[]>(`${base}/block-types`, { headers: headers() });
      return types.map((t) => ({ id: t.name, name: t.title || t.name, kind: "component" as const, fields: Object.entries(t.attributes ?? {}).map(([name, a]) => ({ name, type: String(a.type ?? "string") })) }));
    },
    async upsertPage(page: PreparedPage, existing: ExistingItem | null): Promise<PageWriteResult> {
      const segments = pathSegments(page.targetPath);
      const slug = segments.pop() ?? slugify(page.slug || "home");
      const parent = await ensureParents(segments);
      let current = existing ? await getPage(existing.targetId) : null;
      if (!current) current = await findBySlug(slug, parent);
      const lead = leadImage(page);
      const seo = await seoPlugin();
      const description = page.seo.description.trim();
      const seoTitle = page.seo.title.trim();
      const meta: Record<string, string> = {};
      if (seo && description) meta[seo.description] = description;
      if (seo && seoTitle) meta[seo.title] = seoTitle;
      const published = page.seo.published ? wordpressDate(page.seo.published.value) : null;
      const author = await authorOf(page);
      // Whether the components stand for the page's content: decides the markup and is said in the record.
      const coverage = page.components.length ? componentCoverage(page) : 1;
      const body = {
        title: page.title,
        slug,
        parent,
        status: "publish",
        content: pageMarkup(page, coverage),
        featured_media: lead?.targetId && /^\d+$/.test(lead.targetId) ? Number(lead.targetId) : 0,
        ...(published ?? {}),
        ...(author?.id ? { author: author.id } : {}),
        // The SEO plugin's fields; without one, the excerpt (WordPress ignores it where pages have none).
        ...(Object.keys(meta).length ? { meta } : {}),
        ...(!seo && description ? { excerpt: description } : {}),
      };
      const previous = current
        ? {
            title: current.title.raw ?? current.title.rendered, content: current.content.raw ?? current.content.rendered, slug: current.slug, parent: current.parent, status: current.status, featured_media: current.featured_media,
            ...(current.excerpt && body.excerpt !== undefined ? { excerpt: current.excerpt.raw ?? current.excerpt.rendered } : {}),
            ...(Object.keys(meta).length ? { meta: Object.fromEntries(Object.keys(meta).map((k) => [k, current!.meta?.[k] ?? ""])) } : {}),
            ...(published && current.date_gmt ? { date_gmt: current.date_gmt } : {}),
            ...(author?.id && current.author ? { author: current.author } : {}),
          }
        : null;
      const saved = await client.json<WpPage>(current ? `${base}/pages/${current.id}` : `${base}/pages`, {
        method: "POST",
        headers: headers(json),
        body: JSON.stringify(body),
        recover: current ? undefined : async () => {
          const landed = await findBySlug(slug, parent);
          return landed ? Response.json(landed) : null;
        },
      });
      const path = new URL(saved.link).pathname;
      return { targetId: String(saved.id), targetPath: path, version: null, created: !current, previous, url: saved.link, metadata: metadataOutcome(page, saved, seo, body.featured_media > 0, author, coverage) };
    },
    async uploadAsset(asset: AssetInput): Promise<AssetWriteResult> {
      // WordPress core refuses SVG uploads (an SVG can carry scripts) with a 500 that retries cannot
      // change; without a plugin that allows them the page keeps the image's source URL.
      if (asset.contentType === "image/svg+xml") throw new AssetRefusedError("WordPress does not accept SVG uploads");
      const slug = asset.filename.replace(/\.[^.]+$/, "");
      const findMedia = async () => {
        const list = await client.json<{ id: number; source_url: string }[]>(`${base}/media?slug=${encodeURIComponent(slug)}`, { headers: headers() });
        return list[0] ?? null;
      };
      // The file name carries the content hash: an existing medium of that name is this very file.
      const known = await findMedia();
      if (known) return { targetId: String(known.id), url: known.source_url };
      const media = await client.json<{ id: number; source_url: string }>(`${base}/media`, {
        method: "POST",
        headers: headers({ "Content-Type": asset.contentType, "Content-Disposition": `attachment; filename="${asset.filename}"` }),
        body: asset.bytes,
        recover: async () => {
          const landed = await findMedia();
          return landed ? Response.json(landed) : null;
        },
      });
      await client.request(`${base}/media/${media.id}`, { method: "POST", headers: headers(json), body: JSON.stringify({ alt_text: asset.alt, title: asset.alt || slug }) });
      return { targetId: String(media.id), url: media.source_url };
    },
    // Pages are written with status "publish": WordPress has no separate activation step.
    async publish(): Promise<void> {},
    async rollback(write: RecordedWrite): Promise<void> {
      const kind = write.kind === "asset" ? "media" : "pages";
      if (write.action === "create") {
        await client.request(`${base}/${kind}/${write.targetId}?force=true`, { method: "DELETE", headers: headers(), accept: [404, 410] });
      } else if (write.previous && write.kind === "page") {
        await client.request(`${base}/pages/${write.targetId}`, { method: "POST", headers: headers(json), body: JSON.stringify(write.previous), accept: [404] });
      }
    },
  };
}
