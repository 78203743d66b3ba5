/** Reads the labelled evaluation set from test/fixtures/mapping (Node only: the benchmark and the CLI). */
import fs from "node:fs";
import path from "node:path";
import { componentDefinitionSchema, templateDefinitionSchema } from "../../workers/contracts/definitions";
import type { MappingDefinitions } from "../../workers/mapping/types";
import type { PageLabel } from "./score";

export interface FixturePage {
  slug: string;
  html: string;
  label: PageLabel;
}

export interface FixtureSite {
  id: string;
  name: string;
  cms: string;
  split: "train" | "holdout" | "test";
  definitions: MappingDefinitions;
  pages: FixturePage[];
}

/** Parses a definitions file ({ components, templates }) with the product's schemas. */
export function parseDefinitions(raw: unknown): MappingDefinitions {
  const obj = (raw ?? {}) as { components?: Record<string, unknown>; templates?: Record<string, unknown> };
  const components = Object.fromEntries(Object.entries(obj.components ?? {}).map(([k, v]) => [k, componentDefinitionSchema.parse(v)]));
  const templates = Object.fromEntries(Object.entries(obj.templates ?? {}).map(([k, v]) => [k, templateDefinitionSchema.parse(v)]));
  return { components, templates };
}

export function loadSites(dir: string): FixtureSite[] {
  const index = JSON.parse(fs.readFileSync(path.join(dir, "sites.json"), "utf8")) as { sites: { id: string; name: string; cms: string; split: FixtureSite["split"]; pages: string[] }[] };
  return index.sites.map((s) => ({
    id: s.id,
    name: s.name,
    cms: s.cms,
    split: s.split,
    definitions: parseDefinitions(JSON.parse(fs.readFileSync(path.join(dir, s.id, "definitions.json"), "utf8"))),
    pages: s.pages.map((slug) => ({
      slug,
      html: fs.readFileSync(path.join(dir, s.id, "pages", `${slug}.html`), "utf8"),
      label: JSON.parse(fs.readFileSync(path.join(dir, s.id, "labels", `${slug}.json`), "utf8")) as PageLabel,
    })),
  }));
}
