/**
 * Enrich changes for the headless platforms and Magnolia (AEM's are in enrich-aem.ts): each writes the
 * page's SEO fields where the migration put them (Sanity's `seo` object, Storyblok's
 * seo_title/seo_description, Contentful fields the content type names, Magnolia page properties), and
 * alt text where the platform keeps it.
 * Each returns the state before the change for rollback.
 */
import { STORYBLOK_HOSTS } from "./adapters/storyblok";
import { str, trimSlash, type AdapterOptions } from "./adapters/options";
import { SANITY_DEFAULT_API_VERSION } from "./adapters/sanity";
import type { EnrichChangeInput, EnrichWriteResult, RestoreTo, TargetEnricher } from "./enrich";
import { applied, unsupported } from "./enrich-outcomes";
import { gone, guardEach, revertAt, getAt, unchecked, type RevertOutcome, type WrittenAt } from "./enrich-revert";
import { TargetHttpClient, basicAuth } from "./http-client";


/** Sets `alt` on every image value (an object with an alt beside an asset reference) that points at `matches`; the path of each alt set. */
function setAlts(value: unknown, matches: (o: Record<string, unknown>) => boolean, alt: string): string[][] {
  const paths: string[][] = [];
  const walk = (v: unknown, path: string[]) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, String(i)]));
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if ("alt" in o && matches(o)) {
        o.alt = alt;
        paths.push([...path, "alt"]);
      }
      Object.entries(o).forEach(([k, x]) => walk(x, [...path, k]));
    }
  };
  walk(value, []);
  return paths;
}

/** The value at each path, as written: what a guarded rollback compares the target with (see revertAt). */
const writtenAt = (doc: unknown, paths: string[][]): WrittenAt[] => paths.map((path) => ({ path, value: clone(getAt(doc, path)) }));
/** A path in the platform's words: "seo.title", "body.2.image.alt". */
const dotted = (path: string[]) => path.join(".");

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

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
      const paths: string[][] = [];
      const set = (path: string[], message: string) => (paths.push(path), outcomes.push(applied(message)));
      for (const c of changes) {
        if (c.field === "metaTitle") (seo.title = c.value), set(["seo", "title"], "seo.title");
        else if (c.field === "metaDescription") (seo.description = c.value), set(["seo", "description"], "seo.description");
        else if (c.field === "language") (seo.language = c.value), set(["seo", "language"], "seo.language");
        else if (c.field === "summary") (doc.summary = c.value), set(["summary"], "summary");
        else if (c.field === "tags") (doc.tags = c.value.split(",").map((t) => t.trim()).filter(Boolean)), set(["tags"], "tags");
        else {
          const ref = c.asset?.targetId;
          const alts = ref ? setAlts(doc, (o) => (o.asset as { _ref?: string } | undefined)?._ref === ref, c.value) : [];
          paths.push(...alts);
          const n = alts.length;
          outcomes.push(n ? applied(`alt of ${n} image value${n === 1 ? "" : "s"}`) : unsupported("The image is not in the document as an uploaded asset"));
        }
      }
      doc.seo = seo;
      await replace(doc);
      return { outcomes, previous, after: { seo, summary: doc.summary, tags: doc.tags, written: writtenAt(doc, paths) } };
    },
    async revert(item, previous, after) {
      if (!previous || typeof previous !== "object") return [];
      const written = (after as { written?: WrittenAt[] } | null | undefined)?.written;
      // Applies recorded before rollbacks were guarded kept no `written`: their document goes back whole, unchecked.
      if (!written) return replace(previous as Record<string, unknown>).then(() => [unchecked("the document")]);
      const res = await client.json<{ documents: Record<string, unknown>[] }>(`${base}/data/doc/${encodeURIComponent(dataset)}/${encodeURIComponent(item.targetId)}`, { headers });
      const current = res.documents[0];
      if (!current) return written.map((w) => gone(dotted(w.path)));
      const doc = strip(current);
      const { outcomes, changed } = revertAt(doc, previous, written, dotted);
      if (changed) await replace(doc);
      return outcomes;
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
      const paths: string[][] = [];
      for (const c of changes) {
        if (c.field === "metaTitle") (content.seo_title = c.value), (content.og_title = c.value), paths.push(["seo_title"], ["og_title"]), outcomes.push(applied("seo_title"));
        else if (c.field === "metaDescription") (content.seo_description = c.value), (content.og_description = c.value), paths.push(["seo_description"], ["og_description"]), outcomes.push(applied("seo_description"));
        else if (c.field === "summary" || c.field === "tags" || c.field === "language") {
          const name = c.field;
          if (name in content) (content[name] = c.value), paths.push([name]), outcomes.push(applied(name));
          else outcomes.push(unsupported(`The story's template has no ${name} field`));
        } else {
          const alts = c.asset ? setAlts(content, (o) => String(o.id ?? "") === c.asset!.targetId || o.filename === c.asset!.url, c.value) : [];
          paths.push(...alts);
          const n = alts.length;
          outcomes.push(n ? applied(`alt of ${n} image${n === 1 ? "" : "s"}`) : unsupported("The image is not in the story as an uploaded asset"));
        }
      }
      await put(item.targetId, { ...previous, content });
      return { outcomes, previous, after: { content: { seo_title: content.seo_title, seo_description: content.seo_description }, written: writtenAt(content, paths) } };
    },
    async revert(item, previous, after) {
      if (!previous || typeof previous !== "object") return [];
      const written = (after as { written?: WrittenAt[] } | null | undefined)?.written;
      // Applies recorded before rollbacks were guarded kept no `written`: their story goes back whole, unchecked.
      if (!written) return put(item.targetId, previous as Record<string, unknown>).then(() => [unchecked("the story")]);
      const res = await client.request(`${base}/stories/${item.targetId}`, { headers, accept: [404] });
      if (!res.ok) return written.map((w) => gone(dotted(w.path)));
      const { story } = (await res.json()) as { story: Story };
      const content = clone(story.content ?? {});
      const { outcomes, changed } = revertAt(content, (previous as { content?: unknown }).content, written, dotted);
      if (changed) await put(item.targetId, { name: story.name, slug: story.slug, parent_id: story.parent_id, content });
      return outcomes;
    },
  };
}

