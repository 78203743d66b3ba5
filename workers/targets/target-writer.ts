/**
 * Writes the mapped pages of one migration run into the site's target platform.
 *
 * The migration engine opens one writer per run (`openTargetWriter`), announces the run's pages
 * (`registerPages`, so links to pages later in the run already point at their target paths), calls
 * `writePage` once per page, and `finish` at the end (publish, Magnolia YAML, export ZIP).
 * Every write is keyed by the canonical source URL and recorded for rollback.
 */
import { and, eq, gt, max } from "drizzle-orm";
import { DEFAULT_ASSET_PROCESSING_MODE, isPlatformConfigured, type PageMetadataRecord } from "../contracts/platforms";
import type { Db } from "../db/client";
import { type Actor, auditStatement } from "../db/audit";
import { siteConfigs, sites, type SiteConfigRow } from "../db/schema";
import { runWrites, targetItems, targetRuns, type TargetItem } from "../db/schema-targets";
import type { Env } from "../env";
import { sha256Hex } from "../lib/crypto";
import { egressFetcher, egressPolicy } from "../lib/egress";
import { conflict, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { type AssetMode, AssetResolver, type Rasterizer } from "./assets";
import { buildRunOutputs } from "./outputs";
import { rasterizeSvg } from "./rasterize";
import type { FetchLike } from "./http-client";
import { itemKeyFor, linkResolver, normalizeSourceUrl, rewriteHref, rewriteHtml } from "./links";
import { createTargetAdapter, isExportBundlePlatform } from "./registry";
import { slugify } from "./fields";
import { ASSET_STATES, type AssetState, type MappedFieldValue, type MappedPage, type OutsideLink, type PageAssetRecord, type PreparedPage, type ResolvedAsset, type TargetAdapter } from "./types";

export interface TargetWriterOptions {
  db: Db;
  env: Env;
  organizationId: string;
  siteId: string;
  migrationId: string;
  actor: Actor | null;
  /** Decrypts the site's platform configuration: the caller holds the keys, the target side never does. */
  readSecrets: PlatformSecretsReader;
  keepYamlFile?: boolean;
  /** Transport for platform calls and asset downloads (tests route it to fake servers). */
  fetch?: FetchLike;
  /** Converts SVG into PNG for platforms that refuse SVG (default: the browser, when the run has one). */
  rasterize?: Rasterizer;
}

export interface PageOutcome {
  action: "create" | "update" | "skip";
  itemKey: string;
  targetId: string;
  targetPath: string;
  url: string | null;
  /** The page's assets and what became of each (none for a skipped page: nothing was written). */
  assets: PageAssetRecord[];
  /** Links to pages of the site outside the page list, left pointing at the source (none when skipped). */
  linksOutside: OutsideLink[];
  /** Target paths of the pages this page links to that the run has announced but not written yet. */
  pendingLinks: string[];
  /** What of the page's metadata was written, and what had no place (null when skipped or not told). */
  metadata: PageMetadataRecord | null;
}

/** Paths of files rather than pages: a link to a PDF or an image is an asset, not a page outside the list. */
const FILE_PATH = /\.(?!html?$|php$|aspx?$|jsp$|cfm$|shtml$)[a-z0-9]{1,5}$/i;

/**
 * The page's internal links to other pages (http(s), not files, not the page itself), with their
 * absolute URL and normalised form; malformed ones left out.
 */
function* pageLinks(page: Pick<MappedPage, "sourceUrl" | "internalLinks">): Generator<{ link: MappedPage["internalLinks"][number]; abs: URL; key: string }> {
  let self = "";
  try {
    self = normalizeSourceUrl(page.sourceUrl);
  } catch {
    // A page without a valid URL links nowhere resolvable.
  }
  for (const link of page.internalLinks) {
    let abs: URL;
    try {
      abs = new URL(link.href, page.sourceUrl);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(abs.protocol) || FILE_PATH.test(abs.pathname)) continue;
    const key = normalizeSourceUrl(abs.toString());
    if (key !== self) yield { link, abs, key };
  }
}

/**
 * The page's internal links that no page of the list or of an earlier run resolves (its own URL and
 * its fragments left out), each target once, in page order.
 */
export function linksOutsideList(page: Pick<MappedPage, "sourceUrl" | "internalLinks">, resolve: ReturnType<typeof linkResolver>): OutsideLink[] {
  const seen = new Set<string>();
  const out: OutsideLink[] = [];
  for (const { link, abs, key } of pageLinks(page)) {
    if (seen.has(key) || resolve(abs.toString())) continue;
    seen.add(key);
    abs.hash = "";
    out.push({ href: abs.toString(), text: link.text.replace(/\s+/g, " ").trim().slice(0, 200) });
  }
  return out;
}

/** A page's resolved assets as the run records them. */
export function assetRecords(refs: Record<string, ResolvedAsset>): PageAssetRecord[] {
  return Object.values(refs).map((a) => ({ sourceUrl: a.sourceUrl, url: a.url, state: a.state, ...(a.reason ? { reason: a.reason } : {}) }));
}

/** The run's assets by what became of them, each source URL counted once (its last state). */
export function assetSummary(pages: readonly (PageAssetRecord[] | null | undefined)[]): Record<AssetState, number> {
  const last = new Map<string, AssetState>();
  for (const list of pages) for (const a of list ?? []) last.set(a.sourceUrl, a.state);
  const out = Object.fromEntries(ASSET_STATES.map((s) => [s, 0])) as Record<AssetState, number>;
  for (const state of last.values()) out[state]++;
  return out;
}

/** A run cannot write: the site's platform lacks its connection fields (spec §5). */
export class TargetNotConfiguredError extends Error {
  constructor() {
    super("Platform connection not configured");
    this.name = "TargetNotConfiguredError";
  }
}

/** The site's platform configuration with its secrets decrypted, as the caller reads it. */
export type PlatformSecretsReader = (row: SiteConfigRow) => Promise<Record<string, unknown>>;

export const bundlePrefix = (migrationId: string) => `targets/${migrationId}`;

/** How a platform's configuration decides the asset mode (Contentful and Storyblok use their upload flag). */
export function assetModeFor(platform: string, config: Record<string, unknown>): AssetMode {
  if (isExportBundlePlatform(platform)) return "zip";
  if ((platform === "contentful" || platform === "storyblok") && config.uploadAssets === false) return "none";
  const mode = config.assetProcessingMode;
  return mode === "none" || mode === "zip" || mode === "dam" ? mode : DEFAULT_ASSET_PROCESSING_MODE;
}

/** The adapter and settings of a site, with secrets decrypted by `readSecrets`. */
export async function loadSiteTarget(
  db: Db,
  env: Env,
  organizationId: string,
  siteId: string,
  readSecrets: PlatformSecretsReader,
  extra: { fetch?: FetchLike; migrationId?: string } = {},
) {
  const site = await db.query.sites.findFirst({ where: and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)) });
  const row = site ? await db.query.siteConfigs.findFirst({ where: eq(siteConfigs.siteId, siteId) }) : undefined;
  if (!site) throw notFound("Site not found");
  // A state of the site, not a fault of the server: an API caller hears it as a conflict.
  if (!row?.platform) throw conflict("The site has no target platform configured");
  const config = await readSecrets(row);
  const adapter = createTargetAdapter(row.platform, { config, fetch: extra.fetch, egress: egressPolicy(env), siteSlug: slugify(site.domain, "site"), bucket: env.BUCKET, migrationId: extra.migrationId });
  return { site, platform: row.platform, config, adapter, assetMode: assetModeFor(row.platform, config) };
}

