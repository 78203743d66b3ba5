/**
 * Magnolia through its REST nodes API (/.rest/nodes/v1/{workspace}/{path}) with basic auth:
 * PUT on the parent creates one node, POST on a node updates its properties, DELETE removes it.
 * Pages go to the `website` workspace under `siteRootPath`, images to the `dam` workspace, and
 * publishing uses the commands API (/.rest/commands/v2/{catalog}/activate). A written page's URL is on the
 * public instance, when the site names one (`publicUrl`): pages are published as they are written.
 */
import { toBase64 } from "../../lib/ids";
import { TargetHttpClient, TargetHttpError, basicAuth } from "../http-client";
import { joinPath } from "../fields";
import { magnoliaPageNode, magnoliaPagePath, magnoliaPublicUrl, type JcrNode, type JcrValue } from "../magnolia/jcr";
import type { AssetInput, AssetWriteResult, ExistingItem, PageWriteResult, PreparedPage, RecordedWrite, TargetAdapter } from "../types";
import { platformCapabilities } from "./capabilities";
import { type AdapterOptions, str, trimSlash } from "./options";

/** A node as the nodes API sends and receives it. */
export interface RestNode {
  name: string;
  type: string;
  path?: string;
  identifier?: string;
  properties?: { name: string; type: string; multiple: boolean; values: string[] }[];
  nodes?: RestNode[];
}

export const DAM_FOLDER = "/migrated";

/** The DAM node path behind an asset URL made by `uploadAsset` (…/dam/<path>/<file>). */
export function damPathOf(url: string): string | null {
  const m = url.match(/\/dam(\/.+)\/[^/]+$/);
  return m ? m[1] : null;
}

function restProperties(properties: Record<string, JcrValue>): NonNullable<RestNode["properties"]> {
  return Object.entries(properties).map(([name, value]) => {
    if (Array.isArray(value)) return { name, type: "String", multiple: true, values: value };
    if (typeof value === "boolean") return { name, type: "Boolean", multiple: false, values: [String(value)] };
    if (typeof value === "number") return { name, type: Number.isInteger(value) ? "Long" : "Double", multiple: false, values: [String(value)] };
    return { name, type: "String", multiple: false, values: [value] };
  });
}