type CfFields = Record<string, Record<string, unknown>>;
/** What a Contentful apply wrote (in the default locale): the entry's fields and each asset's description. */
interface CfWritten { locale: string; fields: Record<string, unknown>; assets: Record<string, string> }
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
/** How a rollback names a Contentful asset's description (the alt text Contentful's images carry). */
const assetDescription = (id: string) => `description of the asset ${id}`;

export function createContentfulEnricher(options: AdapterOptions): TargetEnricher {
  const space = str(options.config, "spaceId");
  const env = str(options.config, "environmentId", "master");
  const base = `https://api.contentful.com/spaces/${encodeURIComponent(space)}/environments/${encodeURIComponent(env)}`;
  const client = new TargetHttpClient({ key: `contentful:${space}`, policy: { requestsPerSecond: 7 }, egress: options.egress, fetch: options.fetch });
  const headers = (extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${str(options.config, "managementToken")}`, "Content-Type": "application/vnd.contentful.management.v1+json", ...extra });
  const get = (kind: "entries" | "assets", id: string) => client.json<CfEntity>(`${base}/${kind}/${id}`, { headers: headers() });
  const putAt = (kind: "entries" | "assets", id: string, version: number, fields: CfFields) =>
    client.json(`${base}/${kind}/${id}`, { method: "PUT", headers: headers({ "X-Contentful-Version": String(version) }), body: JSON.stringify({ fields }) });
  const put = async (kind: "entries" | "assets", id: string, fields: CfFields) => putAt(kind, id, (await get(kind, id)).sys.version, fields);
  /** The entity, or null where Contentful answers 404 (deleted since). */
  const read = async (kind: "entries" | "assets", id: string) => {
    const res = await client.request(`${base}/${kind}/${id}`, { headers: headers(), accept: [404] });
    return res.ok ? ((await res.json()) as CfEntity) : null;
  };
  /**
   * Sets back each written field of one entity (the value of one locale) where it still holds what the
   * apply wrote; see guard. An asset is shared by every entry that shows it, so its description may hold
   * a later apply's alt text for another page: that one is left.
   */
  const restore = async (kind: "entries" | "assets", id: string, loc: string, written: Record<string, unknown>, old: CfFields, name: (field: string) => string, restoreTo?: RestoreTo): Promise<RevertOutcome[]> => {
    const current = await read(kind, id);
    if (!current) return Object.keys(written).map((field) => gone(name(field)));
    const fields = clone(current.fields);
    const values = Object.entries(written).map(([field, value]) => ({ key: field, item: name(field), now: fields[field]?.[loc], written: value, recorded: old[field]?.[loc] }));
    const { outcomes, changed } = guardEach(values, (field, was) => {
      const locales = { ...(fields[field] ?? {}) };
      if (was === undefined) delete locales[loc];
      else locales[loc] = clone(was);
      if (Object.keys(locales).length) fields[field] = locales;
      else delete fields[field];
    }, restoreTo);
    if (changed) await putAt(kind, id, current.sys.version, fields);
    return outcomes;
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
      const written: CfWritten = { locale: loc, fields: {}, assets: {} };
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
          written.assets[c.asset.targetId] = c.value;
          outcomes.push(applied(`asset ${c.asset.targetId} description`));
          continue;
        }
        const ids = (CONTENTFUL_FIELDS[c.field] ?? []).filter((id) => declared.has(id));
        if (!ids.length) {
          outcomes.push(unsupported(`The content type ${typeId} has no field named ${(CONTENTFUL_FIELDS[c.field] ?? [c.field]).join(", ")}`));
          continue;
        }
        const value = c.field === "tags" && type.fields.find((f) => f.id === ids[0])?.type === "Array" ? c.value.split(",").map((t) => t.trim()).filter(Boolean) : c.value;
        for (const id of ids) (fields[id] = { ...(fields[id] ?? {}), [loc]: value }), (written.fields[id] = value);
        outcomes.push(applied(ids.join(", ")));
      }
      await put("entries", item.targetId, fields);
      return { outcomes, previous: { fields: entry.fields, assets }, after: { fields, written } };
    },
    shared(previous, after) {
      const prev = previous as { assets?: Record<string, CfFields> } | null;
      const written = (after as { written?: CfWritten } | null | undefined)?.written;
      if (!prev || !written) return [];
      return Object.entries(written.assets).map(([id, value]) => ({ item: assetDescription(id), old: prev.assets?.[id]?.description?.[written.locale], written: value }));
    },
    async revert(item, previous, after, restoreTo) {
      const prev = previous as { fields: CfFields; assets: Record<string, CfFields> } | null;
      if (!prev) return [];
      const written = (after as { written?: CfWritten } | null | undefined)?.written;
      if (!written) {
        // Applies recorded before rollbacks were guarded kept no `written`: their fields go back whole, unchecked.
        const outcomes: RevertOutcome[] = [];
        for (const [id, fields] of Object.entries(prev.assets ?? {})) await put("assets", id, fields), outcomes.push(unchecked(`the fields of the asset ${id}`));
        await put("entries", item.targetId, prev.fields);
        return [...outcomes, unchecked("the entry's fields")];
      }
      const outcomes: RevertOutcome[] = [];
      for (const [id, value] of Object.entries(written.assets)) {
        // An asset is shared: its old description may be one an earlier apply wrote and was rolled back since.
        outcomes.push(...(await restore("assets", id, written.locale, { description: value }, prev.assets[id] ?? {}, () => assetDescription(id), restoreTo)));
      }
      outcomes.push(...(await restore("entries", item.targetId, written.locale, written.fields, prev.fields, (field) => `field ${field}`)));
      return outcomes;
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
    async revert(item, previous, after) {
      const prev = previous as { name: string; type: string; properties: Property[]; absent?: string[] } | null;
      if (!prev) return [];
      const emptied = (name: string): Property => ({ name, type: "String", multiple: false, values: [""] });
      const written = (after as { properties?: Property[] } | null | undefined)?.properties;
      if (!written) {
        // Every Magnolia apply recorded what it set; a caller without that record gets the old properties back whole, unchecked.
        await post(item.targetId, prev, [...prev.properties, ...(prev.absent ?? []).map(emptied)]);
        return [unchecked("the page properties")];
      }
      const res = await client.request(`${nodeUrl(item.targetId)}?depth=0`, { headers, accept: [404] });
      if (!res.ok) return written.map((p) => gone(`page property ${p.name}`));
      const node = (await res.json()) as { properties?: Property[] };
      const restore: Property[] = [];
      const values = written.map((p) => {
        // A property the page did not have is emptied (the nodes API keeps what a POST omits).
        const old = prev.properties.find((q) => q.name === p.name) ?? emptied(p.name);
        return { key: old, item: `page property ${p.name}`, now: node.properties?.find((q) => q.name === p.name)?.values, written: p.values, recorded: old.values };
      });
      const { outcomes, changed } = guardEach(values, (old) => restore.push(old));
      if (changed) await post(item.targetId, prev, restore);
      return outcomes;
    },
  };
}