/** A stable hash of what would be written: unchanged pages are skipped on re-runs. */
export async function writeHashOf(page: MappedPage, platform: string): Promise<string> {
  return sha256Hex(JSON.stringify([platform, page.targetPath, page.template, page.title, page.seo, page.fields ?? {}, page.components, page.contentHash]));
}

function rewriteField(field: MappedFieldValue, pageUrl: string, resolve: ReturnType<typeof linkResolver>, assets: Record<string, ResolvedAsset>): MappedFieldValue {
  if (typeof field.value !== "string") return field;
  if (field.type === "richtext") return { ...field, value: rewriteHtml(field.value, pageUrl, resolve, assets) };
  if (field.type === "link" || field.type === "reference") {
    let document: ResolvedAsset | undefined;
    try {
      document = field.type === "link" ? assets[new URL(field.value, pageUrl).toString()] : undefined;
    } catch {
      document = undefined;
    }
    return { ...field, value: document ? document.url : rewriteHref(field.value, pageUrl, resolve) };
  }
  if (field.type === "image") {
    try {
      return { ...field, value: new URL(field.value, pageUrl).toString() };
    } catch {
      return field;
    }
  }
  return field;
}

/** Resolves links and assets of a mapped page into what an adapter writes. */
export function preparePage(page: MappedPage, itemKey: string, resolve: ReturnType<typeof linkResolver>, assetRefs: Record<string, ResolvedAsset>): PreparedPage {
  const rewrite = (fields: Record<string, MappedFieldValue>) =>
    Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, rewriteField(f, page.sourceUrl, resolve, assetRefs)]));
  return {
    ...page,
    itemKey,
    assetRefs,
    fields: rewrite(page.fields ?? {}),
    components: page.components.map((c) => ({ ...c, fields: rewrite(c.fields) })),
    internalLinks: page.internalLinks.map((l) => ({ ...l, href: rewriteHref(l.href, page.sourceUrl, resolve) })),
  };
}

