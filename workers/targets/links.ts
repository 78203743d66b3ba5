/**
 * Page identity, internal link rewriting and the redirect map.
 */
import { sha256Hex } from "../lib/crypto";
import type { ResolvedAsset } from "./types";
import { parseFragment } from "./richtext/dom";

/**
 * The normalised form of a source URL: lower-case host, no default port, no fragment, no trailing
 * slash (except the root), tracking parameters dropped. Two URLs of one page give one form.
 */
export function normalizeSourceUrl(url: string): string {
  const u = new URL(url);
  u.hash = "";
  u.hostname = u.hostname.toLowerCase();
  if ((u.protocol === "http:" && u.port === "80") || (u.protocol === "https:" && u.port === "443")) u.port = "";
  for (const key of [...u.searchParams.keys()]) if (/^(utm_|fbclid$|gclid$)/.test(key)) u.searchParams.delete(key);
  u.searchParams.sort();
  let path = u.pathname.replace(/\/{2,}/g, "/");
  if (path.length > 1) path = path.replace(/\/+$/, "");
  path = path.replace(/\/index\.(html?|php)$/i, "") || "/";
  return `${u.protocol}//${u.host}${path}${u.search}`;
}

/** The page's key: SHA-256 of the normalised canonical URL (or the source URL when there is none). */
export async function itemKeyFor(sourceUrl: string, canonicalUrl: string | null): Promise<string> {
  let base = sourceUrl;
  if (canonicalUrl) {
    try {
      base = new URL(canonicalUrl, sourceUrl).toString();
    } catch {
      base = sourceUrl;
    }
  }
  return sha256Hex(normalizeSourceUrl(base));
}

/** Resolves a link target to the target path of a migrated page, or null when it is not one. */
export type LinkResolver = (absoluteUrl: string) => string | null;

/** A resolver over a map of normalised source URL → target path. */
export function linkResolver(map: Map<string, string>): LinkResolver {
  return (absoluteUrl) => {
    try {
      return map.get(normalizeSourceUrl(absoluteUrl)) ?? null;
    } catch {
      return null;
    }
  };
}

/** Rewrites one link: internal links of migrated pages become target paths (keeping their #fragment). */
export function rewriteHref(href: string, pageUrl: string, resolve: LinkResolver): string {
  if (!href || /^(mailto:|tel:|javascript:|#)/i.test(href)) return href;
  let abs: URL;
  try {
    abs = new URL(href, pageUrl);
  } catch {
    return href;
  }
  const target = resolve(abs.toString());
  return target ? `${target}${abs.hash}` : href;
}

/**
 * Rewrites sanitised HTML for the target: links to migrated pages point at their target paths, images
 * point at their uploaded copies (with `data-asset-id` carrying the target's asset id for converters).
 */
export function rewriteHtml(html: string, pageUrl: string, resolve: LinkResolver, assets: Record<string, ResolvedAsset>): string {
  if (!html) return html;
  const body = parseFragment(html);
  for (const a of Array.from(body.querySelectorAll("a[href]"))) {
    const href = a.getAttribute("href") ?? "";
    // A linked document that went into the target's asset store is linked there.
    const document = assets[absoluteOrNull(href, pageUrl) ?? ""];
    a.setAttribute("href", document ? document.url : rewriteHref(href, pageUrl, resolve));
  }
  for (const img of Array.from(body.querySelectorAll("img[src]"))) {
    let abs: string;
    try {
      abs = new URL(img.getAttribute("src") ?? "", pageUrl).toString();
    } catch {
      continue;
    }
    const asset = assets[abs];
    img.removeAttribute("srcset");
    if (!asset) {
      img.setAttribute("src", abs);
      continue;
    }
    img.setAttribute("src", asset.url);
    if (asset.targetId) img.setAttribute("data-asset-id", asset.targetId);
    if (!img.getAttribute("alt") && asset.alt) img.setAttribute("alt", asset.alt);
  }
  return body.innerHTML;
}

function absoluteOrNull(href: string, base: string): string | null {
  try {
    return new URL(href, base).toString();
  } catch {
    return null;
  }
}

/** The path of a URL (what a redirect map lists on its source side). */
export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The redirect map as CSV: one `source_path,target_path` row per migrated page whose path changed. */
export function redirectsCsv(rows: { sourceUrl: string; targetPath: string }[]): string {
  const lines = ["source_path,target_path,source_url"];
  const seen = new Set<string>();
  for (const row of rows) {
    const source = pathOf(row.sourceUrl);
    if (seen.has(source)) continue;
    seen.add(source);
    lines.push([source, row.targetPath, row.sourceUrl].map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
