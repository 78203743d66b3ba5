/**
 * The target platforms as the interface shows them: their names, labels, configuration fields and what
 * a run records of their assets. Free of validation code, so public and shell screens can read it
 * without loading the schemas (./platforms.ts adds those).
 */

/** How images are handled by a run (spec §3); `dam` is the default. */
export const ASSET_PROCESSING_MODES = ["none", "zip", "dam"] as const;
export const DEFAULT_ASSET_PROCESSING_MODE = "dam";
export const STORYBLOK_REGIONS = ["us", "eu"] as const;

export type FieldKind = "text" | "url" | "password" | "boolean" | "select" | "path";

export interface PlatformField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Secrets are encrypted at rest and returned masked. */
  secret?: boolean;
  options?: readonly string[];
  placeholder?: string;
  /** A line under the field that says what it is for. */
  hint?: string;
  /** Needed for the platform to count as configured (spec §5). */
  requiredForConnection?: boolean;
  /** The product calls this URL with the platform's credentials: checked by the egress guard on save and on every call. */
  endpoint?: boolean;
}

export interface PlatformMeta {
  slug: string;
  displayName: string;
  labels: { components: string; templates: string };
  capabilities: { entryModeling: "types-only" | "templates-and-components" };
  fields: readonly PlatformField[];
}

const assetMode: PlatformField = {
  name: "assetProcessingMode",
  label: "Asset processing",
  kind: "select",
  options: ASSET_PROCESSING_MODES,
};

/** The author instance's address (Magnolia, AEM): what the product calls with the platform's credentials. */
const authorUrl = (placeholder: string): PlatformField => ({ name: "authorUrl", label: "Author URL", kind: "url", requiredForConnection: true, endpoint: true, placeholder });

// Fields that several platforms ask for under the same name and label.
const username: PlatformField = { name: "username", label: "Username", kind: "text" };
const spaceId: PlatformField = { name: "spaceId", label: "Space ID", kind: "text", requiredForConnection: true };
const managementToken: PlatformField = { name: "managementToken", label: "Management token", kind: "password", secret: true, requiredForConnection: true };
const uploadAssets: PlatformField = { name: "uploadAssets", label: "Upload assets", kind: "boolean" };
const publishEntries: PlatformField = { name: "publishEntries", label: "Publish entries", kind: "boolean" };

/**
 * Where the front end of a headless platform (Contentful, Sanity) shows an entry: the written page's URL,
 * which the fidelity check renders. Not an endpoint: no credentials go there, and the check's browser
 * passes its own egress guard.
 */
const previewFields: readonly PlatformField[] = [
  { name: "previewBaseUrl", label: "Preview base URL", kind: "url", hint: "Where your front end shows the entries. Each written page is opened there to check its fidelity." },
  { name: "previewUrlTemplate", label: "Preview URL template", kind: "text", placeholder: "/{slug}" },
  { name: "previewQueryString", label: "Preview query string", kind: "text" },
  { name: "appendPreviewQuery", label: "Append preview query", kind: "boolean" },
];

const exportOnly = (slug: string, displayName: string): PlatformMeta => ({
  slug,
  displayName,
  labels: { components: "components", templates: "templates" },
  capabilities: { entryModeling: "templates-and-components" },
  fields: [],
});

