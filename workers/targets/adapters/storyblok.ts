/**
 * Storyblok through the Management API (mapi.storyblok.com for eu, api-us.storyblok.com for us) with a
 * management token in the Authorization header. Stories nest their components as bloks in `body`, rich
 * text in Storyblok's format; folders follow the target path. Assets use the signed upload: create the
 * asset, post the file to the signed URL with the returned fields, then finish_upload. Limit: 6 requests/s.
 */
import { TargetHttpClient, safeReason } from "../http-client";
import { assetFor, leadImage, pathSegments, scalarValue } from "../fields";
import { htmlToStoryblokRichText } from "../richtext/storyblok";
import type { AssetInput, AssetWriteResult, MappedFieldValue, PageWriteResult, PreparedPage, RecordedWrite, SchemaItem, TargetAdapter } from "../types";
import { platformCapabilities } from "./capabilities";
import { type AdapterOptions, flag, str, trimSlash } from "./options";

export const STORYBLOK_RATE_LIMIT = 6;
export const STORYBLOK_HOSTS = { eu: "https://mapi.storyblok.com", us: "https://api-us.storyblok.com" } as const;

interface Story { id: number; name: string; slug: string; full_slug: string; parent_id: number | null; is_folder?: boolean; content?: Record<string, unknown> }

function blokValue(page: PreparedPage, field: MappedFieldValue): unknown {
  switch (field.type) {
    case "richtext":
      return htmlToStoryblokRichText(String(field.value ?? ""));
    case "image": {
      const asset = assetFor(page, field);
      return asset ? { fieldtype: "asset", id: asset.targetId ? Number(asset.targetId) : null, filename: asset.url, alt: asset.alt || field.alt || "", name: "", title: "" } : null;
    }
    case "link": {
      const url = String(field.value ?? "");
      return { fieldtype: "multilink", linktype: "url", url, cached_url: url, id: "" };
    }
    case "number":
      return String(field.value);
    default:
      return scalarValue(field);
  }
}

/** The story content: the template's root component with SEO fields and its bloks in `body`. */
export function storyContent(page: PreparedPage): Record<string, unknown> {
  const lead = leadImage(page);
  const content: Record<string, unknown> = {
    component: page.template.targetId || "page",
    _uid: `${page.itemKey.slice(0, 8)}-${page.itemKey.slice(8, 12)}-page`,
    title: page.title,
    seo_title: page.seo.title,
    seo_description: page.seo.description,
    og_title: page.seo.openGraph["og:title"] ?? page.seo.title,
    og_description: page.seo.openGraph["og:description"] ?? page.seo.description,
    og_image: lead ? lead.url : "",
    canonical: page.seo.canonical ?? "",
    source_url: page.sourceUrl,
    body: page.components.map((c, i) => ({
      component: c.targetId,
      _uid: `${page.itemKey.slice(0, 8)}-${page.itemKey.slice(8, 12)}-${i}`,
      ...Object.fromEntries(Object.entries(c.fields).map(([k, f]) => [k, blokValue(page, f)])),
    })),
  };
  for (const [k, f] of Object.entries(page.fields ?? {})) content[k] = blokValue(page, f);
  return content;
}

