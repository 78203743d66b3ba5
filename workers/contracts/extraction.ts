/**
 * What the crawler extracts from one rendered page. Produced by workers/crawl, consumed by
 * workers/mapping and workers/targets. JSON-serialisable; stored in R2 beside each snapshot.
 *
 * Extraction is a pure function over the rendered HTML (the browser renders and screenshots; the
 * Worker then parses `page.content()` with linkedom): `extractPage(html, url, definitions)` in
 * workers/crawl/extract.ts. The command line and the mapping evaluation run exactly that function.
 * `definitions` are the site configuration's `components` map: each entry has at least a CSS
 * `selector` locating its instances (see workers/contracts/definitions.ts).
 */
export interface ExtractedImage {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface ExtractedLink {
  href: string;
  text: string;
  internal: boolean;
}

export interface ExtractedHeading {
  level: number;
  text: string;
}

/**
 * Where an element was drawn on the rendered page, in CSS pixels from the top-left of the document
 * (the screenshot's coordinates). Read in the browser at capture time (`data-box` attributes).
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One value of a page-level field as one source states it, with where it came from. A field's
 * values are ordered best first.
 */
export interface MetadataValue {
  value: string;
  /** Human-readable source: "JSON-LD NewsArticle.author", "meta og:site_name", "visible byline under the h1". */
  provenance: string;
  /** How reliable this kind of source is for this field, 0..1 (structured data high, guesses low). */
  strength: number;
  /** Other, independent sources that state the same value (already counted in `strength`). */
  agreeing?: string[];
  /** CSS path of the element that holds the value, when it is an element of the page body. */
  selector?: string | null;
  box?: Box | null;
}

/** Page-level fields from every metadata source the page has (structured data, meta tags, visible text). */
export interface PageMetadata {
  /** The page's own title, without the site name suffix. */
  title: MetadataValue[];
  siteName: MetadataValue[];
  author: MetadataValue[];
  /** ISO 8601 (YYYY-MM-DD or full date-time). */
  datePublished: MetadataValue[];
  dateModified: MetadataValue[];
  description: MetadataValue[];
  /** BCP 47 language tag. */
  language: MetadataValue[];
  canonical: MetadataValue[];
  /** The hero image: absolute URL. */
  image: MetadataValue[];
  /** schema.org or Open Graph type of the page ("NewsArticle", "article", "product"). */
  type: MetadataValue[];
}

/** One value found inside a component instance, before it is mapped to a target field. */
export interface SourceField {
  /** A stable name from the source markup: a class, data attribute, tag role (e.g. "title", "image", "cta"). */
  name: string;
  /** What the value looks like: text, richtext, image, link, list, date, number, boolean. */
  kind: "text" | "richtext" | "image" | "link" | "list" | "date" | "number" | "boolean";
  /** Plain text, HTML (richtext), URL (image/link), or JSON-encoded list. */
  value: string;
  /** CSS path of the element inside the instance, for evidence and memory signatures. */
  selector: string;
  /** Extra facts: alt text, link text, heading level, position. */
  attrs?: Record<string, string | number | boolean>;
  /** Where the element was drawn, when the page was rendered in the browser. */
  box?: Box | null;
}

/** An occurrence on a page of a component the site's definitions select. */
export interface ComponentInstance {
  /** Key of the component definition whose selector matched, or null for auto-detected structures. */
  definition: string | null;
  /** Selector that matched, and the element's own CSS path on the page. */
  selector: string;
  path: string;
  /** Source classes of the root element: part of the memory signature. */
  classes: string[];
  /** Index of the instance in document order. */
  position: number;
  html: string;
  text: string;
  fields: SourceField[];
  /** Where the instance was drawn, when the page was rendered in the browser. */
  box?: Box | null;
}

/** What a content audit reads off the page beyond the cleaned extraction (workers/crawl/audit-facts.ts). */
export interface PageAuditFacts {
  /** Every visible heading in document order, navigation and empty ones included. */
  headings: Array<{ level: number; text: string }>;
  /** Every visible image once; `alt` is null when the attribute is missing ("" marks a decorative image). */
  images: Array<{ src: string; alt: string | null; caption: string | null }>;
}

export interface PageExtraction {
  url: string;
  finalUrl: string;
  status: number;
  title: string;
  metaDescription: string;
  openGraph: Record<string, string>;
  canonical: string | null;
  language: string | null;
  headings: ExtractedHeading[];
  /** Main content as sanitised HTML (scripts, styles, event handlers removed). */
  mainHtml: string;
  mainText: string;
  /**
   * How the main content was chosen ("readability", "landmark", "layout", "merged"), with why; `fallback`
   * when Readability found no article and the landmark stands in; `signals`, the evidence as numbers
   * (workers/crawl/main-content.ts MainContentSignals), absent in extractions stored before it existed.
   */
  mainSource?: { method: string; reason: string; fallback?: boolean; signals?: Record<string, number> };
  /** Page-level fields with their provenance; absent in extractions stored before it existed. */
  metadata?: PageMetadata;
  images: ExtractedImage[];
  links: ExtractedLink[];
  components: ComponentInstance[];
  /** Audit facts; absent in extractions stored before they existed. */
  audit?: PageAuditFacts;
  /** SHA-256 of the normalised main content and components: unchanged pages are skipped on re-runs. */
  contentHash: string;
}
