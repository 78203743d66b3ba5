/**
 * AEM through the Sling POST servlet with basic auth and the Granite CSRF token
 * (GET /libs/granite/csrf/token.json, sent back as the CSRF-Token header): a page's `jcr:content` is
 * imported as JSON (:operation=import, :contentType=json, :replace=true) so child pages stay intact.
 * Images go through the Assets HTTP API (/api/assets/<folder>/<file>), activation through /bin/replicate.json.
 */
import { normalizeLanguage } from "../../crawl/metadata/collect";
import { TargetHttpClient, basicAuth } from "../http-client";
import { assetFor, joinPath, pathSegments, scalarValue, slugify } from "../fields";
import type { AssetInput, AssetWriteResult, MappedFieldValue, PageWriteResult, PreparedPage, RecordedWrite, TargetAdapter } from "../types";
import { platformCapabilities } from "./capabilities";
import { type AdapterOptions, str, trimSlash } from "./options";

export const AEM_ASSET_FOLDER = "migrated";

/**
 * A BCP 47 tag ("en-GB") in the form AEM keeps in `jcr:language` ("en_GB", "de"): what
 * com.day.cq.commons.Language parses, the language and then the region after an underscore. A script or
 * variant subtag has no place in that form and is left out ("zh-Hant-TW" → "zh_TW"); null when the
 * value is no language tag.
 */
export function aemLanguage(tag: string): string | null {
  const [language, ...rest] = normalizeLanguage(tag)?.split("-") ?? [];
  if (!language) return null;
  const region = rest.find((p) => /^([A-Z]{2}|\d{3})$/.test(p));
  return region ? `${language}_${region}` : language;
}

function propValue(page: PreparedPage, field: MappedFieldValue): unknown {
  if (field.value === null || field.value === "") return undefined;
  if (field.type === "richtext") return String(field.value);
  if (field.type === "image") return assetFor(page, field)?.url;
  return scalarValue(field);
}

/** The `jcr:content` tree of a page: SEO properties and one responsive grid per area holding the components. */
export function aemPageContent(page: PreparedPage): Record<string, unknown> {
  const content: Record<string, unknown> = {
    "jcr:primaryType": "cq:PageContent",
    "jcr:title": page.title,
    "cq:template": page.template.targetId,
    "jcr:description": page.seo.description,
    pageTitle: page.seo.title,
    "jcr:language": page.seo.language ? (aemLanguage(page.seo.language) ?? undefined) : undefined,
    canonicalUrl: page.seo.canonical ?? undefined,
    ogTitle: page.seo.openGraph["og:title"],
    ogDescription: page.seo.openGraph["og:description"],
    ogImage: page.seo.openGraph["og:image"] ? (page.assetRefs[page.seo.openGraph["og:image"]]?.url ?? page.seo.openGraph["og:image"]) : undefined,
    sourceUrl: page.sourceUrl,
  };
  for (const [k, f] of Object.entries(page.fields ?? {})) content[k] = propValue(page, f);
  const root: Record<string, unknown> = { "jcr:primaryType": "nt:unstructured", "sling:resourceType": "wcm/foundation/components/responsivegrid" };
  page.components.forEach((c, i) => {
    const area = slugify(c.area || "main", "main");
    const grid = (root[area] ??= { "jcr:primaryType": "nt:unstructured", "sling:resourceType": "wcm/foundation/components/responsivegrid" }) as Record<string, unknown>;
    const node: Record<string, unknown> = { "jcr:primaryType": "nt:unstructured", "sling:resourceType": c.targetId };
    for (const [k, f] of Object.entries(c.fields)) {
      node[k] = propValue(page, f);
      if (f.type === "richtext") node.textIsRich = true;
    }
    grid[`${slugify(c.definition, "component")}_${i}`] = node;
  });
  content.root = root;
  return JSON.parse(JSON.stringify(content)) as Record<string, unknown>;
}

/** Whether a value of Sling's JSON is a child node: properties are strings, numbers, booleans or arrays of those. */
const isNodeJson = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * The deepest level a 300 Multiple Choices answer of the Sling GET servlet offers (its URLs end in
 * `.<level>.json`, deepest first), at least 1: Sling answers `.1.json` whatever the number of children.
 */
