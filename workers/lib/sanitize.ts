import sanitizeHtml from "sanitize-html";
import {
  allowedUrl,
  urlSchemesOf,
  HTML_DROPPED_WITH_CONTENT,
  HTML_LINK_SCHEMES,
  HTML_LINK_TARGETS,
  HTML_POLICY,
  HTML_RESOURCE_SCHEMES,
  HTML_URL_ATTRIBUTES,
  type HtmlProfileName,
} from "../contracts/html-policy";

const DROPPED: ReadonlySet<string> = new Set(HTML_DROPPED_WITH_CONTENT);

const URL_ATTRIBUTES: readonly string[] = HTML_URL_ATTRIBUTES;

/**
 * URLs only absolute with the policy's schemes (sanitize-html would let relative ones through), and
 * only the policy's link targets; a new tab gets no handle on the page that opened it.
 */
const urlsAndTargets: sanitizeHtml.Transformer = (tagName, attribs) => {
  const out: sanitizeHtml.Attributes = { ...attribs };
  for (const name of URL_ATTRIBUTES) if (out[name] !== undefined && !allowedUrl(out[name], urlSchemesOf(tagName))) delete out[name];
  if (tagName !== "a") return { tagName, attribs: out };
  delete out.rel;
  if (out.target !== undefined && !(HTML_LINK_TARGETS as readonly string[]).includes(out.target)) delete out.target;
  if (out.target === "_blank") out.rel = "noopener noreferrer";
  return { tagName, attribs: out };
};

function optionsOf(name: HtmlProfileName): sanitizeHtml.IOptions {
  const profile = HTML_POLICY[name];
  const attributes: Record<string, string[]> = {};
  for (const [tag, names] of Object.entries(profile.attributes)) attributes[tag] = tag === "a" && names.includes("target") ? [...names, "rel"] : [...names];
  return {
    // The dropped elements are let in only to be removed with their content by the filter below:
    // sanitize-html unwraps a disallowed element, which would keep what is inside it.
    allowedTags: [...profile.tags, ...HTML_DROPPED_WITH_CONTENT],
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => DROPPED.has(frame.tag),
    allowedAttributes: attributes,
    allowedSchemes: [...HTML_LINK_SCHEMES],
    allowedSchemesByTag: { img: [...HTML_RESOURCE_SCHEMES], q: [...HTML_RESOURCE_SCHEMES], blockquote: [...HTML_RESOURCE_SCHEMES] },
    allowedSchemesAppliedToAttributes: [...HTML_URL_ATTRIBUTES],
    allowProtocolRelative: profile.protocolRelative,
    disallowedTagsMode: "discard",
    transformTags: { a: urlsAndTargets, img: urlsAndTargets, q: urlsAndTargets, blockquote: urlsAndTargets },
  };
}

const OPTIONS: Record<HtmlProfileName, sanitizeHtml.IOptions> = { content: optionsOf("content"), inline: optionsOf("inline") };

/** Cleans HTML that a person or a crawled page supplied, by a profile of the one policy (workers/contracts/html-policy.ts). */
export function sanitizeUserHtml(html: string, profile: HtmlProfileName): string {
  return sanitizeHtml(html, OPTIONS[profile]).trim();
}

/** The text of HTML without any element, e.g. to tell whether a message says anything at all. */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();
}
