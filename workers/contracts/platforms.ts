import { z } from "zod";
import { ASSET_PROCESSING_MODES, DEFAULT_ASSET_PROCESSING_MODE, PLATFORMS, STORYBLOK_REGIONS } from "./platform-meta";

export * from "./platform-meta";

const optionalText = z.string().trim().max(2000).optional();
const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Must be an http(s) URL")
  .optional();
const flag = z.boolean().optional();
/** The preview settings of the headless platforms (`previewFields` in ./platform-meta.ts). */
const previewSchema = {
  previewBaseUrl: optionalUrl,
  previewUrlTemplate: optionalText,
  previewQueryString: optionalText,
  appendPreviewQuery: flag,
};
const assetModeSchema = z.enum(ASSET_PROCESSING_MODES).default(DEFAULT_ASSET_PROCESSING_MODE);

/** Per-platform configuration schemas (spec §3 and §5). Unknown keys are rejected. */
export const platformConfigSchemas: Record<string, z.ZodType<Record<string, unknown>>> = {
  magnolia: z
    .object({
      authorUrl: optionalUrl,
      authorUsername: optionalText,
      authorPassword: optionalText,
      assetProcessingMode: assetModeSchema,
      siteRootPath: z
        .string()
        .trim()
        .refine((v) => v === "" || v.startsWith("/"), "siteRootPath must be an absolute path starting with /")
        .optional(),
      publicUrl: optionalUrl,
    })
    .strict(),
  aem: z
    .object({ authorUrl: optionalUrl, username: optionalText, password: optionalText, assetProcessingMode: assetModeSchema })
    .strict(),
  wordpress: z
    .object({ restUrl: optionalUrl, username: optionalText, applicationPassword: optionalText, assetProcessingMode: assetModeSchema })
    .strict(),
  contentful: z
    .object({
      spaceId: optionalText,
      environmentId: optionalText,
      managementToken: optionalText,
      deliveryToken: optionalText,
      ...previewSchema,
      uploadAssets: flag,
      publishEntries: flag,
      publishAssets: flag,
    })
    .strict(),
  storyblok: z
    .object({
      spaceId: optionalText,
      managementToken: optionalText,
      region: z.union([z.enum(STORYBLOK_REGIONS), z.literal("")]).optional(),
      defaultLanguage: optionalText,
      uploadAssets: flag,
      publishEntries: flag,
    })
    .strict(),
  sanity: z
    .object({ projectId: optionalText, dataset: optionalText, token: optionalText, apiVersion: optionalText, ...previewSchema })
    .strict(),
};

for (const p of PLATFORMS) {
  if (!platformConfigSchemas[p.slug]) platformConfigSchemas[p.slug] = z.object({}).strict();
}