function deepestOffered(offers: unknown): number {
  return Math.max(1, ...(Array.isArray(offers) ? offers : []).map((url) => Number(/\.(\d+)\.json$/.exec(String(url))?.[1] ?? 0)));
}

/** What a Sling POST servlet request carries: named parameters, repeated names as pairs (multi-value properties). */
export type SlingForm = Record<string, string> | string[][];

/**
 * An AEM author's Sling side, shared by the adapter and the Enrich writer: basic auth, one rate-limited
 * client per author, the Granite CSRF token (fetched once, again after a 403 from an expired token),
 * Sling POSTs and Sling GETs of a node's tree (`<path>.infinity.json`, walked level by level where the
 * tree is too large for one answer) or own properties (`<path>.json`), null when the node is gone.
 */
export function aemSling(options: AdapterOptions) {
  const base = trimSlash(str(options.config, "authorUrl"));
  const auth = basicAuth(str(options.config, "username"), str(options.config, "password"));
  const client = new TargetHttpClient({ key: `aem:${base}`, policy: { requestsPerSecond: 20, burst: 5 }, egress: options.egress, fetch: options.fetch });
  let token: string | null = null;

  async function csrf(): Promise<string> {
    token ??= (await client.json<{ token: string }>(`${base}/libs/granite/csrf/token.json`, { headers: { Authorization: auth } })).token;
    return token;
  }

  /** A Sling POST with the CSRF token; a 403 (expired token) fetches a fresh token once, a second 403 fails. */
  async function post(path: string, form: SlingForm, accept: number[] = []): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const body = new URLSearchParams(form);
      const res = await client.request(`${base}${path}`, { method: "POST", headers: { Authorization: auth, "CSRF-Token": await csrf(), Accept: "application/json" }, body, accept: attempt ? accept : [403, ...accept] });
      if (res.status !== 403 || attempt > 0) return res;
      token = null;
    }
  }

  /** A node's own properties (`<path>.json`: Sling's depth 0, no child nodes), null when the node is gone. */
  async function getProperties(path: string): Promise<Record<string, unknown> | null> {
    const res = await client.request(`${base}${path}.json`, { headers: { Authorization: auth }, accept: [404] });
    return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
  }

  /**
   * A node's whole tree. When it has more nodes than the author's json.maximumresults, Sling answers
   * `.infinity.json` with 300 Multiple Choices and the depth-limited URLs it would answer; then the
   * deepest of those is read, and each node at that depth (shown there without its children) the same way.
   */
  async function getJson(path: string): Promise<Record<string, unknown> | null> {
    const res = await client.request(`${base}${path}.infinity.json`, { headers: { Authorization: auth }, accept: [300, 404] });
    if (res.status !== 300) return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
    const level = deepestOffered(await res.json());
    const partial = await client.request(`${base}${path}.${level}.json`, { headers: { Authorization: auth }, accept: [404] });
    if (!partial.ok) return null;
    const tree = (await partial.json()) as Record<string, unknown>;
    await completeBelow(tree, path, level);
    return tree;
  }

  /** Puts the whole tree in place of each child node `level` levels below `node` (a depth-limited read shows those without their children). */
  async function completeBelow(node: Record<string, unknown>, path: string, level: number): Promise<void> {
    for (const [name, child] of Object.entries(node)) {
      if (!isNodeJson(child)) continue;
      if (level > 1) await completeBelow(child, `${path}/${name}`, level - 1);
      // A node deleted between the two reads keeps what the first showed.
      else node[name] = (await getJson(`${path}/${name}`)) ?? child;
    }
  }

  return { base, auth, client, csrf, post, getJson, getProperties };
}

