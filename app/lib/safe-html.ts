import DOMPurify, { type Config, type UponSanitizeAttributeHook } from "dompurify";
import {
  HTML_DROPPED_WITH_CONTENT,
  HTML_LINK_TARGETS,
  HTML_POLICY,
  HTML_URL_ATTRIBUTES,
  allowedUrl,
  urlSchemesOf,
  type HtmlProfileName,
} from "../../workers/contracts/html-policy";

/**
 * The browser's side of the one sanitizer policy (workers/contracts/html-policy.ts), applied with
 * DOMPurify. The server already sanitizes such HTML when it is saved; the browser cleans it again before
 * it shows it, so a row written some other way (an older release, a database edit) still cannot run
 * script on every page.
 */

const URL_ATTRIBUTES: readonly string[] = HTML_URL_ATTRIBUTES;
const TARGETS: readonly string[] = HTML_LINK_TARGETS;

/** The profile of the call in progress: DOMPurify's hooks belong to the instance, not to one call. */
let profile: HtmlProfileName = "inline";

/** Each element keeps only its own attributes of the profile, URLs only absolute with the policy's schemes. */
const keepPolicyAttributes: UponSanitizeAttributeHook = (node, data) => {
  const tag = node.nodeName.toLowerCase();
  const name = data.attrName;
  const value = data.attrValue;
  const allowed = HTML_POLICY[profile].attributes[tag] ?? [];
  if (!allowed.includes(name)) data.keepAttr = false;
  else if (URL_ATTRIBUTES.includes(name) && !allowedUrl(value, urlSchemesOf(tag))) data.keepAttr = false;
  else if (name === "target" && !TARGETS.includes(value)) data.keepAttr = false;
  // What the hook keeps still passes DOMPurify's own checks (its URI and attribute lists).
};

/** A link that opens a new tab must not hand this page to the target. */
function relOfNewTabs(node: Element) {
  if (node.nodeName.toLowerCase() !== "a") return;
  node.removeAttribute("rel");
  if (node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
}

function configOf(name: HtmlProfileName): Config {
  const p = HTML_POLICY[name];
  return {
    ALLOWED_TAGS: [...p.tags],
    ALLOWED_ATTR: [...new Set(Object.values(p.attributes).flat())],
    FORBID_CONTENTS: [...HTML_DROPPED_WITH_CONTENT],
    KEEP_CONTENT: true,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    RETURN_TRUSTED_TYPE: false,
  };
}

let hooked = false;

/**
 * Cleans HTML by a profile of the policy. Returns "" where no DOM exists (the server's render): such HTML
 * is shown only after hydration (app/lib/use-hydrated.ts).
 */
export function sanitizeForDisplay(html: string, name: HtmlProfileName): string {
  if (typeof window === "undefined" || !DOMPurify.isSupported) return "";
  if (!hooked) {
    DOMPurify.addHook("uponSanitizeAttribute", keepPolicyAttributes);
    DOMPurify.addHook("afterSanitizeAttributes", relOfNewTabs);
    hooked = true;
  }
  profile = name;
  return String(DOMPurify.sanitize(html, configOf(name))).trim();
}

/** The system notification's HTML, for the banner and the editor's preview. */
export const sanitizeBannerHtml = (html: string): string => sanitizeForDisplay(html, "inline");