/** One run's writer. */
export class TargetRunWriter {
  private readonly links = new Map<string, string>();
  /** Normalised source URLs of the pages that are in the target: written by an earlier run or by this one. */
  private readonly inTarget = new Set<string>();
  private seq = 0;

  constructor(
    private readonly opts: TargetWriterOptions,
    readonly platform: string,
    readonly adapter: TargetAdapter,
    private readonly assets: AssetResolver,
  ) {}

  async init(): Promise<void> {
    const { db, opts } = { db: this.opts.db, opts: this.opts };
    const known = await db.select({ sourceUrl: targetItems.sourceUrl, targetPath: targetItems.targetPath }).from(targetItems)
      .where(and(eq(targetItems.siteId, opts.siteId), eq(targetItems.platform, this.platform)));
    for (const k of known) {
      const key = normalizeSourceUrl(k.sourceUrl);
      this.links.set(key, k.targetPath);
      this.inTarget.add(key);
    }
    const [last] = await db.select({ seq: max(runWrites.seq) }).from(runWrites).where(eq(runWrites.migrationId, opts.migrationId));
    this.seq = last?.seq ?? 0;
  }

  /** Announces the run's pages so that links to any of them are rewritten from the first page on. */
  registerPages(pages: Pick<MappedPage, "sourceUrl" | "canonicalUrl" | "targetPath">[]): void {
    for (const p of pages) {
      const path = this.adapter.linkPath(p.targetPath);
      for (const url of [p.sourceUrl, p.canonicalUrl]) {
        if (!url) continue;
        try {
          const key = normalizeSourceUrl(url);
          if (!this.links.has(key)) this.links.set(key, path);
        } catch {
          // A malformed URL cannot be linked to.
        }
      }
    }
  }

  private record(kind: "page" | "asset", action: "create" | "update", targetId: string, targetPath: string | null, previous: unknown, itemKey: string | null, previousItem: TargetItem | null) {
    this.seq++;
    // The statement, so it joins the batch of the audit event that records it.
    return this.opts.db.insert(runWrites).values({
      id: newId(), migrationId: this.opts.migrationId, organizationId: this.opts.organizationId, seq: this.seq, kind, action, itemKey, targetId, targetPath, previous: previous ?? null, previousItem: previousItem ?? null,
    });
  }

  /** Records an uploaded asset for rollback. */
  async recordAsset(targetId: string, url: string): Promise<void> {
    const { db, organizationId, migrationId } = this.opts;
    await db.batch([
      this.record("asset", "create", targetId, url, null, null, null),
      auditStatement(db, this.opts.actor, { organizationId, action: "target.asset.create", entityType: "target-asset", entityId: targetId, after: { migrationId, platform: this.platform, url } }),
    ]);
  }

