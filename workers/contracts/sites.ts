import { z } from "zod";
import { FIDELITY_TEXTS } from "./fidelity";
import { PLATFORM_SLUGS } from "./platforms";

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Domain is required")
  .max(253)
  .transform((v) => v.replace(/^https?:\/\//, "").replace(/\/.*$/, ""))
  .refine((v) => /^[a-z0-9.-]+(:\d+)?$/.test(v) && v.includes("."), "Enter a domain such as www.example.com")
  .or(z.string().trim().regex(/^localhost(:\d+)?$/));

const iconUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || /^https?:\/\//i.test(v), "Icon URL must be an http(s) URL")
  .nullable()
  .optional();

export const createSiteSchema = z.object({
  name: z.string().trim().min(1, "Project name is required").max(120),
  domain,
  iconUrl,
});

export const updateSiteSchema = z
  .object({ name: z.string().trim().min(1, "Project name is required").max(120), domain, iconUrl })
  .partial();

/** Migration sources and options kept with the site configuration. */
const hostPattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/, "Each host must be a host name such as cdn.example.com or *.example.com");

/**
 * How the browser loads the site's pages: the per-page budget (until DOMContentLoaded, then for the
 * network to go quiet) and hosts to block or to allow beyond the tracker list (workers/crawl/trackers.ts).
 */
export const crawlSettingsSchema = z
  .object({
    navigationTimeoutMs: z.number().int().min(2_000).max(60_000).optional(),
    settleMs: z.number().int().min(0).max(15_000).optional(),
    blockHosts: z.array(hostPattern).max(200).optional(),
    allowHosts: z.array(hostPattern).max(200).optional(),
  })
  .strict();

export type CrawlSettings = z.infer<typeof crawlSettingsSchema>;

export const siteSettingsSchema = z
  .object({
    sitemapUrl: z.string().trim().max(2000).refine((v) => v === "" || /^https?:\/\//i.test(v), "Sitemap URL must be an http(s) URL").optional(),
    urlList: z.array(z.string().trim().url("Each URL must be absolute").max(2000)).max(50_000).optional(),
    concurrency: z.number().int().min(1).max(16).optional(),
    minConfidence: z.number().min(0).max(1).optional(),
    /** Written pages whose fidelity in the target is below this wait for review; null or absent: none waits. */
    fidelityThreshold: z.number({ error: FIDELITY_TEXTS.thresholdRange }).min(0, FIDELITY_TEXTS.thresholdRange).max(1, FIDELITY_TEXTS.thresholdRange).nullable().optional(),
    crawl: crawlSettingsSchema.optional(),
  })
  .strict();

export const saveSiteConfigSchema = z.object({
  platform: z.enum(PLATFORM_SLUGS).nullable().optional(),
  platformConfig: z.record(z.string(), z.unknown()).optional(),
  components: z.record(z.string(), z.unknown()).optional(),
  templates: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  name: z.string().trim().min(1, "Project name is required").max(120).optional(),
  iconUrl,
  settings: siteSettingsSchema.optional(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export interface SiteDto {
  id: string;
  name: string;
  domain: string;
  iconUrl: string | null;
  organizationId: string;
  organization: { id: string; name: string };
  createdAt: string;
}

export interface SiteConfigDto {
  id: string;
  siteId: string;
  platform: string | null;
  platformConfig: Record<string, unknown>;
  components: Record<string, unknown>;
  templates: Record<string, unknown> | unknown[];
  settings: SiteSettings;
  name: string;
  iconUrl: string | null;
  domain: string;
  organizationId: string;
  isConfigured: boolean;
  updatedAt: string | null;
}
