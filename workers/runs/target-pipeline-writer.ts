/**
 * The migration engine's `TargetWriter` (./pipeline.ts) over the target run writer: each
 * captured and mapped page is written through the run's one writer, its new assets counted for the
 * run's DAM progress, and what it wrote published at once (the pipeline has no end-of-run hook, so
 * outputs are built when downloaded).
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { snapshots } from "../db/schema-runs";
import { targetItems } from "../db/schema-targets";
import type { Env } from "../env";
import { collectPageList } from "../crawl/page-list";
import { EgressRefusedError, egressPolicy } from "../lib/egress";
import { readPlatformSecrets } from "../lib/platform-secrets";
import { assetUrlsOf } from "../targets/assets";
import { type FetchLike, TargetHttpError } from "../targets/http-client";
import { hasTargetAdapter } from "../targets/registry";
import { TargetNotConfiguredError, openTargetWriter, type TargetRunWriter } from "../targets/target-writer";
import type { MappedPage } from "../targets/types";
import {
  PipelineError,
  type TargetWriteResult,
  type TargetWriter,
  type WriteInput,
} from "./pipeline";

/** Announces every captured page of the run, so links to pages written later are rewritten already. */
async function announceRunPages(
  env: Env,
  migrationId: string,
  register: (
    pages: {
      sourceUrl: string;
      canonicalUrl: string | null;
      targetPath: string;
    }[]
  ) => void
) {
  const rows = await getDb(env.DB)
    .select({ url: snapshots.url, finalUrl: snapshots.finalUrl })
    .from(snapshots)
    .where(eq(snapshots.migrationId, migrationId));
  // The mapping layer keeps source paths as target paths unless told otherwise; pages it maps differently
  // are re-registered with their real target path when they are written.
  register(
    rows.map((r) => ({
      sourceUrl: r.url,
      canonicalUrl: r.finalUrl,
      targetPath: new URL(r.finalUrl || r.url).pathname,
    }))
  );
}

/**
 * Announces the rest of the site: the pages of its URL list or sitemap and every page an earlier run
 * captured. A link to a page this run does not write (a run over a few chosen pages) then points
 * at the path that page has, or will have, in the target (the mapping layer keeps source paths), not
 * at the old site. Pages of the run keep what the run announced for them. A sitemap that cannot be
 * read now only leaves its pages out.
 */
async function announceSitePages(env: Env, { site, snapshot }: WriteInput<MappedPage>, register: (pages: { sourceUrl: string; canonicalUrl: string | null; targetPath: string }[]) => void) {
  const earlier = await getDb(env.DB).selectDistinct({ url: snapshots.url, finalUrl: snapshots.finalUrl }).from(snapshots).where(eq(snapshots.siteId, site.siteId));
  let listed: string[] = [];
  const origin = new URL(snapshot.url).origin;
  // Read once per run, when its writer opens. Pages stream from capture to the target, so the run's own
  // captured pages are only some of its list by then: the list itself says which pages will exist.
  if (site.settings.urlList?.length || site.settings.sitemapUrl) {
    try {
      listed = (await collectPageList({ origin, urlList: site.settings.urlList, sitemapUrl: site.settings.sitemapUrl }, { host: new URL(origin).host, egress: egressPolicy(env) })).urls;
    } catch {
      listed = [];
    }
  }
  register([
    ...earlier.map((r) => ({ sourceUrl: r.url, canonicalUrl: r.finalUrl, targetPath: new URL(r.finalUrl || r.url).pathname })),
    ...listed.map((url) => ({ sourceUrl: url, canonicalUrl: null, targetPath: new URL(url).pathname })),
  ]);
}

/**
 * The open writer of each run in this isolate. A run writes several pages at once, and they must share
 * one writer: it numbers the run's writes (two writers would hand out the same sequence number), and
 * its link map and asset memo let pages written together upload a shared image once.
 */
const runWriters = new Map<string, Promise<TargetRunWriter>>();
/** Writers kept: a finished run's writer is dropped once newer runs have opened theirs. */
const MAX_RUN_WRITERS = 8;

function runWriter(env: Env, input: WriteInput<MappedPage>, fetcher: FetchLike | undefined): Promise<TargetRunWriter> {
  const { site, snapshot, options } = input;
  const key = snapshot.migrationId;
  const open = runWriters.get(key);
  if (open) return open;
  const opening = (async () => {
    const writer = await openTargetWriter({
      db: getDb(env.DB),
      env,
      organizationId: site.organizationId,
      siteId: site.siteId,
      migrationId: key,
      actor: null,
      // The run holds the keys: the target side gets the connection decrypted.
      readSecrets: (row) => readPlatformSecrets(env, row),
      keepYamlFile: options.keepYamlFile,
      fetch: fetcher,
    });
    // The pages captured so far (with their final URLs), then the site's list for the pages still to come.
    await announceRunPages(env, key, (pages) => writer.registerPages(pages));
    await announceSitePages(env, input, (pages) => writer.registerPages(pages));
    return writer;
  })();
  runWriters.set(key, opening);
  // A failed open (no connection yet, say) is not kept: the next page tries again.
  opening.catch(() => {
    if (runWriters.get(key) === opening) runWriters.delete(key);
  });
  for (const oldest of runWriters.keys()) {
    if (runWriters.size <= MAX_RUN_WRITERS) break;
    runWriters.delete(oldest);
  }
  return opening;
}

/** The writer a migration pipeline uses for sites whose platform has an adapter; null otherwise. */
export function createTargetPipelineWriter(
  env: Env,
  platform: string | null,
  fetcher?: FetchLike
): TargetWriter<MappedPage> | null {
  if (!hasTargetAdapter(platform)) return null;
  return {
    async write(input: WriteInput<MappedPage>): Promise<TargetWriteResult> {
      try {
        return await writeOne(input);
      } catch (err) {
        // A refusal of the platform (4xx other than 408/429), of the egress guard or a missing configuration
        // will not pass on a retry; everything else (network, 5xx, rate limits past the client's patience) may.
        if (err instanceof TargetNotConfiguredError || err instanceof EgressRefusedError)
          throw new PipelineError(err.message, false);
        if (
          err instanceof TargetHttpError &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 408 &&
          err.status !== 429
        )
          throw new PipelineError(err.message, false);
        throw err;
      }
    },

    // The run that wrote (or confirmed unchanged) an item is its last migration: a page whose earlier
    // snapshot's run did not get there is written again even when its content is unchanged.
    async written(previous, site) {
      const row = await getDb(env.DB)
        .select({ id: targetItems.id })
        .from(targetItems)
        .where(
          and(
            eq(targetItems.organizationId, site.organizationId),
            eq(targetItems.siteId, site.siteId),
            eq(targetItems.platform, platform),
            eq(targetItems.lastMigrationId, previous.migrationId),
            eq(targetItems.sourceUrl, previous.url),
          ),
        )
        .limit(1);
      return row.length > 0;
    },
  };

  async function writeOne(
    input: WriteInput<MappedPage>
  ): Promise<TargetWriteResult> {
    const { mapped } = input;
    const writer = await runWriter(env, input, fetcher);
    const total = assetUrlsOf(mapped).size;
    input.reportAssets({ processed: 0, total });
    const since = writer.lastSeq;
    const outcome = await writer.writePage(mapped);
    input.reportAssets({ processed: total, total });
    if (outcome.action !== "skip") await writer.publishSince(since);
    return {
      targetId: outcome.targetId,
      url: outcome.url,
      components: mapped.components.length,
      pendingLinks: outcome.pendingLinks,
    };
  }
}