export function createMagnoliaAdapter(options: AdapterOptions): TargetAdapter {
  const base = `${trimSlash(str(options.config, "authorUrl"))}/.rest`;
  const siteRoot = str(options.config, "siteRootPath", "/");
  const publicUrl = str(options.config, "publicUrl");
  const auth = basicAuth(str(options.config, "authorUsername"), str(options.config, "authorPassword"));
  const client = new TargetHttpClient({ key: `magnolia:${base}`, policy: { requestsPerSecond: 20, burst: 5 }, egress: options.egress, fetch: options.fetch });
  const headers = { Authorization: auth, Accept: "application/json", "Content-Type": "application/json" };
  const nodeUrl = (workspace: string, path: string) => `${base}/nodes/v1/${workspace}${path.split("/").map(encodeURIComponent).join("/")}`;

  async function getNode(workspace: string, path: string, depth = 0): Promise<RestNode | null> {
    const res = await client.request(`${nodeUrl(workspace, path)}?depth=${depth}`, { headers, accept: [404] });
    return res.ok ? ((await res.json()) as RestNode) : null;
  }

  /** Creates one node under its parent (the nodes API takes one node per PUT). */
  async function putNode(workspace: string, parentPath: string, node: { name: string; type: string; properties?: RestNode["properties"] }) {
    const path = joinPath(parentPath, node.name);
    await client.request(nodeUrl(workspace, parentPath), {
      method: "PUT",
      headers,
      body: JSON.stringify({ name: node.name, type: node.type, path, properties: node.properties ?? [] }),
      recover: async () => ((await getNode(workspace, path)) ? new Response(null, { status: 200 }) : null),
    });
  }

  async function putTree(workspace: string, parentPath: string, node: JcrNode): Promise<void> {
    await putNode(workspace, parentPath, { name: node.name, type: node.type, properties: restProperties(node.properties) });
    for (const child of node.children) await putTree(workspace, joinPath(parentPath, node.name), child);
  }

  async function restoreTree(workspace: string, parentPath: string, node: RestNode): Promise<void> {
    const props = (node.properties ?? []).filter((p) => !p.name.startsWith("jcr:") && !p.name.startsWith("mgnl:last") && !p.name.startsWith("mgnl:created"));
    await putNode(workspace, parentPath, { name: node.name, type: node.type, properties: props });
    for (const child of node.nodes ?? []) await restoreTree(workspace, joinPath(parentPath, node.name), child);
  }

  /**
   * Creates a node unless it is there; true when this call created it. Looking and creating are two
   * calls: when another page's write creates the same node in between (pages written at once that share
   * a new parent, or the DAM folder), Magnolia refuses the second create with ItemExistsException, and
   * the node is there as wanted.
   */
  async function ensureNode(workspace: string, parentPath: string, node: { name: string; type: string; properties?: RestNode["properties"] }): Promise<boolean> {
    const path = joinPath(parentPath, node.name);
    if (await getNode(workspace, path)) return false;
    try {
      await putNode(workspace, parentPath, node);
      return true;
    } catch (err) {
      if (err instanceof TargetHttpError && err.status === 400 && (await getNode(workspace, path))) return false;
      throw err;
    }
  }

  async function ensureParents(workspace: string, path: string, type: string): Promise<void> {
    const segments = path.split("/").filter(Boolean).slice(0, -1);
    let current = "/";
    for (const seg of segments) {
      await ensureNode(workspace, current, { name: seg, type, properties: restProperties({ title: seg }) });
      current = joinPath(current, seg);
    }
  }

  const deleteNode = (workspace: string, path: string) => client.request(nodeUrl(workspace, path), { method: "DELETE", headers, accept: [404] });

  return {
    platform: "magnolia",
    capabilities: () => platformCapabilities("magnolia", { output: "api", canPublish: true, canListSchema: false, rateLimitPerSecond: null }),
    linkPath: (targetPath) => magnoliaPagePath(siteRoot, targetPath),
    async testConnection() {
      const res = await client.request(`${nodeUrl("website", "/")}?depth=0`, { headers, accept: [401, 403, 404], attempts: 2 });
      return res.ok ? { success: true, message: "Connected to Magnolia" } : { success: false, message: "Unable to connect to Magnolia" };
    },
    // Magnolia's REST API exposes no template or component definitions: definitions are entered in the product.
    async listSchema() {
      return [];
    },
    async upsertPage(page: PreparedPage, _existing: ExistingItem | null): Promise<PageWriteResult> {
      const path = magnoliaPagePath(siteRoot, page.targetPath);
      const parent = path.split("/").slice(0, -1).join("/") || "/";
      await ensureParents("website", path, "mgnl:page");
      const node = magnoliaPageNode(page);
      node.name = path.split("/").pop() ?? node.name;
      let previous = await getNode("website", path, 10);
      let created = false;
      if (!previous) {
        // Another page's write may create this node as its parent between the look and the create (the
        // home page is the site root, which every other page needs): Magnolia then refuses the create
        // with ItemExistsException, and the page is written over that node as an update.
        try {
          await putNode("website", parent, { name: node.name, type: node.type, properties: restProperties(node.properties) });
          created = true;
        } catch (err) {
          if (!(err instanceof TargetHttpError && err.status === 400)) throw err;
          previous = await getNode("website", path, 10);
          if (!previous) throw err;
        }
      }
      if (previous) {
        // Update in place so child pages stay: page properties by POST, areas replaced wholesale.
        await client.request(nodeUrl("website", path), { method: "POST", headers, body: JSON.stringify({ name: node.name, type: node.type, path, properties: restProperties(node.properties) }) });
        for (const child of previous.nodes ?? []) if (child.type === "mgnl:area") await deleteNode("website", joinPath(path, child.name));
      }
      for (const area of node.children) await putTree("website", path, area);
      return { targetId: path, targetPath: path, version: null, created, previous, url: magnoliaPublicUrl(publicUrl, path) };
    },
    async uploadAsset(asset: AssetInput): Promise<AssetWriteResult> {
      const path = joinPath(DAM_FOLDER, asset.filename.replace(/\.[^.]+$/, ""));
      await ensureNode("dam", "/", { name: DAM_FOLDER.slice(1), type: "mgnl:folder" });
      const assetNode = { name: path.split("/").pop()!, type: "mgnl:asset", properties: restProperties({ name: asset.filename, title: asset.alt || asset.filename, description: asset.alt, type: asset.filename.split(".").pop() ?? "" }) };
      // The write that created the asset node gives it its content.
      if (await ensureNode("dam", DAM_FOLDER, assetNode)) {
        await putNode("dam", path, {
          name: "jcr:content",
          type: "mgnl:resource",
          properties: [
            { name: "jcr:data", type: "Binary", multiple: false, values: [toBase64(asset.bytes)] },
            ...restProperties({ "jcr:mimeType": asset.contentType, fileName: asset.filename, extension: asset.filename.split(".").pop() ?? "", size: String(asset.bytes.length) }),
          ],
        });
      }
      const node = await getNode("dam", path);
      return { targetId: node?.identifier ? `jcr:${node.identifier}` : path, url: `${trimSlash(str(options.config, "authorUrl"))}/dam${path}/${asset.filename}` };
    },
    async publish(pages, assets) {
      const activate = (workspace: string, path: string) =>
        client.request(`${base}/commands/v2/${workspace}/activate`, { method: "POST", headers, body: JSON.stringify({ repository: workspace, path, recursive: false }) });
      for (const asset of assets) {
        const damPath = damPathOf(asset.url);
        if (damPath) await activate("dam", damPath);
      }
      for (const page of pages) await activate("website", page.targetId);
    },
    async rollback(write: RecordedWrite) {
      const workspace = write.kind === "asset" ? "dam" : "website";
      if (write.kind === "asset") {
        const damPath = write.targetPath ? damPathOf(write.targetPath) : null;
        if (damPath) await deleteNode("dam", damPath);
        return;
      }
      if (write.action === "create") {
        await deleteNode(workspace, write.targetId);
        return;
      }
      const previous = write.previous as RestNode | null;
      if (!previous) return;
      const current = await getNode(workspace, write.targetId, 1);
      await client.request(nodeUrl(workspace, write.targetId), { method: "POST", headers, body: JSON.stringify({ name: previous.name, type: previous.type, path: write.targetId, properties: (previous.properties ?? []).filter((p) => !p.name.startsWith("jcr:")) }) });
      for (const child of current?.nodes ?? []) if (child.type === "mgnl:area") await deleteNode(workspace, joinPath(write.targetId, child.name));
      for (const child of previous.nodes ?? []) if (child.type === "mgnl:area") await restoreTree(workspace, write.targetId, child);
    },
  };
}
