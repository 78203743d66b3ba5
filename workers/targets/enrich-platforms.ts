/**
 * Enrich changes for the headless platforms, Magnolia and AEM: each writes the page's SEO fields where the
 * migration put them (Sanity's `seo` object, Storyblok's seo_title/seo_description, Contentful fields
 * the content type names, Magnolia and AEM page properties), and alt text where the platform keeps it.
 * Each returns the state before the change for rollback.
 */
import { aemLanguage, aemSling, type SlingForm } from "./adapters/aem";
import { STORYBLOK_HOSTS } from "./adapters/storyblok";
import { str, trimSlash, type AdapterOptions } from "./adapters/options";
import { SANITY_DEFAULT_API_VERSION } from "./adapters/sanity";
import { parseFragment } from "./richtext/dom";
import type { EnrichChangeInput, EnrichWriteResult, TargetEnricher } from "./enrich";
import { TargetHttpClient, basicAuth } from "./http-client";

const applied = (message: string) => ({ status: "applied" as const, message });
const unsupported = (message: string) => ({ status: "unsupported" as const, message });

/** Sets `alt` on every image value (an object with an alt beside an asset reference) that points at `matches`. */
function setAlts(value: unknown, matches: (o: Record<string, unknown>) => boolean, alt: string): number {
  let count = 0;
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if ("alt" in o && matches(o)) {
        o.alt = alt;
        count++;
      }
      Object.values(o).forEach(walk);
    }
  };
  walk(value);
  return count;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Sanity: `seo.title`, `seo.description`, `seo.language`, top-level `summary` and `tags`, and the alt of image values. */
export function createSanityEnricher(options: AdapterOptions): TargetEnricher {
  const projectId = str(options.config, "projectId");
  const dataset = str(options.config, "dataset", "production");
  const version = str(options.config, "apiVersion", SANITY_DEFAULT_API_VERSION).replace(/^v/, "");
  const base = `https://${encodeURIComponent(projectId)}.api.sanity.io/v${version}`;
  const client = new TargetHttpClient({ key: `sanity:${projectId}`, policy: { requestsPerSecond: 25, writesOnly: true }, egress: options.egress, fetch: options.fetch });
  const headers = { Authorization: `Bearer ${str(options.config, "token")}`, "Content-Type": "application/json" };
  const replace = (doc: Record<string, unknown>) =>
    client.json(`${base}/data/mutate/${encodeURIComponent(dataset)}`, { method: "POST", headers, body: JSON.stringify({ mutations: [{ createOrReplace: doc }] }) });
  const strip = (doc: Record<string, unknown>) => Object.fromEntries(Object.entries(doc).filter(([k]) => !["_rev", "_createdAt", "_updatedAt"].includes(k)));
  return {
    async apply(item, changes) {
      const res = await client.json<{ documents: Record<string, unknown>[] }>(`${base}/data/doc/${encodeURIComponent(dataset)}/${encodeURIComponent(item.targetId)}`, { headers });
      const current = res.documents[0];
      if (!current) return { outcomes: changes.map(() => unsupported("The document is no longer in Sanity")), previous: null, after: null };
      const previous = strip(current);
      const doc = clone(previous);
      const seo = { ...((doc.seo as Record<string, unknown>) ?? { _type: "seo" }) };
      const outcomes: EnrichWriteResult["outcomes"] = [];
      for (const c of changes) {
        if (c.field === "metaTitle") (seo.title = c.value), outcomes.push(applied("seo.title"));
        else if (c.field === "metaDescription") (seo.description = c.value), outcomes.push(applied("seo.description"));
        else if (c.field === "language") (seo.language = c.value), outcomes.push(applied("seo.language"));
        else if (c.field === "summary") (doc.summary = c.value), outcomes.push(applied("summary"));
        else if (c.field === "tags") (doc.tags = c.value.split(",").map((t) => t.trim()).filter(Boolean)), outcomes.push(applied("tags"));
        else {
          const ref = c.asset?.targetId;
          const n = ref ? setAlts(doc, (o) => (o.asset as { _ref?: string } | undefined)?._ref === ref, c.value) : 0;
          outcomes.push(n ? applied(`alt of ${n} image value${n === 1 ? "" : "s"}`) : unsupported("The image is not in the document as an uploaded asset"));
        }
      }
      doc.seo = seo;
      await replace(doc);
      return { outcomes, previous, after: { seo, summary: doc.summary, tags: doc.tags } };
    },
    async revert(_item, previous) {
      if (previous && typeof previous === "object") await replace(previous as Record<string, unknown>);
    },
  };
}

