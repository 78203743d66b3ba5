/**
 * The one place that knows which adapter serves which platform.
 */
import { platformMeta } from "../contracts/platforms";
import { createAemAdapter } from "./adapters/aem";
import { createContentfulAdapter } from "./adapters/contentful";
import { createExportBundleAdapter } from "./adapters/export-bundle";
import { createMagnoliaAdapter } from "./adapters/magnolia";
import type { AdapterOptions } from "./adapters/options";
import { createSanityAdapter } from "./adapters/sanity";
import { createStoryblokAdapter } from "./adapters/storyblok";
import { createWordPressAdapter } from "./adapters/wordpress";
import type { TargetAdapter } from "./types";

const FACTORIES: Record<string, (options: AdapterOptions) => TargetAdapter> = {
  magnolia: createMagnoliaAdapter,
  wordpress: createWordPressAdapter,
  aem: createAemAdapter,
  contentful: createContentfulAdapter,
  storyblok: createStoryblokAdapter,
  sanity: createSanityAdapter,
};

/** Platforms that receive an export bundle instead of API writes. */
export const EXPORT_BUNDLE_PLATFORMS = ["drupal", "sitecore", "umbraco", "strapi", "kentico", "contentstack", "joomla"] as const;

export function isExportBundlePlatform(platform: string): boolean {
  return (EXPORT_BUNDLE_PLATFORMS as readonly string[]).includes(platform);
}

/** The adapter for a platform slug; throws for a platform the product does not write into. */
export function createTargetAdapter(platform: string, options: AdapterOptions): TargetAdapter {
  const factory = FACTORIES[platform];
  if (factory) return factory(options);
  if (isExportBundlePlatform(platform)) return createExportBundleAdapter(platform, options);
  throw new Error(`No target adapter for platform ${platform}`);
}

export function hasTargetAdapter(platform: string | null | undefined): platform is string {
  return !!platform && !!platformMeta(platform) && (!!FACTORIES[platform] || isExportBundlePlatform(platform));
}
