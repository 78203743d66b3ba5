/**
 * Harder copies of the training pages, used only to fit the confidence models. The training split is
 * what the heuristics were developed on, so the mapper gets nearly all of it right and a model fitted
 * on it alone learns "always right". These copies take away what made it easy, so that the fit sees
 * what mistakes look like:
 * - "bare": class, data and itemprop attributes removed inside every component instance (markup that
 *   names nothing; the instance roots keep theirs so the site's selectors still find them);
 * - "shuffled": each definition's fields in a different order (the position prior misleads).
 */
import { parseHTML } from "linkedom";
import type { ComponentDefinition } from "../../workers/contracts/definitions";
import type { FixtureSite } from "./fixtures";

function bareHtml(html: string, selectors: string[]): string {
  const { document } = parseHTML(html) as unknown as { document: Document };
  for (const selector of selectors) {
    let roots: Element[] = [];
    try {
      roots = Array.from(document.querySelectorAll(selector));
    } catch {
      continue;
    }
    for (const root of roots) {
      for (const el of Array.from(root.querySelectorAll("*"))) {
        for (const attr of ["class", "data-field", "itemprop", "id"]) el.removeAttribute(attr);
      }
    }
  }
  return "<!DOCTYPE html>" + document.documentElement.outerHTML;
}

/** A fixed permutation (reverse, then rotate by one) so the copies are the same on every run. */
function shuffle<T>(list: readonly T[]): T[] {
  if (list.length < 2) return [...list];
  const r = [...list].reverse();
  return [...r.slice(1), r[0]];
}

export function augmentedSites(sites: readonly FixtureSite[]): FixtureSite[] {
  const out: FixtureSite[] = [];
  for (const site of sites) {
    const selectors = Object.values(site.definitions.components).map((d) => d.selector).filter(Boolean);
    out.push({ ...site, id: `${site.id}~bare`, pages: site.pages.map((p) => ({ ...p, html: bareHtml(p.html, selectors) })) });
    const components: Record<string, ComponentDefinition> = Object.fromEntries(
      Object.entries(site.definitions.components).map(([k, d]) => [k, { ...d, fields: shuffle(d.fields) }]),
    );
    out.push({ ...site, id: `${site.id}~shuffled`, definitions: { ...site.definitions, components } });
  }
  return out;
}
