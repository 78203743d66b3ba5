/**
 * Input validation of mapped pages arriving over the API (dry runs). Mirrors `MappedPage` in types.ts.
 */
import { z } from "zod";
import { FIELD_TYPES } from "../contracts/definitions";

const fieldValue = z.object({
  type: z.enum(FIELD_TYPES),
  value: z.union([z.string().max(500_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(1000), z.null()]),
  alt: z.string().max(2000).optional(),
});
const fields = z.record(z.string().max(100), fieldValue);

export const mappedPageSchema = z.object({
  sourceUrl: z.string().url().max(2000),
  canonicalUrl: z.string().url().max(2000).nullable(),
  targetPath: z.string().max(1000).regex(/^\//, "targetPath starts with /"),
  slug: z.string().max(200),
  template: z.object({ definition: z.string().max(200), targetId: z.string().max(300) }),
  title: z.string().max(1000),
  seo: z.object({
    title: z.string().max(1000),
    description: z.string().max(5000),
    openGraph: z.record(z.string().max(100), z.string().max(2000)),
    canonical: z.string().max(2000).nullable(),
    language: z.string().max(50).nullable(),
  }),
  fields: fields.optional(),
  components: z.array(z.object({
    definition: z.string().max(200),
    targetId: z.string().max(300),
    area: z.string().max(100),
    fields,
    confidence: z.number().min(0).max(1).optional(),
  })).max(500),
  assets: z.array(z.object({ url: z.string().max(2000), alt: z.string().max(2000), width: z.number().nullable().optional(), height: z.number().nullable().optional() })).max(1000),
  internalLinks: z.array(z.object({ href: z.string().max(2000), text: z.string().max(2000) })).max(5000),
  contentHash: z.string().max(200),
});

export const dryRunSchema = z.object({ pages: z.array(mappedPageSchema).min(1).max(500) });