interface Story { id: number; name: string; slug: string; parent_id: number | null; content?: Record<string, unknown> }

/** Storyblok: the story's seo_title and seo_description (og_ ones follow), `summary` and `tags` fields where the template has them, and image alt. */
export function createStoryblokEnricher(options: AdapterOptions): TargetEnricher {
  const spaceId = str(options.config, "spaceId");
  const host = str(options.config, "region") === "us" ? STORYBLOK_HOSTS.us : STORYBLOK_HOSTS.eu;
  const base = `${host}/v1/spaces/${encodeURIComponent(spaceId)}`;
  const client = new TargetHttpClient({ key: `storyblok:${spaceId}`, policy: { requestsPerSecond: 6 }, egress: options.egress, fetch: options.fetch });
  const headers = { Authorization: str(options.config, "managementToken"), "Content-Type": "application/json" };
  const put = (id: string, story: Record<string, unknown>) => client.json(`${base}/stories/${id}`, { method: "PUT", headers, body: JSON.stringify({ story, force_update: 1 }) });
  return {
    async apply(item, changes) {
      const { story } = await client.json<{ story: Story }>(`${base}/stories/${item.targetId}`, { headers });
      const previous = { name: story.name, slug: story.slug, parent_id: story.parent_id, content: story.content };
      const content = clone(story.content ?? {});
      const outcomes: EnrichWriteResult["outcomes"] = [];
      for (const c of changes) {
        if (c.field === "metaTitle") (content.seo_title = c.value), (content.og_title = c.value), outcomes.push(applied("seo_title"));
        else if (c.field === "metaDescription") (content.seo_description = c.value), (content.og_description = c.value), outcomes.push(applied("seo_description"));
        else if (c.field === "summary" || c.field === "tags" || c.field === "language") {
          const name = c.field;
          if (name in content) (content[name] = c.value), outcomes.push(applied(name));
          else outcomes.push(unsupported(`The story's template has no ${name} field`));
        } else {
          const n = c.asset ? setAlts(content, (o) => String(o.id ?? "") === c.asset!.targetId || o.filename === c.asset!.url, c.value) : 0;
          outcomes.push(n ? applied(`alt of ${n} image${n === 1 ? "" : "s"}`) : unsupported("The image is not in the story as an uploaded asset"));
        }
      }
      await put(item.targetId, { ...previous, content });
      return { outcomes, previous, after: { content: { seo_title: content.seo_title, seo_description: content.seo_description } } };
    },
    async revert(item, previous) {
      if (previous && typeof previous === "object") await put(item.targetId, previous as Record<string, unknown>);
    },
  };
}

type CfFields = Record<string, Record<string, unknown>>;
interface CfEntity { sys: { id: string; version: number; contentType?: { sys: { id: string } } }; fields: CfFields }

/** Field ids of a page's content type that take each change, in order of preference (the names the migration writes). */
const CONTENTFUL_FIELDS: Record<string, string[]> = {
  metaTitle: ["seoTitle", "metaTitle"],
  metaDescription: ["seoDescription", "metaDescription", "description"],
  language: ["language"],
  summary: ["summary", "excerpt"],
  tags: ["tags"],
};