  /** Writes one page (or skips it when nothing changed since the last run). */
  async writePage(page: MappedPage): Promise<PageOutcome> {
    const { db, organizationId, siteId, migrationId } = this.opts;
    this.registerPages([page]);
    const itemKey = await itemKeyFor(page.sourceUrl, page.canonicalUrl);
    const hash = await writeHashOf(page, this.platform);
    const existing = await db.query.targetItems.findFirst({
      where: and(eq(targetItems.siteId, siteId), eq(targetItems.platform, this.platform), eq(targetItems.itemKey, itemKey)),
    });
    if (existing && existing.contentHash === hash) {
      await db.update(targetItems).set({ lastMigrationId: migrationId }).where(eq(targetItems.id, existing.id));
      return { action: "skip", itemKey, targetId: existing.targetId, targetPath: existing.targetPath, url: null, assets: [], linksOutside: [], pendingLinks: [], metadata: null };
    }
    const assetRefs = await this.assets.resolve(page);
    const assets = assetRecords(assetRefs);
    const resolve = linkResolver(this.links);
    const prepared = preparePage(page, itemKey, resolve, assetRefs);
    const linksOutside = linksOutsideList(page, resolve);
    const result = await this.adapter.upsertPage(prepared, existing ? { targetId: existing.targetId, targetPath: existing.targetPath, version: existing.version } : null);
    const now = new Date();
    const values = {
      organizationId, siteId, platform: this.platform, itemKey, sourceUrl: page.sourceUrl, targetId: result.targetId, targetPath: result.targetPath,
      version: result.version, contentHash: hash, lastMigrationId: migrationId, updatedAt: now,
    };
    const action = existing ? "update" : "create";
    this.seq++;
    await db.batch([
      existing ? db.update(targetItems).set(values).where(eq(targetItems.id, existing.id)) : db.insert(targetItems).values({ id: newId(), ...values }),
      db.insert(runWrites).values({
        id: newId(), migrationId, organizationId, seq: this.seq, kind: "page", action: result.created ? "create" : "update", itemKey,
        targetId: result.targetId, targetPath: result.targetPath, previous: result.previous ?? null, previousItem: existing ?? null, assets, linksOutside, metadata: result.metadata ?? null,
      }),
      auditStatement(db, this.opts.actor, {
        organizationId, action: `target.page.${action}`, entityType: "target-page", entityId: result.targetId,
        before: existing ? { targetPath: existing.targetPath, version: existing.version } : null,
        after: { migrationId, platform: this.platform, sourceUrl: page.sourceUrl, targetPath: result.targetPath },
      }),
    ]);
    const key = normalizeSourceUrl(page.sourceUrl);
    this.links.set(key, result.targetPath);
    this.inTarget.add(key);
    await this.opts.env.BUCKET.put(`${bundlePrefix(migrationId)}/pages/${itemKey}.json`, JSON.stringify({ ...prepared, target: result }));
    return { action, itemKey, targetId: result.targetId, targetPath: result.targetPath, url: result.url ?? null, assets, linksOutside, pendingLinks: this.pendingLinksOf(page), metadata: result.metadata ?? null };
  }

  /** The target paths of the pages `page` links to that are announced for the run but not in the target yet. */
  private pendingLinksOf(page: Pick<MappedPage, "sourceUrl" | "internalLinks">): string[] {
    const out = new Set<string>();
    for (const { key } of pageLinks(page)) {
      const path = this.links.get(key);
      if (path && !this.inTarget.has(key)) out.add(path);
    }
    return [...out];
  }

  get migrationId(): string {
    return this.opts.migrationId;
  }

