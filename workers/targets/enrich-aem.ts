/**
 * Enrich changes for AEM: page properties of `jcr:content`, alt text on image components, in rich text and
 * on DAM assets, all through the Sling POST servlet. Each returns the state before the change for rollback.
 */
import { aemLanguage, aemSling, type SlingForm } from "./adapters/aem";
import type { AdapterOptions } from "./adapters/options";
import type { EnrichChangeInput, EnrichWriteResult, RestoreTo, TargetEnricher } from "./enrich";
import { applied, unsupported } from "./enrich-outcomes";
import { gone, guardEach, type RevertOutcome, UNRECORDED } from "./enrich-revert";
import { setImageAlt } from "./image-alt";

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

/** The node, or the property, at a path relative to `tree` ("root/main/hero_0/alt"). */
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
 * src, or the data-asset-id the migration adds, is one of `refs`), each with its HTML before and after that
 * alt is set. Only the alt attributes change, so the HTML before is what rollback writes back; the new HTML
 * is set in `content` too, so the alt of a second image in the same text is set on top of the first.
 */
function setRichTextAlts(content: Record<string, unknown>, refs: string[], alt: string): { path: string; old: string; html: string; images: number }[] {
  const found: { path: string; old: string; html: string; images: number }[] = [];
  walkRoot(content, (node, path) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value !== "string" || !value.includes("<img") || !isRichText(node, name)) continue;
      const set = setImageAlt(value, (attr) => refs.includes(attr("src") ?? "") || refs.includes(attr("data-asset-id") ?? ""), alt);
      if (!set.count) continue;
      node[name] = set.html;
      found.push({ path: `${path}/${name}`, old: value, html: set.html, images: set.count });
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

/** How a rollback names a property of a DAM asset's metadata node. */
const damItem = (metadataPath: string, property: string) => `${property} of the DAM asset ${metadataPath.replace(/\/jcr:content\/metadata$/, "")}`;

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
    shared(previous, after) {
      const prev = previous as AemPrevious | null;
      const wrote = after as AemPrevious | null | undefined;
      return Object.entries(prev?.assets ?? {}).flatMap(([path, props]) =>
        Object.entries(props)
          .filter(([property]) => !!wrote?.assets?.[path] && property in wrote.assets[path]!)
          .map(([property, old]) => ({ item: damItem(path, property), old, written: wrote!.assets![path]![property] })),
      );
    },
    async revert(item, previous, after, restoreTo) {
      const prev = previous as AemPrevious | null;
      const wrote = after as AemPrevious | null | undefined;
      const outcomes: RevertOutcome[] = [];
      if (prev?.properties && Object.keys(prev.properties).length) {
        const page = contentPath(item.targetId);
        outcomes.push(...(await restore(page, await sling.getJson(page), prev.properties, wrote?.properties, (name) => `page property ${name}`)));
      }
      // A DAM asset is shared: its old values may be ones earlier applies wrote and were rolled back since.
      for (const [path, props] of Object.entries(prev?.assets ?? {})) {
        outcomes.push(...(await restore(path, await sling.getProperties(path), props, wrote?.assets?.[path], (name) => damItem(path, name), restoreTo)));
      }
      return outcomes;
    },
  };

  /**
   * Sets back each property of `old` (relative to the node at `path`, which holds `now`) where the node
   * still holds what the apply wrote; see guard. A DAM asset is shared by every page that shows it, so
   * its dc:description may hold a later apply's alt text for another page: that one is left.
   */
  async function restore(path: string, now: Record<string, unknown> | null, old: Record<string, SlingValue | null>, written: Record<string, SlingValue | null> | undefined, name: (property: string) => string, restoreTo?: RestoreTo): Promise<RevertOutcome[]> {
    // A POST to a node that was deleted since would create a bare node where it was.
    if (!now) return Object.keys(old).map((property) => gone(name(property)));
    const form: Record<string, SlingValue | null> = {};
    // Without the record of what the apply wrote (every AEM apply kept it in `after`; a caller may pass none), the old value goes back unchecked, as before rollbacks were guarded.
    const values = Object.entries(old).map(([property, value]) => ({ key: property, item: name(property), now: childAt(now, property), written: written && property in written ? written[property] : UNRECORDED, recorded: value }));
    const { outcomes, changed } = guardEach(values, (property, was) => (form[property] = was as SlingValue | null), restoreTo);
    if (changed) await sling.post(path, slingForm(form));
    return outcomes;
  }
}