/** Contentful: the page entry's fields its content type names (seoTitle, metaDescription, …); alt text as the asset's description. */
export function createContentfulEnricher(options: AdapterOptions): TargetEnricher {
  const space = str(options.config, "spaceId");
  const env = str(options.config, "environmentId", "master");
  const base = `https://api.contentful.com/spaces/${encodeURIComponent(space)}/environments/${encodeURIComponent(env)}`;
  const client = new TargetHttpClient({ key: `contentful:${space}`, policy: { requestsPerSecond: 7 }, egress: options.egress, fetch: options.fetch });
  const headers = (extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${str(options.config, "managementToken")}`, "Content-Type": "application/vnd.contentful.management.v1+json", ...extra });
  const get = (kind: "entries" | "assets", id: string) => client.json<CfEntity>(`${base}/${kind}/${id}`, { headers: headers() });
  const put = async (kind: "entries" | "assets", id: string, fields: CfFields) => {
    const current = await get(kind, id);
    await client.json(`${base}/${kind}/${id}`, { method: "PUT", headers: headers({ "X-Contentful-Version": String(current.sys.version) }), body: JSON.stringify({ fields }) });
  };
  return {
    async apply(item, changes) {
      const loc = (await client.json<{ items: { code: string; default: boolean }[] }>(`${base}/locales`, { headers: headers() }).then((r) => r.items.find((l) => l.default)?.code ?? "en-US"));
      const entry = await get("entries", item.targetId);
      const typeId = entry.sys.contentType?.sys.id ?? "";
      const type = await client.json<{ fields: { id: string; type: string }[] }>(`${base}/content_types/${encodeURIComponent(typeId)}`, { headers: headers() });
      const declared = new Set(type.fields.map((f) => f.id));
      const fields = clone(entry.fields);
      const assets: Record<string, CfFields> = {};
      const outcomes: EnrichWriteResult["outcomes"] = [];
      for (const c of changes) {
        if (c.field === "imageAlt") {
          if (!c.asset) {
            outcomes.push(unsupported("The image was not uploaded to Contentful"));
            continue;
          }
          const asset = await get("assets", c.asset.targetId);
          assets[c.asset.targetId] = asset.fields;
          await put("assets", c.asset.targetId, { ...clone(asset.fields), description: { ...(asset.fields.description ?? {}), [loc]: c.value } });
          outcomes.push(applied(`asset ${c.asset.targetId} description`));
          continue;
        }
        const ids = (CONTENTFUL_FIELDS[c.field] ?? []).filter((id) => declared.has(id));
        if (!ids.length) {
          outcomes.push(unsupported(`The content type ${typeId} has no field named ${(CONTENTFUL_FIELDS[c.field] ?? [c.field]).join(", ")}`));
          continue;
        }
        const value = c.field === "tags" && type.fields.find((f) => f.id === ids[0])?.type === "Array" ? c.value.split(",").map((t) => t.trim()).filter(Boolean) : c.value;
        for (const id of ids) fields[id] = { ...(fields[id] ?? {}), [loc]: value };
        outcomes.push(applied(ids.join(", ")));
      }
      await put("entries", item.targetId, fields);
      return { outcomes, previous: { fields: entry.fields, assets }, after: { fields } };
    },
    async revert(item, previous) {
      const prev = previous as { fields: CfFields; assets: Record<string, CfFields> } | null;
      if (!prev) return;
      for (const [id, fields] of Object.entries(prev.assets ?? {})) await put("assets", id, fields);
      await put("entries", item.targetId, prev.fields);
    },
  };
}

type Property = { name: string; type: string; multiple: boolean; values: string[] };

/** Magnolia: page properties windowTitle (the meta title), description and language of the page node. */
export function createMagnoliaEnricher(options: AdapterOptions): TargetEnricher {
  const base = `${trimSlash(str(options.config, "authorUrl"))}/.rest`;
  const auth = basicAuth(str(options.config, "authorUsername"), str(options.config, "authorPassword"));
  const client = new TargetHttpClient({ key: `magnolia:${base}`, policy: { requestsPerSecond: 20, burst: 5 }, egress: options.egress, fetch: options.fetch });
  const headers = { Authorization: auth, Accept: "application/json", "Content-Type": "application/json" };
  const nodeUrl = (path: string) => `${base}/nodes/v1/website${path.split("/").map(encodeURIComponent).join("/")}`;
  const NAMES: Record<string, string> = { metaTitle: "windowTitle", metaDescription: "description", language: "language", summary: "abstract", tags: "keywords" };
  const post = (path: string, node: { name: string; type: string }, properties: Property[]) =>
    client.request(nodeUrl(path), { method: "POST", headers, body: JSON.stringify({ name: node.name, type: node.type, path, properties }) });
  return {
    async apply(item, changes: EnrichChangeInput[]) {
      const node = await client.json<{ name: string; type: string; properties?: Property[] }>(`${nodeUrl(item.targetId)}?depth=0`, { headers });
      const props = (node.properties ?? []).filter((p) => !p.name.startsWith("jcr:"));
      const previous = { name: node.name, type: node.type, properties: props, absent: [] as string[] };
      const outcomes: EnrichWriteResult["outcomes"] = [];
      const set: Property[] = [];
      // Properties the page did not have are emptied again on rollback (the nodes API keeps what a POST omits).
      const absent: string[] = [];
      for (const c of changes) {
        const name = NAMES[c.field];
        if (!name) {
          outcomes.push(unsupported("Alt text lives on the asset in Magnolia's DAM, which this apply does not change yet"));
          continue;
        }
        set.push({ name, type: "String", multiple: false, values: [c.value] });
        if (!props.some((p) => p.name === name)) absent.push(name);
        outcomes.push(applied(`page property ${name}`));
      }
      if (set.length) await post(item.targetId, node, set);
      previous.absent = absent;
      return { outcomes, previous, after: { properties: set } };
    },
    async revert(item, previous) {
      const prev = previous as { name: string; type: string; properties: Property[]; absent?: string[] } | null;
      if (prev) await post(item.targetId, prev, [...prev.properties, ...(prev.absent ?? []).map((name) => ({ name, type: "String", multiple: false, values: [""] }))]);
    },
  };
}

type SlingValue = string | number | boolean | string[];

/** Sling POST parameters that set each property (relative to the posted node), or delete it where the value is null. */
function slingForm(props: Record<string, SlingValue | null>): SlingForm {
  const form: string[][] = [];
  for (const [name, value] of Object.entries(props)) {
    const key = `./${name}`;
    if (value === null) form.push([`${key}@Delete`, ""]);
    else if (Array.isArray(value)) form.push(...value.map((v) => [key, v]), [`${key}@TypeHint`, "String[]"]);
    else if (typeof value === "string") form.push([key, value]);
    else form.push([key, String(value)], [`${key}@TypeHint`, typeof value === "boolean" ? "Boolean" : Number.isInteger(value) ? "Long" : "Double"]);
  }
  return form;
}

/** Page properties of `jcr:content` that take each change: the ones the AEM adapter writes (jcr:language in AEM's form, see aemLanguage). */
const AEM_PAGE_PROPERTIES: Record<string, string> = { metaTitle: "pageTitle", metaDescription: "jcr:description" };
/**
 * Open Graph properties that follow the meta title and description where the page has them, so a social
 * preview does not keep the old text: the AEM adapter writes ogTitle/ogDescription on migration (when the
 * source page had them), other templates keep og:title/og:description. None is created where absent.
 */
const AEM_OPEN_GRAPH: Record<string, string[]> = { metaTitle: ["ogTitle", "og:title"], metaDescription: ["ogDescription", "og:description"] };
/** Template fields (page fields the migration wrote into `jcr:content`) that take a summary or tags, in order of preference. */
const AEM_TEMPLATE_FIELDS: Record<string, string[]> = { summary: ["summary", "abstract", "excerpt"], tags: ["tags", "keywords"] };
const AEM_NO_FIELD: Record<string, string> = {
  // jcr:description already holds the meta description; AEM's page properties have no other text for a summary.
  summary: "AEM pages have no summary property (jcr:description holds the meta description), and this page's template has no summary, abstract or excerpt field",
  // cq:tags holds IDs of tags defined under /content/cq:tags; a free-text tag written there names no tag.
  tags: "AEM keeps tags in cq:tags as IDs of tags defined under /content/cq:tags, so free-text tags are not written there, and this page's template has no tags or keywords field",
};

const childAt = (tree: Record<string, unknown>, path: string) =>
  path.split("/").reduce<Record<string, unknown> | undefined>((node, name) => node?.[name] as Record<string, unknown> | undefined, tree);

/** Calls `visit` with each node under `root` and its path relative to `jcr:content`. */
function walkRoot(content: Record<string, unknown>, visit: (node: Record<string, unknown>, path: string) => void) {
  const walk = (node: Record<string, unknown>, path: string) => {
    visit(node, path);
    for (const [k, v] of Object.entries(node)) if (v && typeof v === "object" && !Array.isArray(v)) walk(v as Record<string, unknown>, `${path}/${k}`);
  };
  if (content.root && typeof content.root === "object") walk(content.root as Record<string, unknown>, "root");
}

const isContentProperty = (name: string) => !/^(jcr|sling|cq):/.test(name);

/** The components under `root` (paths relative to `jcr:content`) with a property that holds the image. */
function aemImageComponents(content: Record<string, unknown>, refs: string[]): string[] {
  const found: string[] = [];
  walkRoot(content, (node, path) => {
    if (Object.entries(node).some(([k, v]) => typeof v === "string" && isContentProperty(k) && refs.includes(v))) found.push(path);
  });
  return found;
}

/** Whether a component's property holds rich text: Core Components' Text keeps it in `text`, the migration each rich text field under its own name with textIsRich set. */
const isRichText = (node: Record<string, unknown>, name: string) => isContentProperty(name) && (name === "text" || node.textIsRich === true || node.textIsRich === "true");

/**
 * The rich text properties under `root` (paths relative to `jcr:content`) with an <img> of the image (its
 * src, or the data-asset-id the migration adds, is one of `refs`), each with its HTML before and after that alt is set.
 * The HTML is parsed and serialised with linkedom, as the migration wrote it, and set in `content` too, so
 * the alt of a second image in the same text is set on top of the first.
 */
function setRichTextAlts(content: Record<string, unknown>, refs: string[], alt: string): { path: string; old: string; html: string; images: number }[] {
  const found: { path: string; old: string; html: string; images: number }[] = [];
  walkRoot(content, (node, path) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value !== "string" || !value.includes("<img") || !isRichText(node, name)) continue;
      const body = parseFragment(value);
      const images = Array.from(body.querySelectorAll("img")).filter((img) => refs.includes(img.getAttribute("src") ?? "") || refs.includes(img.getAttribute("data-asset-id") ?? ""));
      for (const img of images) img.setAttribute("alt", alt);
      if (!images.length) continue;
      node[name] = body.innerHTML;
      found.push({ path: `${path}/${name}`, old: value, html: body.innerHTML, images: images.length });
    }
  });
  return found;
}

/** Properties to set on one node, and each one's value before the change (null where absent) for rollback. */
function slingWrites() {
  const set: Record<string, SlingValue> = {};
  const previous: Record<string, SlingValue | null> = {};
  const write = (name: string, value: SlingValue, old: unknown) => {
    if (!(name in previous)) previous[name] = old === undefined || old === null ? null : (old as SlingValue);
    set[name] = value;
  };
  return { set, previous, write };
}

/**
 * The metadata node of the DAM asset an image was uploaded to: its dc:description is the alt text that
 * Core Components' Image shows wherever the asset is placed with "Get alternative text from DAM"
 * (altValueFromDAM, the default). Null for an image that is not in the DAM.
 */
const damMetadataPath = (asset: EnrichChangeInput["asset"]) => (asset?.targetId.startsWith("/content/dam/") ? `${asset.targetId}/jcr:content/metadata` : null);

/** What an apply recorded to undo it: `properties` of the page's jcr:content, and of DAM assets' metadata nodes by path (absent in applies from before assets were written). */
interface AemPrevious {
  properties?: Record<string, SlingValue | null>;
  assets?: Record<string, Record<string, SlingValue | null>>;
}

/**
 * AEM: properties of the page's `jcr:content` through the Sling POST servlet, as the page properties
 * dialog writes them: pageTitle (the "Page Title" the browser shows), jcr:description and the Open Graph
 * properties the page has (AEM_OPEN_GRAPH), jcr:language (in AEM's form, "en_GB" for "en-GB"); a
 * summary or tags into the template field of that name where the page has one (see AEM_NO_FIELD); alt
 * text as `alt` of each component under `root` whose image field holds the image (the DAM path the run
 * uploaded it to, or its source address), as the alt attribute of its <img> in rich text under `root`
 * (see setRichTextAlts; the old HTML is kept whole for rollback), and as dc:description of the image's
 * DAM asset (see damMetadataPath; dc:title is left alone: Core Components show it as the image's
 * caption, and the Assets console as the asset's name). The state before is each touched property's value, null where
 * it was absent, so a rollback sets the old values and deletes the new properties (`@Delete`).
 */
export function createAemEnricher(options: AdapterOptions): TargetEnricher {
  const sling = aemSling(options);
  const contentPath = (targetId: string) => `${targetId}/jcr:content`;
  return {
    async apply(item, changes) {
      const content = await sling.getJson(contentPath(item.targetId));
      if (!content) return { outcomes: changes.map(() => unsupported("The page is no longer in AEM")), previous: null, after: null };
      const page = slingWrites();
      const write = page.write;
      const assets: Record<string, ReturnType<typeof slingWrites> & { metadata: Record<string, unknown> }> = {};
      /** dc:description of the image's DAM asset; false when the image is not in the DAM (or no longer). */
      const damAlt = async (asset: EnrichChangeInput["asset"], alt: string) => {
        const path = damMetadataPath(asset);
        if (path && !assets[path]) {
          const metadata = await sling.getProperties(path);
          if (metadata) assets[path] = { ...slingWrites(), metadata };
        }
        if (!path || !assets[path]) return false;
        assets[path].write("dc:description", alt, assets[path].metadata["dc:description"]);
        return true;
      };
      const outcomes: EnrichWriteResult["outcomes"] = [];
      /** jcr:language in AEM's form; a page that holds that very form already keeps it untouched. */
      const language = (value: string) => {
        const form = aemLanguage(value);
        if (!form) return unsupported(`"${value}" is no BCP 47 language tag, which AEM's jcr:language takes as language_REGION`);
        if (content["jcr:language"] === form) return applied(`page property jcr:language (already ${form})`);
        write("jcr:language", form, content["jcr:language"]);
        return applied("page property jcr:language");
      };
      for (const c of changes) {
        if (c.field === "language") {
          outcomes.push(language(c.value));
          continue;
        }
        const property = AEM_PAGE_PROPERTIES[c.field];
        const field = (AEM_TEMPLATE_FIELDS[c.field] ?? []).find((name) => name in content);
        if (property) {
          const names = [property, ...(AEM_OPEN_GRAPH[c.field] ?? []).filter((name) => name in content)];
          for (const name of names) write(name, c.value, content[name]);
          outcomes.push(applied(names.length === 1 ? `page property ${property}` : `page properties ${names.join(", ")}`));
        } else if (field) {
          const list = c.field === "tags" && Array.isArray(content[field]);
          write(field, list ? c.value.split(",").map((t) => t.trim()).filter(Boolean) : c.value, content[field]);
          outcomes.push(applied(`page property ${field}`));
        } else if (c.field === "imageAlt") {
          const refs = [c.asset?.url, c.target].filter((r): r is string => !!r);
          const components = aemImageComponents(content, refs);
          for (const path of components) write(`${path}/alt`, c.value, childAt(content, path)?.alt);
          const texts = setRichTextAlts(content, refs, c.value);
          for (const text of texts) write(text.path, text.html, text.old);
          const images = texts.reduce((n, t) => n + t.images, 0);
          const written = [
            components.length ? `alt of ${components.length} image component${components.length === 1 ? "" : "s"}` : "",
            images ? `alt of ${images} image${images === 1 ? "" : "s"} in rich text` : "",
            (await damAlt(c.asset, c.value)) ? `dc:description of the DAM asset ${c.asset!.targetId}` : "",
          ].filter(Boolean);
          outcomes.push(written.length ? applied(written.join(", ")) : unsupported("No component of the page shows this image"));
        } else outcomes.push(unsupported(AEM_NO_FIELD[c.field] ?? `AEM pages take no ${c.field}`));
      }
      const touched = Object.entries(assets);
      if (!Object.keys(page.set).length && !touched.length) return { outcomes, previous: null, after: null };
      if (Object.keys(page.set).length) await sling.post(contentPath(item.targetId), slingForm(page.set));
      for (const [path, metadata] of touched) await sling.post(path, slingForm(metadata.set));
      const previous: AemPrevious = { properties: page.previous, assets: Object.fromEntries(touched.map(([path, m]) => [path, m.previous])) };
      return { outcomes, previous, after: { properties: page.set, assets: Object.fromEntries(touched.map(([path, m]) => [path, m.set])) } };
    },
    async revert(item, previous) {
      const prev = previous as AemPrevious | null;
      // A POST to a node that was deleted since would create a bare node where it was.
      const restore = async (path: string, props: Record<string, SlingValue | null> | undefined) => {
        if (props && Object.keys(props).length && (await sling.getProperties(path))) await sling.post(path, slingForm(props));
      };
      await restore(contentPath(item.targetId), prev?.properties);
      for (const [path, props] of Object.entries(prev?.assets ?? {})) await restore(path, props);
    },
  };
}