  /** The sequence number of the run's last recorded write. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Publishes the pages and assets written after `seq` (per page, when the run has no end hook). */
  async publishSince(seq: number): Promise<void> {
    if (!this.adapter.capabilities().canPublish) return;
    const writes = await this.opts.db.select().from(runWrites).where(and(eq(runWrites.migrationId, this.opts.migrationId), gt(runWrites.seq, seq))).orderBy(runWrites.seq);
    const pages = writes.filter((w) => w.kind === "page").map((w) => ({ targetId: w.targetId, targetPath: w.targetPath ?? "", version: null, created: w.action === "create", previous: null }));
    const assets = writes.filter((w) => w.kind === "asset").map((w) => ({ targetId: w.targetId, url: w.targetPath ?? "" }));
    if (pages.length || assets.length) await this.adapter.publish(pages, assets);
  }

  /** Publishes what the run wrote and produces its downloadable outputs. */
  async finish(): Promise<{ outputs: Record<string, string>; summary: Record<string, number> }> {
    const { db, migrationId } = this.opts;
    const writes = await db.select().from(runWrites).where(eq(runWrites.migrationId, migrationId)).orderBy(runWrites.seq);
    const pages = writes.filter((w) => w.kind === "page").map((w) => ({ targetId: w.targetId, targetPath: w.targetPath ?? "", version: null, created: w.action === "create", previous: null }));
    const assets = writes.filter((w) => w.kind === "asset").map((w) => ({ targetId: w.targetId, url: w.targetPath ?? "" }));
    if (this.adapter.capabilities().canPublish) await this.adapter.publish(pages, assets);
    const outputs = await buildRunOutputs({
      db, bucket: this.opts.env.BUCKET, migrationId, platform: this.platform, keepYamlFile: !!this.opts.keepYamlFile, adapter: this.adapter,
    });
    const states = assetSummary(writes.filter((w) => w.kind === "page").map((w) => w.assets));
    // `assets` counts uploads (rollback removes them); the rest say what became of every image the pages use.
    const summary = { pages: pages.length, assets: assets.length, assetsUploaded: states.uploaded, assetsReused: states.reused, assetsConverted: states.converted, assetsBundled: states.bundled, assetsKeptAtSource: states.source };
    await db.batch([
      db.update(targetRuns).set({ outputs, summary, finishedAt: new Date() }).where(eq(targetRuns.migrationId, migrationId)),
      auditStatement(db, this.opts.actor, { organizationId: this.opts.organizationId, action: "target.run.finish", entityType: "migration", entityId: migrationId, after: { platform: this.platform, summary, outputs } }),
    ]);
    return { outputs, summary };
  }
}

/** Opens the target writer of a run (creating its record on first open; a resumed run reopens it). */
export async function openTargetWriter(opts: TargetWriterOptions): Promise<TargetRunWriter> {
  const { db, env, organizationId, siteId, migrationId } = opts;
  const target = await loadSiteTarget(db, env, organizationId, siteId, opts.readSecrets, { fetch: opts.fetch, migrationId });
  if (!isPlatformConfigured(target.platform, target.config)) throw new TargetNotConfiguredError();
  await db.insert(targetRuns).values({ migrationId, organizationId, siteId, platform: target.platform, assetMode: target.assetMode, keepYamlFile: !!opts.keepYamlFile }).onConflictDoNothing();
  let writer: TargetRunWriter | null = null;
  const assets = new AssetResolver({
    db, organizationId, siteId, platform: target.platform, mode: target.assetMode, adapter: target.adapter,
    // Image URLs come from crawled pages: any host, but never a private one (the egress guard, redirects included).
    fetch: egressFetcher(egressPolicy(env), opts.fetch), bucket: env.BUCKET, bundlePrefix: `${bundlePrefix(migrationId)}/bundle`,
    onUpload: async (asset) => writer?.recordAsset(asset.targetId, asset.url),
    // An SVG the platform refuses becomes a PNG drawn by the browser at the size the page showed it.
    rasterize: opts.rasterize ?? (env.BROWSER ? (svg, size) => rasterizeSvg(env.BROWSER, svg, size) : undefined),
    log: (message) => console.warn(message),
  });
  writer = new TargetRunWriter(opts, target.platform, target.adapter, assets);
  await writer.init();
  return writer;
}