export function createAemAdapter(options: AdapterOptions): TargetAdapter {
  const siteRoot = `/content/${options.siteSlug}`;
  const { base, auth, client, csrf, post, getJson, getProperties } = aemSling(options);

  async function ensurePage(path: string, title: string): Promise<boolean> {
    // Its properties tell whether it exists: its tree would hold every page below it.
    if (await getProperties(path)) return false;
    const parent = path.split("/").slice(0, -1).join("/") || "/";
    const content = { "jcr:primaryType": "cq:Page", "jcr:content": { "jcr:primaryType": "cq:PageContent", "jcr:title": title } };
    await post(parent, { ":operation": "import", ":contentType": "json", ":name": path.split("/").pop()!, ":content": JSON.stringify(content) });
    return true;
  }

  const pagePath = (targetPath: string) => joinPath(siteRoot, ...pathSegments(targetPath));
  return {
    platform: "aem",
    capabilities: () => platformCapabilities("aem", { output: "api", canPublish: true, canListSchema: false, rateLimitPerSecond: null }),
    linkPath: (targetPath) => `${pagePath(targetPath)}.html`,
    async testConnection() {
      const res = await client.request(`${base}/libs/granite/security/currentuser.json`, { headers: { Authorization: auth }, accept: [401, 403, 404], attempts: 2 });
      const user = res.ok ? ((await res.json()) as { authorizableId?: string }) : null;
      return user && user.authorizableId !== "anonymous" ? { success: true, message: "Connected to AEM" } : { success: false, message: "Unable to connect to AEM" };
    },
    async listSchema() {
      return [];
    },
    async upsertPage(page: PreparedPage): Promise<PageWriteResult> {
      const path = pagePath(page.targetPath);
      const segments = path.split("/").filter(Boolean);
      for (let i = 2; i < segments.length; i++) await ensurePage(`/${segments.slice(0, i).join("/")}`, segments[i - 1]);
      const previous = await getJson(`${path}/jcr:content`);
      const created = await ensurePage(path, page.title);
      await post(path, { ":operation": "import", ":contentType": "json", ":name": "jcr:content", ":replace": "true", ":replaceProperties": "true", ":content": JSON.stringify(aemPageContent(page)) });
      return { targetId: path, targetPath: `${path}.html`, version: null, created, previous: created ? null : previous };
    },
    async uploadAsset(asset: AssetInput): Promise<AssetWriteResult> {
      const folder = await client.request(`${base}/api/assets/${AEM_ASSET_FOLDER}`, {
        method: "POST", headers: { Authorization: auth, "CSRF-Token": await csrf(), "Content-Type": "application/json" },
        body: JSON.stringify({ class: "assetFolder", properties: { title: "Migrated" } }), accept: [409],
      });
      void folder;
      const url = `${base}/api/assets/${AEM_ASSET_FOLDER}/${encodeURIComponent(asset.filename)}`;
      // The file name carries the content hash, so 409 (already there) means this very file.
      await client.request(url, { method: "POST", headers: { Authorization: auth, "CSRF-Token": await csrf(), "Content-Type": asset.contentType }, body: asset.bytes, accept: [409] });
      await client.request(url, {
        method: "PUT", headers: { Authorization: auth, "CSRF-Token": await csrf(), "Content-Type": "application/json" },
        body: JSON.stringify({ class: "asset", properties: { "dc:title": asset.alt || asset.filename, "dc:description": asset.alt } }),
      });
      const damPath = `/content/dam/${AEM_ASSET_FOLDER}/${asset.filename}`;
      return { targetId: damPath, url: damPath };
    },
    async publish(pages, assets) {
      for (const item of [...assets.map((a) => a.targetId), ...pages.map((p) => p.targetId)]) await post("/bin/replicate.json", { cmd: "Activate", path: item });
    },
    async rollback(write: RecordedWrite) {
      if (write.kind === "asset") {
        const res = await client.request(`${base}/api/assets/${write.targetId.replace(/^\/content\/dam\//, "")}`, { method: "DELETE", headers: { Authorization: auth, "CSRF-Token": await csrf() }, accept: [404] });
        void res;
      } else if (write.action === "create") {
        await post(write.targetId, { ":operation": "delete" }, [404]);
      } else if (write.previous) {
        await post(write.targetId, { ":operation": "import", ":contentType": "json", ":name": "jcr:content", ":replace": "true", ":replaceProperties": "true", ":content": JSON.stringify(write.previous) });
      }
    },
  };
}
