/**
 * The hand-set confidence models: the prior of every fit (calibration-model.ts fitLogistic) and what
 * the mapper would use without one. They encode what should matter: a high pair score, a clear
 * margin over the next candidate, names and roles that agree, an exact type; a whole-instance
 * fallback counts against. For components: a definition selector that matched.
 */
import type { LogisticModel } from "./calibration-model";

export const FIELD_PRIOR: LogisticModel = {
  features: ["raw", "marginTarget", "marginCandidate", "name", "role", "exactType", "synthetic"],
  weights: [6, 4, 1, 1, 1, 0.5, -1],
  bias: -3,
  fittedOn: "hand-set prior",
};

export const COMPONENT_PRIOR: LogisticModel = {
  features: ["selectorMatch", "name", "fit", "margin"],
  weights: [5, 2, 2, 3],
  bias: -2,
  fittedOn: "hand-set prior",
};

export const TEMPLATE_PRIOR: LogisticModel = {
  features: ["patternMatch", "specificity", "only", "fallback"],
  weights: [3, 1, 2, 0.5],
  bias: -1,
  fittedOn: "hand-set prior",
};

/** The page-level concepts whose values come from the metadata layer alone (scoring.ts). */
export const METADATA_CONCEPTS = ["title", "site", "author", "date", "updated", "language"] as const;

/** Kinds of metadata source, read off a value's provenance (metadataFeatureVector in metadata-confidence.ts). */
export const METADATA_SOURCES = ["jsonld", "og", "twitter", "dc", "meta", "metaAuthor", "microdata", "rdfa", "rel", "visible", "time", "titleTag", "heading", "url", "guess", "html", "text", "brand", "other"] as const;

/** The concepts whose value another source may state in a longer or shorter form ("title:overlap"). */
export const OVERLAP_CONCEPTS = ["title", "site", "author"] as const;
/** The concepts whose value the page's body may show as an element ("date:shown"). */
export const SHOWN_CONCEPTS = ["title", "site", "author", "date"] as const;
/**
 * What a value looks like (valueShape in page-candidates.ts), whether another source gives it in another
 * form and whether the page shows it (metaEvidence): indicators the fit weighs.
 */
export const METADATA_SHAPES = [
  "author:oneWord", "author:account", "author:site", "title:short", "site:host",
  ...OVERLAP_CONCEPTS.map((c) => `${c}:overlap`),
  ...SHOWN_CONCEPTS.map((c) => `${c}:shown`),
] as const;

/**
 * Page-level values from the metadata layer: the strength of the best source, how many independent
 * sources agree, how strong a source that says otherwise is, how well the target field's name fits,
 * and which kind of source it is for which concept (one indicator each, "author:metaAuthor"): on real
 * pages a site's `meta name=author` is often its owner, not the article's author, and only data can
 * say how often. A lone weak source or a contradiction lands below the usual auto-apply threshold
 * (0.85) and waits for a person. The indicators start at 0: the fit on real pages sets them.
 */
export const METADATA_PRIOR: LogisticModel = {
  features: ["strength", "agreement", "rival", "name", ...METADATA_CONCEPTS.flatMap((c) => METADATA_SOURCES.map((s) => `${c}:${s}`)), ...METADATA_SHAPES],
  weights: [6.5, 1.5, -3, 1.2, ...METADATA_CONCEPTS.flatMap(() => METADATA_SOURCES.map(() => 0)), ...METADATA_SHAPES.map(() => 0)],
  bias: -4.8,
  fittedOn: "hand-set prior",
};
