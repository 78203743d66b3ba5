/**
 * Helpers shared by adapters to read mapped field values in the shapes their platforms store.
 */
import type { MappedFieldValue, PreparedPage, ResolvedAsset } from "./types";
import { parseFragment } from "./richtext/dom";
import { decodeComponent } from "../lib/escape";

/** Plain text of a value (HTML stripped for rich text, lists joined). */
export function plainText(field: MappedFieldValue | undefined): string {
  if (!field || field.value === null || field.value === undefined) return "";
  if (Array.isArray(field.value)) return field.value.join("\n");
  if (field.type === "richtext") return (parseFragment(String(field.value)).textContent ?? "").replace(/\s+/g, " ").trim();
  return String(field.value);
}

/** The uploaded (or kept) asset behind an image field, if any. */
export function assetFor(page: PreparedPage, field: MappedFieldValue | undefined): ResolvedAsset | null {
  if (!field || field.type !== "image" || typeof field.value !== "string" || !field.value) return null;
  return page.assetRefs[field.value] ?? { sourceUrl: field.value, url: field.value, targetId: null, alt: field.alt ?? "" };
}

/** A list value as strings. */
export function listValue(field: MappedFieldValue): string[] {
  if (Array.isArray(field.value)) return field.value.map(String);
  if (typeof field.value === "string") {
    try {
      const parsed: unknown = JSON.parse(field.value);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      return field.value.split("\n").filter(Boolean);
    }
  }
  return [];
}

/**
 * The stored value of a field that needs no platform-specific shape (lists, booleans, numbers, text):
 * the part every adapter's value switch has in common after its rich-text, image and link cases.
 */
export function scalarValue(field: MappedFieldValue): string | string[] | boolean | number {
  switch (field.type) {
    case "list":
      return listValue(field);
    case "boolean":
      return Boolean(field.value);
    case "number":
      return Number(field.value);
    default:
      return plainText(field);
  }
}

/** The first image of a page: what becomes its featured image or Open Graph image. */
export function leadImage(page: PreparedPage): ResolvedAsset | null {
  const og = page.seo.openGraph["og:image"] ?? page.seo.openGraph.image;
  if (og && page.assetRefs[og]) return page.assetRefs[og];
  for (const c of page.components) {
    for (const f of Object.values(c.fields)) {
      const a = assetFor(page, f);
      if (a) return a;
    }
  }
  const first = page.assets[0];
  return first ? (page.assetRefs[first.url] ?? null) : null;
}

/** A node or slug name: lower-case letters, digits and dashes. */
export function slugify(value: string, fallback = "page"): string {
  const s = value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return s || fallback;
}

/** Path segments of a target path, each slugified. */
export function pathSegments(targetPath: string): string[] {
  return targetPath.split("/").filter(Boolean).map((s) => slugify(decodeComponent(s)));
}

export function joinPath(...parts: string[]): string {
  const joined = parts.join("/").replace(/\/{2,}/g, "/");
  const trimmed = joined.length > 1 ? joined.replace(/\/+$/, "") : joined;
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/** A file name for an asset: its hash prefix keeps names unique and stable across runs. */
export function assetFileName(sourceUrl: string, contentHash: string, contentType: string): string {
  let base = "asset";
  try {
    base = decodeURIComponent(new URL(sourceUrl).pathname.split("/").pop() ?? "asset");
  } catch {
    base = "asset";
  }
  const dot = base.lastIndexOf(".");
  const stem = slugify(dot > 0 ? base.slice(0, dot) : base, "asset").slice(0, 60);
  const ext = (dot > 0 ? base.slice(dot + 1) : contentType.split("/")[1] ?? "bin").toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 5) || "bin";
  return `${stem}-${contentHash.slice(0, 10)}.${ext}`;
}
