/**
 * Pages of the labelled evaluation set (test/fixtures/mapping), imported as text so the tests run
 * inside workerd without file access.
 */
import { componentDefinitionSchema, templateDefinitionSchema } from "../../workers/contracts/definitions";
import type { MappingDefinitions } from "../../workers/mapping/types";
import wpDefs from "../fixtures/mapping/wp-garden/definitions.json";
import wpHome from "../fixtures/mapping/wp-garden/pages/home.html?raw";
import wpHomeLabel from "../fixtures/mapping/wp-garden/labels/home.json";
import wpFaq from "../fixtures/mapping/wp-garden/pages/faq.html?raw";
import saasDefs from "../fixtures/mapping/bootstrap-saas/definitions.json";
import saasHome from "../fixtures/mapping/bootstrap-saas/pages/home.html?raw";
import saasHomeLabel from "../fixtures/mapping/bootstrap-saas/labels/home.json";
import drupalDefs from "../fixtures/mapping/drupal-uni/definitions.json";
import drupalFaq from "../fixtures/mapping/drupal-uni/pages/admissions-faq.html?raw";
import drupalFaqLabel from "../fixtures/mapping/drupal-uni/labels/admissions-faq.json";

function parse(raw: { components: Record<string, unknown>; templates: Record<string, unknown> }): MappingDefinitions {
  return {
    components: Object.fromEntries(Object.entries(raw.components).map(([k, v]) => [k, componentDefinitionSchema.parse(v)])),
    templates: Object.fromEntries(Object.entries(raw.templates).map(([k, v]) => [k, templateDefinitionSchema.parse(v)])),
  };
}

export const wp = { defs: parse(wpDefs), home: wpHome, homeLabel: wpHomeLabel, faq: wpFaq, raw: wpDefs };
export const saas = { defs: parse(saasDefs), home: saasHome, homeLabel: saasHomeLabel, raw: saasDefs };
export const drupal = { defs: parse(drupalDefs), faq: drupalFaq, faqLabel: drupalFaqLabel, raw: drupalDefs };
