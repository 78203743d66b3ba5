import { z } from "zod";

/** Field types of component and template definitions. */
export const FIELD_TYPES = ["text", "richtext", "image", "link", "list", "date", "number", "boolean", "reference"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const fieldDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(100).regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "Field names start with a letter and use letters, digits, - or _"),
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  description: z.string().max(1000).default(""),
});

/**
 * A component (or block / content type, by platform label) definition, kept in the site
 * configuration's `components` map under its key. `selector` locates instances on source pages.
 */
export const componentDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(120),
  /** The target platform's identifier, e.g. a Magnolia component id "my-module:components/hero". */
  targetId: z.string().trim().max(300).default(""),
  selector: z.string().trim().max(1000).default(""),
  exampleUrls: z.array(z.string().url()).max(50).default([]),
  fields: z.array(fieldDefinitionSchema).max(100).default([]),
});

/** A page template definition, kept in the site configuration's `templates` map. */
export const templateDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(120),
  targetId: z.string().trim().max(300).default(""),
  /** URL pattern (glob-like, e.g. "/blog/*") or CSS selector that identifies pages using this template. */
  urlPattern: z.string().trim().max(500).default(""),
  selector: z.string().trim().max(1000).default(""),
  /** Areas of the template that hold components (Magnolia areas, Storyblok body, ...). */
  areas: z.array(z.string().trim().min(1).max(100)).max(20).default(["main"]),
  fields: z.array(fieldDefinitionSchema).max(100).default([]),
});

export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;
export type ComponentDefinition = z.infer<typeof componentDefinitionSchema>;
export type TemplateDefinition = z.infer<typeof templateDefinitionSchema>;
export type ComponentDefinitions = Record<string, ComponentDefinition>;
export type TemplateDefinitions = Record<string, TemplateDefinition>;
