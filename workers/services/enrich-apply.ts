/**
 * Apply: approved Enrich changes written into the pages the migration wrote, through the site's
 * platform (workers/targets/enrich.ts), audited with before and after; and their rollback.
 */
import { and, desc, eq, inArray, lte, ne } from "drizzle-orm";
import { ENRICH_MESSAGES, type EnrichApplyDto, type EnrichField, type EnrichRollbackOutcome } from "../contracts/enrich";
export type { EnrichApplyDto };
import type { Db } from "../db/client";
import { siteConfigs } from "../db/schema";
import { enrichApplies, enrichApplyChanges, enrichProposals, type EnrichApplyChangeRow, type EnrichProposalRow } from "../db/schema-enrich";
import { targetAssets, targetItems, targetRuns } from "../db/schema-targets";
import type { Env } from "../env";
import { egressPolicy } from "../lib/egress";
import { badRequest, conflict, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { createTargetEnricher, type EnrichChangeInput, type EnrichItem, type RestoreTo, type TargetEnricher } from "../targets/enrich";
import { sameValue } from "../targets/enrich-revert";
import { slugify } from "../targets/fields";
import type { FetchLike } from "../targets/http-client";
import { normalizeSourceUrl } from "../targets/links";
import { buildRunOutputs } from "../targets/outputs";
import { loadSiteTarget } from "../targets/target-writer";
import { auditStatement, type Actor } from "./audit";
import { readPlatformSecrets } from "./site-config";
import { requireSite } from "./sites";


async function enricherFor(db: Db, env: Env, organizationId: string, siteId: string, fetch?: FetchLike): Promise<{ platform: string; enricher: TargetEnricher | null; rebuild: (migrationIds: string[]) => Promise<void> }> {
  const [config] = await db.select({ platform: siteConfigs.platform }).from(siteConfigs).where(eq(siteConfigs.siteId, siteId));
  if (!config?.platform) throw conflict(ENRICH_MESSAGES.noPlatform);
  const target = await loadSiteTarget(db, env, organizationId, siteId, (row) => readPlatformSecrets(env, row), { fetch });
  const options = { config: target.config, fetch, egress: egressPolicy(env), siteSlug: slugify(target.site.domain, "site"), bucket: env.BUCKET };
  const rebuild = async (migrationIds: string[]) => {
    if (target.adapter.capabilities().output !== "bundle") return;
    for (const migrationId of migrationIds) {
      const [run] = await db.select().from(targetRuns).where(eq(targetRuns.migrationId, migrationId));
      if (!run) continue;
      // The export ZIP is rebuilt from the bundle's documents, so the download carries the changes.
      const outputs = await buildRunOutputs({ db, bucket: env.BUCKET, migrationId, platform: run.platform, keepYamlFile: run.keepYamlFile, adapter: target.adapter });
      await db.update(targetRuns).set({ outputs: { ...(run.outputs ?? {}), ...outputs } }).where(eq(targetRuns.migrationId, migrationId));
    }
  };
  return { platform: target.platform, enricher: createTargetEnricher(target.platform, options), rebuild };
}

function toApplyDto(row: typeof enrichApplies.$inferSelect, changes: EnrichApplyChangeRow[]): EnrichApplyDto {
  return {
    id: row.id,
    platform: row.platform,
    createdAt: row.createdAt.toISOString(),
    rolledBackAt: row.rolledBackAt ? row.rolledBackAt.toISOString() : null,
    summary: row.summary,
    changes: changes.map((c) => ({ id: c.id, proposalId: c.proposalId, pageUrl: c.pageUrl, field: c.field, target: c.target, status: c.status, message: c.message, before: c.before, after: c.after, rolledBackAt: c.rolledBackAt ? c.rolledBackAt.toISOString() : null })),
    rollback: row.rollback ?? null,
  };
}

/**
 * Writes the site's approved proposals (or the approved ones among `proposalIds`) into the target.
 * A change the platform does not take is recorded as unsupported with the reason; one that fails as
 * failed. Applied proposals become "applied".
 */
export async function applyEnrichment(db: Db, env: Env, actor: Actor, organizationId: string, siteId: string, proposalIds?: string[], fetch?: FetchLike): Promise<EnrichApplyDto> {
  await requireSite(db, organizationId, siteId);
  const where = [eq(enrichProposals.organizationId, organizationId), eq(enrichProposals.siteId, siteId)];
  if (proposalIds?.length) where.push(inArray(enrichProposals.id, proposalIds));
  else where.push(eq(enrichProposals.status, "approved"));
  const rows = await db.select().from(enrichProposals).where(and(...where));
  if (proposalIds?.length && rows.some((r) => r.status !== "approved")) throw badRequest(ENRICH_MESSAGES.notApproved, { proposalIds: rows.filter((r) => r.status !== "approved").map((r) => r.id) });
  if (proposalIds?.length && rows.length !== new Set(proposalIds).size) throw notFound(ENRICH_MESSAGES.proposalNotFound);
  if (!rows.length) throw conflict(ENRICH_MESSAGES.nothingToApply);
  const { platform, enricher, rebuild } = await enricherFor(db, env, organizationId, siteId, fetch);

  const applyId = newId();
  const changes: Array<typeof enrichApplyChanges.$inferInsert> = [];
  const applied: string[] = [];
  const migrations = new Set<string>();
  const byPage = new Map<string, EnrichProposalRow[]>();
  for (const r of rows) byPage.set(r.pageUrl, [...(byPage.get(r.pageUrl) ?? []), r]);
  const record = (p: EnrichProposalRow, status: EnrichApplyChangeRow["status"], message: string, targetId: string | null, before: unknown = null, after: unknown = null) =>
    changes.push({ id: newId(), applyId, organizationId, proposalId: p.id, pageUrl: p.pageUrl, field: p.field, target: p.target, targetId, status, message, before, after });

  for (const [pageUrl, proposals] of byPage) {
    const urls = [...new Set([pageUrl, (() => { try { return normalizeSourceUrl(pageUrl); } catch { return pageUrl; } })()])];
    const [item] = await db.select().from(targetItems).where(and(eq(targetItems.siteId, siteId), eq(targetItems.platform, platform), inArray(targetItems.sourceUrl, urls)));
    if (!item || !enricher) {
      for (const p of proposals) record(p, "unsupported", !enricher ? `${platform} does not take Enrich changes yet` : "The migration has not written this page to the target", item?.targetId ?? null);
      continue;
    }
    const inputs: EnrichChangeInput[] = [];
    for (const p of proposals) {
      const asset = p.field === "imageAlt" ? (await db.select().from(targetAssets).where(and(eq(targetAssets.siteId, siteId), eq(targetAssets.platform, platform), eq(targetAssets.sourceUrl, p.target))).limit(1))[0] : undefined;
      inputs.push({ field: p.field as EnrichField, target: p.target, value: p.finalValue ?? p.value, asset: asset ? { targetId: asset.targetId, url: asset.targetUrl } : null });
    }
    const enrichItem: EnrichItem = { targetId: item.targetId, targetPath: item.targetPath, migrationId: item.lastMigrationId };
    try {
      const result = await enricher.apply(enrichItem, inputs);
      if (item.lastMigrationId) migrations.add(item.lastMigrationId);
      proposals.forEach((p, i) => {
        const outcome = result.outcomes[i] ?? { status: "unsupported" as const, message: "No outcome" };
        // The page's state before the apply rides on each applied change of the page: rollback restores it once.
        record(p, outcome.status, outcome.message, item.targetId, outcome.status === "applied" ? result.previous : null, outcome.status === "applied" ? { value: inputs[i]!.value, written: result.after } : null);
        if (outcome.status === "applied") applied.push(p.id);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 300) : "The platform refused the change";
      for (const p of proposals) record(p, "failed", message, item.targetId);
    }
  }
  await rebuild([...migrations]);
  const summary = { applied: changes.filter((c) => c.status === "applied").length, unsupported: changes.filter((c) => c.status === "unsupported").length, failed: changes.filter((c) => c.status === "failed").length };
  const now = new Date();
  const statements = [
    db.insert(enrichApplies).values({ id: applyId, organizationId, siteId, platform, userId: actor.userId, summary }),
    ...changes.map((c) => db.insert(enrichApplyChanges).values(c)),
    ...chunks(applied, 90).map((part) => db.update(enrichProposals).set({ status: "applied", appliedAt: now }).where(inArray(enrichProposals.id, part))),
    auditStatement(db, actor, { organizationId, action: "enrich.apply", entityType: "enrich_apply", entityId: applyId, before: changes.map((c) => ({ page: c.pageUrl, field: c.field, target: c.target, before: c.before })), after: { summary, changes: changes.map((c) => ({ page: c.pageUrl, field: c.field, target: c.target, status: c.status, after: c.after })) } }),
  ];
  for (let i = 0; i < statements.length; i += 50) {
    const chunk = statements.slice(i, i + 50);
    await db.batch(chunk as [typeof chunk[number], ...typeof chunk]);
  }
  return getEnrichApply(db, organizationId, applyId);
}

export async function getEnrichApply(db: Db, organizationId: string, applyId: string): Promise<EnrichApplyDto> {
  const [row] = await db.select().from(enrichApplies).where(and(eq(enrichApplies.id, applyId), eq(enrichApplies.organizationId, organizationId)));
  if (!row) throw notFound(ENRICH_MESSAGES.applyNotFound);
  const changes = await db.select().from(enrichApplyChanges).where(eq(enrichApplyChanges.applyId, applyId));
  return toApplyDto(row, changes);
}

/** The site's applies, newest first. */
export async function listEnrichApplies(db: Db, organizationId: string, siteId: string): Promise<EnrichApplyDto[]> {
  await requireSite(db, organizationId, siteId);
  const rows = await db.select().from(enrichApplies).where(and(eq(enrichApplies.organizationId, organizationId), eq(enrichApplies.siteId, siteId))).orderBy(desc(enrichApplies.createdAt)).limit(20);
  const out: EnrichApplyDto[] = [];
  for (const r of rows) out.push(toApplyDto(r, await db.select().from(enrichApplyChanges).where(eq(enrichApplyChanges.applyId, r.id))));
  return out;
}

/**
 * Undoes an apply: each value it wrote gets back the value it had before (newest page first) where the
 * target still holds what the apply wrote; a value changed since (by an editor, or by a later apply on a
 * shared asset) is left and reported. On a shared asset, "before" goes back past earlier applies rolled
 * back since (earlierRestoreTo). The outcomes are kept on the apply, returned and audited; the
 * proposals return to approved.
 */
export async function rollbackEnrichApply(db: Db, env: Env, actor: Actor, organizationId: string, applyId: string, fetch?: FetchLike): Promise<EnrichApplyDto> {
  const [row] = await db.select().from(enrichApplies).where(and(eq(enrichApplies.id, applyId), eq(enrichApplies.organizationId, organizationId)));
  if (!row) throw notFound(ENRICH_MESSAGES.applyNotFound);
  if (row.rolledBackAt) throw conflict(ENRICH_MESSAGES.alreadyRolledBack);
  const changes = (await db.select().from(enrichApplyChanges).where(and(eq(enrichApplyChanges.applyId, applyId), eq(enrichApplyChanges.status, "applied")))).reverse();
  const { enricher, rebuild } = await enricherFor(db, env, organizationId, row.siteId, fetch);
  const earlier = enricher?.shared ? await earlierRestoreTo(db, enricher, row, changes) : new Map<string, RestoreTo>();
  const done = new Set<string>();
  const migrations = new Set<string>();
  const outcomes: EnrichRollbackOutcome[] = [];
  for (const c of changes) {
    if (!c.targetId || done.has(c.targetId) || !enricher) continue;
    done.add(c.targetId);
    const [item] = await db.select().from(targetItems).where(and(eq(targetItems.siteId, row.siteId), eq(targetItems.platform, row.platform), eq(targetItems.targetId, c.targetId)));
    // The enricher's own `after` record rides in `written` of each applied change (see applyEnrichment):
    // it tells its revert what the apply wrote. Rows stored before rollbacks were guarded lack the parts
    // the check needs, and their enricher restores those unchecked, as rollbacks did then.
    const recorded = writtenOf(c.after);
    const reverted = await enricher.revert({ targetId: c.targetId, targetPath: item?.targetPath ?? "", migrationId: item?.lastMigrationId ?? null }, c.before, recorded ?? undefined, earlier.get(c.id));
    outcomes.push(...reverted.map((o) => ({ pageUrl: c.pageUrl, ...o })));
    if (item?.lastMigrationId) migrations.add(item.lastMigrationId);
  }
  await rebuild([...migrations]);
  const now = new Date();
  const ids = changes.map((c) => c.proposalId);
  const statements = [
    db.update(enrichApplies).set({ rolledBackAt: now, rollback: outcomes }).where(eq(enrichApplies.id, applyId)),
    db.update(enrichApplyChanges).set({ rolledBackAt: now }).where(and(eq(enrichApplyChanges.applyId, applyId), eq(enrichApplyChanges.status, "applied"))),
    ...chunks(ids, 90).map((part) => db.update(enrichProposals).set({ status: "approved", appliedAt: null }).where(inArray(enrichProposals.id, part))),
    auditStatement(db, actor, { organizationId, action: "enrich.rollback", entityType: "enrich_apply", entityId: applyId, before: changes.map((c) => ({ page: c.pageUrl, field: c.field, target: c.target, value: c.after })), after: { changes: changes.map((c) => ({ page: c.pageUrl, field: c.field, target: c.target, restored: c.before })), outcomes } }),
  ];
  await db.batch(statements as [typeof statements[number], ...typeof statements]);
  return getEnrichApply(db, organizationId, applyId);
}

/** The enricher's record of what an applied change wrote (see applyEnrichment). */
const writtenOf = (after: unknown) => (after && typeof after === "object" ? (after as { written?: unknown }).written : undefined);

/**
 * Per applied change of the apply being rolled back (by change id), the values its shared items (a media
 * item, a DAM asset: see TargetEnricher.shared) go back to in place of the old values it recorded. An old
 * value this apply recorded was written by the apply before it on that item; where that one was rolled
 * back since and its rollback left the item (this apply's value stood then), the item goes back to the
 * value before that one, followed back through as many such applies as there are. Without this, rolling
 * back A and then B on a shared asset would leave A's value in place of the original.
 */
async function earlierRestoreTo(db: Db, enricher: TargetEnricher, row: typeof enrichApplies.$inferSelect, changes: EnrichApplyChangeRow[]): Promise<Map<string, RestoreTo>> {
  const out = new Map<string, RestoreTo>();
  // The rollback reverts a page once, from its first change here (the page's record rides on each).
  const firsts = changes.filter((c, i) => c.targetId && changes.findIndex((d) => d.targetId === c.targetId) === i);
  const own = firsts.map((c) => ({ c, values: enricher.shared!(c.before, writtenOf(c.after)) })).filter((x) => x.values.length);
  if (!own.length) return out;
  // Every earlier apply's values on shared items, newest apply first: only alt text touches shared items.
  const rows = await db
    .select({ createdAt: enrichApplies.createdAt, rolledBackAt: enrichApplies.rolledBackAt, rollback: enrichApplies.rollback, pageUrl: enrichApplyChanges.pageUrl, before: enrichApplyChanges.before, after: enrichApplyChanges.after })
    .from(enrichApplyChanges)
    .innerJoin(enrichApplies, eq(enrichApplyChanges.applyId, enrichApplies.id))
    .where(and(eq(enrichApplies.organizationId, row.organizationId), eq(enrichApplies.siteId, row.siteId), eq(enrichApplies.platform, row.platform), ne(enrichApplies.id, row.id), lte(enrichApplies.createdAt, row.createdAt), eq(enrichApplyChanges.status, "applied"), eq(enrichApplyChanges.field, "imageAlt")))
    .orderBy(desc(enrichApplies.createdAt));
  const entries = rows.flatMap((r) => enricher.shared!(r.before, writtenOf(r.after)).map((v) => ({ ...v, at: r.createdAt.getTime(), pageUrl: r.pageUrl, rolledBack: !!r.rolledBackAt, rollback: r.rollback ?? [] })));
  for (const { c, values } of own) {
    const to = new Map<string, unknown>();
    for (const value of values) {
      let old = value.old;
      let until = row.createdAt.getTime();
      const seen = new Set<(typeof entries)[number]>();
      for (;;) {
        // The newest apply, no later than the last one followed, that wrote the value found on the item.
        const before = entries.find((e) => e.at <= until && !seen.has(e) && e.item === value.item && sameValue(e.written, old));
        if (!before) break;
        seen.add(before);
        until = before.at;
        const leftThen = before.rolledBack && before.rollback.some((o) => o.item === value.item && o.pageUrl === before.pageUrl && o.status === "left");
        if (!leftThen) break;
        old = before.old;
      }
      if (!sameValue(old, value.old)) to.set(value.item, old);
    }
    if (to.size) out.set(c.id, to);
  }
  return out;
}

/** A list in parts of at most `size` (D1 binds at most 100 values per statement). */
function chunks<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