/** Every platform the product writes into, with its configuration fields (spec §3) and labels. */
export const PLATFORMS: readonly PlatformMeta[] = [
  {
    slug: "magnolia",
    displayName: "Magnolia",
    labels: { components: "components", templates: "templates" },
    capabilities: { entryModeling: "templates-and-components" },
    fields: [
      authorUrl("https://author.example.com/magnoliaAuthor"),
      { name: "authorUsername", label: "Author username", kind: "text" },
      { name: "authorPassword", label: "Author password", kind: "password", secret: true },
      assetMode,
      { name: "siteRootPath", label: "Site root path", kind: "path", placeholder: "/my-site" },
      // The public instance serves pages without a login (the author shows its login form to the fidelity
      // check's browser). Not an endpoint: no credentials go there, and the check passes its own egress guard.
      {
        name: "publicUrl",
        label: "Public URL",
        kind: "url",
        placeholder: "https://www.example.com/magnoliaPublic",
        hint: "The public instance, with its context path. Each written page is opened there to check its fidelity.",
      },
    ],
  },
  {
    slug: "aem",
    displayName: "AEM",
    labels: { components: "content types", templates: "templates" },
    capabilities: { entryModeling: "templates-and-components" },
    fields: [
      authorUrl("https://author.example.com"),
      username,
      { name: "password", label: "Password", kind: "password", secret: true },
      assetMode,
    ],
  },
  {
    slug: "wordpress",
    displayName: "WordPress",
    labels: { components: "blocks", templates: "templates" },
    capabilities: { entryModeling: "templates-and-components" },
    fields: [
      { name: "restUrl", label: "REST URL", kind: "url", requiredForConnection: true, endpoint: true, placeholder: "https://example.com/wp-json" },
      username,
      { name: "applicationPassword", label: "Application password", kind: "password", secret: true },
      assetMode,
    ],
  },
  {
    slug: "contentful",
    displayName: "Contentful",
    labels: { components: "content types", templates: "content types" },
    capabilities: { entryModeling: "types-only" },
    fields: [
      spaceId,
      { name: "environmentId", label: "Environment ID", kind: "text", requiredForConnection: true, placeholder: "master" },
      managementToken,
      { name: "deliveryToken", label: "Delivery token (optional)", kind: "password", secret: true },
      ...previewFields,
      uploadAssets,
      publishEntries,
      { name: "publishAssets", label: "Publish assets", kind: "boolean" },
    ],
  },
  {
    slug: "storyblok",
    displayName: "Storyblok",
    labels: { components: "blocks", templates: "components" },
    capabilities: { entryModeling: "templates-and-components" },
    fields: [
      spaceId,
      managementToken,
      { name: "region", label: "Region", kind: "select", options: STORYBLOK_REGIONS },
      { name: "defaultLanguage", label: "Default language", kind: "text", placeholder: "en" },
      uploadAssets,
      publishEntries,
    ],
  },
  {
    slug: "sanity",
    displayName: "Sanity",
    labels: { components: "content types", templates: "content types" },
    capabilities: { entryModeling: "types-only" },
    fields: [
      { name: "projectId", label: "Project ID", kind: "text", requiredForConnection: true },
      { name: "dataset", label: "Dataset", kind: "text", requiredForConnection: true, placeholder: "production" },
      { name: "token", label: "Token", kind: "password", secret: true, requiredForConnection: true },
      { name: "apiVersion", label: "API version", kind: "text", placeholder: "2025-02-19" },
      ...previewFields,
    ],
  },
  exportOnly("drupal", "Drupal"),
  exportOnly("sitecore", "Sitecore"),
  exportOnly("umbraco", "Umbraco"),
  exportOnly("strapi", "Strapi"),
  exportOnly("kentico", "Kentico"),
  exportOnly("contentstack", "Contentstack"),
  exportOnly("joomla", "Joomla"),
];

export const PLATFORM_SLUGS = PLATFORMS.map((p) => p.slug) as [string, ...string[]];

export function platformMeta(slug: string | null | undefined): PlatformMeta | undefined {
  return PLATFORMS.find((p) => p.slug === slug);
}

/** The mask that stands in for a stored secret in every read. */
export const SECRET_MASK = "••••••••";

/** Whether a platform has what it needs to connect (spec §5). */
export function isPlatformConfigured(slug: string | null | undefined, config: Record<string, unknown> | null | undefined): boolean {
  const meta = platformMeta(slug);
  if (!meta) return false;
  const required = meta.fields.filter((f) => f.requiredForConnection);
  return required.every((f) => {
    const v = config?.[f.name];
    return typeof v === "string" && v.trim() !== "";
  });
}

/**
 * What became of an asset in a run: uploaded into the target, reused (the target already held these
 * bytes), converted into a format the platform takes and uploaded, bundled into the run's ZIP, or kept
 * at its source URL (with the reason: mode none, a failed download, a format the platform refuses).
 */
export type AssetState = "uploaded" | "reused" | "converted" | "bundled" | "source";
export const ASSET_STATES: readonly AssetState[] = ["uploaded", "reused", "converted", "bundled", "source"];

/**
 * A link of a written page to a page of the same site that is neither in the site's page list nor
 * written by a run: it still points at the source site, and is reported so someone can decide.
 */
export interface OutsideLink {
  /** The absolute source URL the link points at. */
  href: string;
  text: string;
}

/** What of a written page's metadata (SEO title, description, image, language) the platform kept, and what had no place there. */
export interface PageMetadataRecord {
  written: string[];
  /** Each with the reason, e.g. "language (de): WordPress keeps one language for the whole site". */
  noPlace: string[];
  /**
   * What the page's content was written from when it was not its components, and why: "the page's main
   * content (its 2 components held 48% of its words)".
   */
  content?: string;
}

/** One asset of a written page, as the run records it. */
export interface PageAssetRecord {
  sourceUrl: string;
  url: string;
  state: AssetState;
  reason?: string;
}
