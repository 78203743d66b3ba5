import type { ComponentInstance } from "../contracts/extraction";
import type { Candidate } from "./candidates";
import { hash64 } from "./text";

/**
 * Memory signatures: what makes two sources "the same" across pages and runs. The exact signature
 * is the instance's selector path and classes plus the field's role (name, part, inner selector and
 * kind); the loose one drops the path, so it survives layout changes but matches more broadly.
 * Numbers in ids and classes ("post-123", "nth-child(4)") are dropped because they vary by page.
 */
export interface Signature {
  exact: string;
  loose: string;
  parts: Record<string, unknown>;
}

const STATE_CLASS = /^(is-|has-|js-|active$|current$|open$|selected$|visible$|hidden$|aos|animate)/;

export function stableClasses(classes: readonly string[]): string[] {
  return [...new Set(classes.filter((c) => c && !STATE_CLASS.test(c)).map((c) => c.replace(/\d+/g, "#")))].sort();
}

export function normalizeSelector(selector: string): string {
  return selector
    .replace(/:nth-(child|of-type)\(\d+\)/g, "")
    .replace(/#[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g, "")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}

/** The signature of a component instance (which component it becomes). */
export function instanceSignature(instance: ComponentInstance): Signature {
  const parts = {
    definition: instance.definition,
    path: normalizeSelector(instance.path),
    classes: stableClasses(instance.classes),
  };
  const classes = parts.classes.join(" ");
  return {
    exact: hash64(`component|${parts.definition ?? ""}|${parts.path}|${classes}`),
    loose: hash64(`component|${parts.definition ?? ""}|${classes}`),
    parts,
  };
}

/** The signature of one source value inside an instance (which field it fills). */
export function fieldSignature(instanceSig: Signature, c: Candidate): Signature {
  const role = { name: c.name, selector: normalizeSelector(relativeSelector(c.selector, String(instanceSig.parts.path ?? ""))), kind: c.kind };
  return {
    exact: hash64(`field|${instanceSig.exact}|${role.name}|${role.selector}|${role.kind}`),
    loose: hash64(`field|${instanceSig.loose}|${role.name}|${role.kind}`),
    parts: { ...instanceSig.parts, field: role },
  };
}

function relativeSelector(selector: string, instancePath: string): string {
  const normal = normalizeSelector(selector);
  return instancePath && normal.startsWith(instancePath) ? normal.slice(instancePath.length).trim() : normal;
}

/** The section of a URL that usually decides the template: "/blog/2024/x" → "/blog". */
export function urlSection(url: string): string {
  try {
    const first = new URL(url).pathname.split("/").filter(Boolean)[0] ?? "";
    return `/${first.replace(/\d+/g, "#")}`;
  } catch {
    return "/";
  }
}

/**
 * The folder of a page ("/blog/2024/x" → "/blog/#"; "/about" → "/"): pages in the same folder
 * usually share a template, and it tells "/news" (a listing) from "/news/x" (an article), and AEM's
 * "/content/site/en/news/2024/x.html" from "/content/site/en/savings.html".
 */
export function urlFolder(url: string): string {
  try {
    const parts = new URL(url).pathname.split("/").filter(Boolean);
    return `/${parts.slice(0, -1).join("/").replace(/\d+/g, "#")}`;
  } catch {
    return "/";
  }
}

/** The signature of the page's template choice: exact by folder, loose by first section. */
export function templateSignature(url: string): Signature {
  const folder = urlFolder(url);
  const section = urlSection(url);
  return { exact: hash64(`template|${folder}`), loose: hash64(`template|${section}`), parts: { folder } };
}

/** The signature of a page-level value (a template field's source). */
export function pageFieldSignature(url: string, c: Candidate): Signature {
  const section = urlSection(url);
  return {
    exact: hash64(`page|${section}|${c.name}|${c.kind}`),
    loose: hash64(`page|${c.name}|${c.kind}`),
    parts: { section, field: { name: c.name, kind: c.kind } },
  };
}
