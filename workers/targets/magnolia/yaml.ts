/**
 * Magnolia's JCR YAML bootstrap format: each node is a map keyed by its name holding `jcr:primaryType`,
 * its properties and its child nodes; Magnolia imports such a file through its import command or
 * the Import action of the Pages app.
 */
import { stringify } from "yaml";
import { magnoliaPageNode, magnoliaPagePath, type JcrNode } from "./jcr";
import type { PreparedPage } from "../types";

/** A node as YAML: `jcr:primaryType` first, then its properties, then its child nodes by name. */
function yamlNode(node: JcrNode): Map<string, unknown> {
  const out = new Map<string, unknown>([["jcr:primaryType", node.type]]);
  for (const [key, value] of Object.entries(node.properties)) out.set(key, value);
  for (const child of node.children) out.set(child.name, yamlNode(child));
  return out;
}

/**
 * One YAML document holding every migrated page under the site root, nested by path. Pages whose parent
 * was not migrated get a plain `mgnl:page` parent so the tree imports in one go.
 */
export function magnoliaBootstrapYaml(pages: PreparedPage[], siteRootPath: string): string {
  const rootPath = siteRootPath && siteRootPath !== "/" ? siteRootPath : "/";
  const root: JcrNode = { name: rootPath.split("/").filter(Boolean).pop() ?? "", type: "mgnl:page", properties: {}, children: [] };
  const sorted = [...pages].sort((a, b) => a.targetPath.split("/").length - b.targetPath.split("/").length || a.targetPath.localeCompare(b.targetPath));
  for (const page of sorted) {
    const path = magnoliaPagePath(siteRootPath, page.targetPath);
    const node = magnoliaPageNode(page);
    if (rootPath !== "/" && path === rootPath) {
      root.properties = node.properties;
      root.children = [...node.children, ...root.children.filter((c) => c.type === "mgnl:page")];
      continue;
    }
    const relative = path.slice(rootPath === "/" ? 1 : rootPath.length + 1).split("/").filter(Boolean);
    let parent = root;
    for (const seg of relative.slice(0, -1)) {
      let next = parent.children.find((c) => c.name === seg && c.type === "mgnl:page");
      if (!next) {
        next = { name: seg, type: "mgnl:page", properties: { title: seg }, children: [] };
        parent.children.push(next);
      }
      parent = next;
    }
    const existing = parent.children.find((c) => c.name === node.name && c.type === "mgnl:page");
    if (existing) {
      existing.properties = node.properties;
      existing.children = [...node.children, ...existing.children.filter((c) => c.type === "mgnl:page")];
    } else parent.children.push(node);
  }
  const doc = new Map<string, unknown>(root.name ? [[root.name, yamlNode(root)]] : root.children.map((c) => [c.name, yamlNode(c)]));
  // No line folding: a long value stays on one line, exactly as it was.
  return stringify(doc, { lineWidth: 0 });
}