export function createStoryblokAdapter(options: AdapterOptions): TargetAdapter {
  const spaceId = str(options.config, "spaceId");
  const host = str(options.config, "region") === "us" ? STORYBLOK_HOSTS.us : STORYBLOK_HOSTS.eu;
  const base = `${host}/v1/spaces/${encodeURIComponent(spaceId)}`;
  const client = new TargetHttpClient({ key: `storyblok:${spaceId}`, policy: { requestsPerSecond: STORYBLOK_RATE_LIMIT }, egress: options.egress, fetch: options.fetch });
  // The signed upload goes to the storage host, which the Management API limit does not cover.
  const storage = new TargetHttpClient({ key: `storyblok-storage:${spaceId}`, policy: null, egress: options.egress, fetch: options.fetch });
  const headers = { Authorization: str(options.config, "managementToken"), "Content-Type": "application/json" };
  const lang = str(options.config, "defaultLanguage");

  // The space's default preview URL (Visual Editor → Location, the space object's `domain`), read once:
  // a written story is opened there, at the path its links are rewritten to, to check it (fidelity).
  let previewDomain: Promise<string | null> | null = null;
  const previewBase = () =>
    (previewDomain ??= client.json<{ space?: { domain?: string | null } }>(base, { headers }).then(
      (res) => {
        const domain = res.space?.domain?.trim() ?? "";
        return /^https?:\/\/[^/]/i.test(domain) ? trimSlash(domain) : null;
      },
      () => null,
    ));
  const linkPath = (targetPath: string) => {
    const segments = pathSegments(targetPath);
    return segments.length ? `/${segments.join("/")}` : "/";
  };

  async function findBySlug(fullSlug: string): Promise<Story | null> {
    const list = await client.json<{ stories: Story[] }>(`${base}/stories?with_slug=${encodeURIComponent(fullSlug)}`, { headers });
    return list.stories.find((s) => s.full_slug.replace(/\/$/, "") === fullSlug) ?? null;
  }

  async function getStory(id: string): Promise<Story | null> {
    const res = await client.request(`${base}/stories/${id}`, { headers, accept: [404] });
    return res.ok ? ((await res.json()) as { story: Story }).story : null;
  }

  async function createStory(story: Record<string, unknown>, fullSlug: string): Promise<Story> {
    const res = await client.request(`${base}/stories`, {
      method: "POST",
      headers,
      body: JSON.stringify({ story }),
      accept: [422],
      recover: async () => {
        const landed = await findBySlug(fullSlug);
        return landed ? Response.json({ story: landed }) : null;
      },
    });
    if (res.ok) return ((await res.json()) as { story: Story }).story;
    // 422 "has already been taken": a concurrent write created it first (folders shared by pages).
    const reason = safeReason(res.status, await res.text());
    const existing = await findBySlug(fullSlug);
    if (existing) return existing;
    throw new Error(`Storyblok refused ${fullSlug} (${reason})`);
  }

  async function ensureFolders(segments: string[]): Promise<number | null> {
    let parent: number | null = null;
    for (let i = 0; i < segments.length; i++) {
      const fullSlug = segments.slice(0, i + 1).join("/");
      const found = await findBySlug(fullSlug);
      parent = (found ?? (await createStory({ name: segments[i], slug: segments[i], is_folder: true, parent_id: parent ?? 0 }, fullSlug))).id;
    }
    return parent;
  }

  return {
    platform: "storyblok",
    capabilities: () => platformCapabilities("storyblok", { output: "api", canPublish: true, canListSchema: true, rateLimitPerSecond: STORYBLOK_RATE_LIMIT }),
    linkPath,
    async testConnection() {
      const res = await client.request(base, { headers, accept: [401, 403, 404], attempts: 2 });
      return res.ok ? { success: true, message: "Connected to Storyblok" } : { success: false, message: "Unable to connect to Storyblok" };
    },
    async listSchema(): Promise<SchemaItem[]> {
      const list = await client.json<{ components: { name: string; display_name?: string | null; is_root?: boolean; schema?: Record<string, { type?: string }> }[] }>(`${base}/components`, { headers });
      return list.components.map((c) => ({
        id: c.name, name: c.display_name || c.name, kind: c.is_root ? ("template" as const) : ("component" as const),
        fields: Object.entries(c.schema ?? {}).map(([name, f]) => ({ name, type: String(f.type ?? "text") })),
      }));
    },
    async upsertPage(page: PreparedPage, existing): Promise<PageWriteResult> {
      const segments = pathSegments(page.targetPath);
      const slug = segments.pop() ?? "home";
      const fullSlug = [...segments, slug].join("/");
      const parentId = await ensureFolders(segments);
      let current = existing ? await getStory(existing.targetId) : null;
      if (!current) current = await findBySlug(fullSlug);
      if (current && !current.content) current = await getStory(String(current.id));
      const story = { name: page.title || slug, slug, parent_id: parentId ?? 0, content: storyContent(page), ...(lang ? { lang } : {}) };
      let saved: Story;
      if (current) {
        saved = (await client.json<{ story: Story }>(`${base}/stories/${current.id}`, { method: "PUT", headers, body: JSON.stringify({ story, force_update: 1 }) })).story;
      } else saved = await createStory(story, fullSlug);
      const previous = current ? { name: current.name, slug: current.slug, parent_id: current.parent_id, content: current.content } : null;
      const preview = await previewBase();
      const targetPath = `/${saved.full_slug ?? fullSlug}`.replace(/\/+$/, "") || "/";
      return { targetId: String(saved.id), targetPath, version: null, created: !current, previous, url: preview ? `${preview}${linkPath(page.targetPath)}` : null };
    },
    async uploadAsset(asset: AssetInput): Promise<AssetWriteResult> {
      // The file name carries the content hash: an asset of that name in the space is this very file.
      const found = await client.json<{ assets: { id: number; filename: string }[] }>(`${base}/assets?search=${encodeURIComponent(asset.filename)}`, { headers });
      const known = found.assets.find((a) => a.filename.endsWith(`/${asset.filename}`));
      if (known) return { targetId: String(known.id), url: known.filename.startsWith("//") ? `https:${known.filename}` : known.filename };
      const signed = await client.json<{ id: number; pretty_url: string; public_url: string; post_url: string; fields: Record<string, string> }>(`${base}/assets/`, {
        method: "POST",
        headers,
        body: JSON.stringify({ filename: asset.filename, validate_upload: 1 }),
      });
      const form = new FormData();
      for (const [k, v] of Object.entries(signed.fields)) form.append(k, v);
      form.append("file", new Blob([asset.bytes], { type: asset.contentType }), asset.filename);
      await storage.request(signed.post_url, { method: "POST", body: form });
      await client.request(`${base}/assets/${signed.id}/finish_upload`, { headers });
      const url = signed.pretty_url.startsWith("//") ? `https:${signed.pretty_url}` : signed.public_url;
      return { targetId: String(signed.id), url };
    },
    async publish(pages) {
      if (!flag(options.config, "publishEntries", false)) return;
      for (const p of pages) await client.request(`${base}/stories/${p.targetId}/publish${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`, { headers });
    },
    async rollback(write: RecordedWrite) {
      if (write.kind === "asset") {
        await client.request(`${base}/assets/${write.targetId}`, { method: "DELETE", headers, accept: [404] });
      } else if (write.action === "create") {
        await client.request(`${base}/stories/${write.targetId}`, { method: "DELETE", headers, accept: [404] });
      } else if (write.previous) {
        await client.request(`${base}/stories/${write.targetId}`, { method: "PUT", headers, body: JSON.stringify({ story: write.previous, force_update: 1 }), accept: [404] });
      }
    },
  };
}
