/**
 * Page-level values from the metadata layer (title, site name, author, dates, language): the kind of
 * source behind a value, the features the metadata model weighs, the doubts that cap what a value may
 * claim whatever the model says, and what the reviewer is told about it.
 */
import { TEXT_LANGUAGE_PROVENANCE } from "../crawl/metadata/text-language";
import type { FeatureVector } from "./calibration-model";
import type { MetaEvidence } from "./candidates";
import type { PairFeatures } from "./scoring";

/**
 * The most a site name is worth where another source gives it in a longer or shorter form
 * ("Automobilwoche" and "Automobilwoche.de", "t3n" and "t3n Magazin"): which form is the site's name
 * is the doubt, and it waits for a person. On the train split of real pages, 50 of the 65 such values
 * the model put above 0.8 were the form people read as the name (0.77), where the model claimed 0.92;
 * the fit, pulled towards its prior, does not learn a weight that large from so few values.
 */
const SITE_FORM_DOUBT = 0.77;

/**
 * The most an author credited to a desk or a team is worth ("Redaktion", "PETA-Team", "Letters To The
 * Editor"): whether the page credits an author at all is the doubt. On the train and dev splits of real
 * pages, 12 of the 16 such credits the model put above 0.8 were read as the author, the others as no
 * author or as the person the page names elsewhere (0.75), where the model claimed 0.95.
 */
const DESK_CREDIT_DOUBT = 0.77;

/**
 * The most an author from the page's markup is worth where the byline the page shows names someone
 * else ("Isabell Angele" in JSON-LD, "Von Matthias Lauerer" in the article: the uploader and the
 * writer): two sources name two people, and a person decides. Where a shown byline states the markup's
 * author too, no doubt applies (co-writers, a photographer). On the train and dev splits of real pages,
 * none of the 3 such markup authors was the author people read, where the model claimed 0.80 to 0.93.
 */
const SHOWN_RIVAL_DOUBT = 0.5;

/** The most a metadata value may claim, whatever the model says: 1 where no doubt applies. */
export function metadataDoubt(meta: MetaEvidence): number {
  if (meta.concept === "author" && meta.shownRival) return SHOWN_RIVAL_DOUBT;
  if (meta.concept === "site" && meta.variant) return SITE_FORM_DOUBT;
  if (meta.concept === "author" && meta.shape.includes("author:desk")) return DESK_CREDIT_DOUBT;
  return 1;
}

/** The kind of source a provenance names ("meta og:title" → og): see METADATA_SOURCES. */
export function metadataSource(provenance: string): string {
  const p = provenance.toLowerCase();
  if (provenance === TEXT_LANGUAGE_PROVENANCE) return "text";
  if (p.startsWith("json-ld")) return "jsonld";
  if (/^meta (og|article):/.test(p)) return "og";
  if (p.startsWith("meta twitter:")) return "twitter";
  if (/^meta (dc|dcterms)[.:]/.test(p)) return "dc";
  if (p.startsWith("meta name=author")) return "metaAuthor";
  if (p.startsWith("meta ")) return "meta";
  if (p.startsWith("microdata")) return "microdata";
  if (p.startsWith("rdfa")) return "rdfa";
  if (p.startsWith("link rel=")) return "rel";
  if (p.startsWith("visible")) return "visible";
  if (p.startsWith("<time")) return "time";
  if (p.startsWith("<title>")) return "titleTag";
  if (/^<h[1-6]>|heading/.test(p)) return "heading";
  if (p.includes("url")) return "url";
  if (p.includes("title suffix") || p.includes("host") || p.includes("beside the headline")) return "guess";
  if (p.includes("header")) return "brand";
  if (p.startsWith("<html")) return "html";
  return "other";
}

/** The metadata model's features: see METADATA_PRIOR. */
export function metadataFeatureVector(meta: MetaEvidence, f: PairFeatures): FeatureVector {
  return {
    strength: meta.strength,
    agreement: Math.min(meta.agreeing.length, 2) / 2,
    rival: meta.rival?.strength ?? 0,
    name: f.name,
    [`${meta.concept}:${metadataSource(meta.provenance)}`]: 1,
    ...Object.fromEntries(meta.shape.map((k) => [k, 1])),
  };
}

/** What the reviewer is told about a metadata value: who agrees, who says otherwise, and why it waits. */
export function metadataEvidence(meta: MetaEvidence): string[] {
  const out: string[] = [];
  if (meta.agreeing.length) out.push(`${meta.agreeing.length} more source${meta.agreeing.length > 1 ? "s" : ""} agree: ${meta.agreeing.slice(0, 3).join(", ")}`);
  if (meta.rival) out.push(`${meta.rival.provenance} says "${meta.rival.value.slice(0, 80)}"`);
  if (meta.shownRival && meta.shownRival.value !== meta.rival?.value) out.push(`${meta.shownRival.provenance} says "${meta.shownRival.value.slice(0, 80)}"`);
  if (meta.variant) out.push(`${meta.variant.provenance} gives it ${meta.variant.longer ? "longer" : "shorter"}: "${meta.variant.value.slice(0, 80)}"`);
  if (meta.concept === "author" && meta.shape.includes("author:desk")) out.push("credits a desk or a team, not a person: whether the page names an author is for a person to decide");
  return out;
}
