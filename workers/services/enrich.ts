/**
 * Enrich: the audit of a project's migrated pages (the snapshots of its latest run), the proposals
 * that fix what can be fixed, and the site overview. Review is in enrich-review.ts, apply and
 * rollback in enrich-apply.ts.
 */
import { and, desc, eq, like } from "drizzle-orm";
import { ENRICH_MESSAGES, FINDING_KINDS, FINDING_LABELS, type EnrichAnalysisDto, type EnrichProposalDto, type TargetAuditDto, type Finding, type PageAuditDto, type SiteAuditDto } from "../contracts/enrich";
import type { PageExtraction } from "../contracts/extraction";
import { screenshotPath } from "../contracts/run-events";
import type { Db } from "../db/client";
import { enrichAnalyses, enrichDecisions, enrichPageAudits, enrichProposals, type EnrichAnalysisRow, type EnrichPageAuditRow, type EnrichProposalRow } from "../db/schema-enrich";
import { migrationLogs, migrationRuns, pageFidelity, snapshots, type PageFidelityRow, type SnapshotRow } from "../db/schema-runs";
import { aiProposals, DEFAULT_ENRICH_PROMPT, modelSeesImages, siteTaxonomy } from "../enrich/ai";
import { pageFindings, wordCount } from "../enrich/findings";
import { deterministicProposals, type ProposalDraft } from "../enrich/proposals";
import { changeKey, pageScore, remainingFindings, scoreDistribution } from "../enrich/score";
import { crawlKey, duplicateFindings, linkFindings, unseenLinks, type CrawlRecord } from "../enrich/site-findings";
import type { FetchLike } from "../lib/egress";
import { checkUnseenLinks } from "./enrich-links";
import { imagesForVision } from "./enrich-images";
import type { Env } from "../env";
import { notFound, unprocessable } from "../lib/errors";
import { newId } from "../lib/ids";
import { auditStatement, type Actor } from "./audit";
import { activePrompt, resolveLanguageModel } from "./mapping-settings";
import { requireSite } from "./sites";

/** At most this many pages are sent to the language model per analysis (cost stays bounded). */
export const AI_PAGE_BUDGET = 25;
/** D1 takes a bounded batch: statements are sent in chunks of this size. */
const BATCH = 50;

export function toEnrichProposalDto(row: EnrichProposalRow): EnrichProposalDto {
  return {
    id: row.id,
    snapshotId: row.snapshotId,
    pageUrl: row.pageUrl,
    field: row.field as EnrichProposalDto["field"],
    target: row.target,
    kind: row.kind as EnrichProposalDto["kind"],
    before: row.before,
    value: row.value,
    finalValue: row.finalValue,
    confidence: row.confidence,
    source: row.source,
    rationale: row.rationale,
    status: row.status,
    remembered: row.remembered,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    appliedAt: row.appliedAt ? row.appliedAt.toISOString() : null,
  };
}

async function runInChunks(db: Db, statements: Array<Parameters<Db["batch"]>[0][number]>): Promise<void> {
  for (let i = 0; i < statements.length; i += BATCH) {
    const chunk = statements.slice(i, i + BATCH);
    if (chunk.length) await db.batch(chunk as unknown as Parameters<Db["batch"]>[0]);
  }
}

/** The site's latest run that captured pages, or null. */
export async function latestCapturedRun(db: Db, organizationId: string, siteId: string): Promise<string | null> {
  const rows = await db
    .select({ id: migrationRuns.id })
    .from(migrationRuns)
    .where(and(eq(migrationRuns.organizationId, organizationId), eq(migrationRuns.siteId, siteId)))
    .orderBy(desc(migrationRuns.startedAt))
    .limit(10);
  for (const r of rows) {
    const one = await db.select({ id: snapshots.id }).from(snapshots).where(eq(snapshots.migrationId, r.id)).limit(1);
    if (one.length) return r.id;
  }
  return null;
}

/** What the run's crawl recorded per URL: its snapshots, and the pages that failed with an HTTP status. */
async function crawlRecords(db: Db, runId: string, rows: SnapshotRow[]): Promise<Map<string, CrawlRecord>> {
  const records = new Map<string, CrawlRecord>();
  for (const s of rows) {
    records.set(crawlKey(s.url), { status: s.httpStatus, finalUrl: s.finalUrl });
    if (crawlKey(s.finalUrl) !== crawlKey(s.url)) records.set(crawlKey(s.finalUrl), { status: s.httpStatus, finalUrl: s.finalUrl });
  }
  // A page the run could not capture because it answered an HTTP error is logged with that status.
  const failed = await db.select({ url: migrationLogs.url, message: migrationLogs.message }).from(migrationLogs)
    .where(and(eq(migrationLogs.migrationId, runId), eq(migrationLogs.level, "error"), like(migrationLogs.message, "%HTTP %")));
  for (const f of failed) {
    const status = Number(/\bHTTP (\d{3})\b/.exec(f.message)?.[1]);
    if (f.url && status && !records.has(crawlKey(f.url))) records.set(crawlKey(f.url), { status, finalUrl: f.url });
  }
  return records;
}

async function loadExtraction(env: Env, row: SnapshotRow): Promise<PageExtraction | null> {
  const obj = await env.BUCKET.get(row.extractionKey);
  return obj ? ((await obj.json()) as PageExtraction) : null;
}

/** The language most pages of the site declare. */
function dominantLanguage(pages: PageExtraction[]): string | null {
  const counts = new Map<string, number>();
  for (const p of pages) if (p.language) counts.set(p.language, (counts.get(p.language) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export interface AnalyseOptions {
  /** Injected model (tests); otherwise the site's mapping model, when one is configured. */
  model?: Parameters<typeof aiProposals>[0] | null;
  /** Injected transport for the link checks and a vision model's images (tests); every request still passes the egress guard. */
  fetch?: FetchLike;
}

/**
 * Audits the pages of the site's latest run: findings and score per page (stored), and proposals
 * for what can be fixed. Decisions a person made on the same page and field in an earlier run are
 * applied again (remembered). Proposals already decided in this run are kept as they are.
 */
export async function analyseSite(db: Db, env: Env, actor: Actor, organizationId: string, siteId: string, options: AnalyseOptions = {}): Promise<SiteAuditDto> {
  await requireSite(db, organizationId, siteId);
  const runId = await latestCapturedRun(db, organizationId, siteId);
  if (!runId) throw unprocessable(ENRICH_MESSAGES.noRun);
  const rows = await db.select().from(snapshots).where(and(eq(snapshots.organizationId, organizationId), eq(snapshots.migrationId, runId)));
  const pages: Array<{ row: SnapshotRow; url: string; extraction: PageExtraction }> = [];
  for (const row of rows) {
    const extraction = await loadExtraction(env, row);
    if (extraction) pages.push({ row, url: row.url, extraction });
  }
  const records = await crawlRecords(db, runId, rows);
  for (const [key, record] of await checkUnseenLinks(env, unseenLinks(pages.map((p) => p.extraction), records), options.fetch)) records.set(key, record);
  const duplicates = duplicateFindings(pages);
  const siteLanguage = dominantLanguage(pages.map((p) => p.extraction));
  const taxonomy = siteTaxonomy(pages.map((p) => p.extraction));
  const model = options.model !== undefined ? options.model : await resolveLanguageModel(db, env, siteId);
  // The site's own Enrich prompt (Enrich → Prompt), else the default.
  const prompt = model ? await activePrompt(db, siteId, "enrich") : DEFAULT_ENRICH_PROMPT;

  const decided = await db.select().from(enrichProposals).where(and(eq(enrichProposals.siteId, siteId), eq(enrichProposals.runId, runId)));
  const keep = new Set(decided.filter((p) => p.status !== "pending").map((p) => `${p.snapshotId}\n${p.field}\n${p.target}`));
  const memory = await db.select().from(enrichDecisions).where(eq(enrichDecisions.siteId, siteId));
  const remembered = new Map(memory.map((d) => [`${d.pageUrl}\n${d.field}\n${d.target}`, d]));

  const statements: Array<Parameters<Db["batch"]>[0][number]> = [
    db.delete(enrichPageAudits).where(eq(enrichPageAudits.siteId, siteId)),
    db.delete(enrichProposals).where(and(eq(enrichProposals.siteId, siteId), eq(enrichProposals.runId, runId), eq(enrichProposals.status, "pending"))),
  ];
  let aiPages = 0;
  for (const page of pages) {
    const findings: Finding[] = [...pageFindings(page.extraction), ...(duplicates.get(page.url) ?? []), ...linkFindings(page.extraction, records)];
    statements.push(db.insert(enrichPageAudits).values({
      snapshotId: page.row.id, organizationId, siteId, runId, url: page.url, title: page.extraction.title,
      wordCount: wordCount(page.extraction.mainText), findings, scoreBefore: pageScore(findings),
    }));
    const drafts: ProposalDraft[] = deterministicProposals(page.extraction, findings, siteLanguage);
    if (model && aiPages < AI_PAGE_BUDGET && findings.some((f) => f.field)) {
      aiPages++;
      // A vision model also looks at the images that have no alt text.
      const missingAlt = findings.flatMap((f) => (f.kind === "image-alt-missing" && f.target ? [f.target] : []));
      const images = missingAlt.length && modelSeesImages(model) ? await imagesForVision(env, missingAlt, options.fetch) : [];
      const ai = await aiProposals(model, prompt, page.extraction, findings, taxonomy, undefined, images);
      // A model's value replaces the deterministic one for the same field; its rationale says so.
      for (const d of ai) {
        const i = drafts.findIndex((x) => x.field === d.field && x.target === d.target);
        if (i >= 0) drafts.splice(i, 1, d);
        else drafts.push(d);
      }
    }
    for (const d of drafts) {
      if (keep.has(`${page.row.id}\n${d.field}\n${d.target}`)) continue;
      const memo = remembered.get(`${page.url}\n${d.field}\n${d.target}`);
      const status = memo ? (memo.action === "reject" ? "rejected" : "approved") : "pending";
      // A rejection is remembered for the value it rejected: a different proposal is asked again.
      const applies = memo && (memo.action !== "reject" || memo.proposedValue === d.value);
      statements.push(db.insert(enrichProposals).values({
        id: newId(), organizationId, siteId, snapshotId: page.row.id, runId, pageUrl: page.url, field: d.field, target: d.target, kind: d.kind,
        before: d.before, value: d.value, confidence: d.confidence, source: d.source, rationale: d.rationale,
        status: applies ? status : "pending", remembered: !!applies, finalValue: applies && memo.action !== "reject" ? memo.finalValue : null,
        decidedAt: applies ? new Date() : null, decidedByUserId: applies ? memo.userId : null,
      }));
    }
  }
  statements.push(auditStatement(db, actor, { organizationId, action: "enrich.analyse", entityType: "site", entityId: siteId, after: { runId, pages: pages.length } }));
  await runInChunks(db, statements);
  return getSiteAudit(db, env, organizationId, siteId);
}

/** A page's audit in the target, from the fidelity check of its written page (only checks that audited it). */
function targetAudit(check: PageFidelityRow | undefined): TargetAuditDto | null {
  const findings = check?.detail.targetFindings;
  if (!check || !findings) return null;
  return { url: check.targetUrl, checkedAt: check.createdAt.toISOString(), score: pageScore(findings), findings };
}

function pageDto(row: EnrichPageAuditRow, snapshot: SnapshotRow | undefined, proposals: EnrichProposalRow[], check?: PageFidelityRow): PageAuditDto {
  const resolved = new Set(proposals.filter((p) => (p.status === "approved" || p.status === "applied") && (p.finalValue ?? p.value).trim()).map((p) => changeKey(p.field, p.target)));
  return {
    snapshotId: row.snapshotId,
    url: row.url,
    title: row.title,
    screenshotUrl: snapshot?.screenshotKey ? screenshotPath(row.snapshotId) : null,
    scoreBefore: row.scoreBefore,
    scoreAfter: pageScore(remainingFindings(row.findings, resolved)),
    wordCount: row.wordCount,
    findings: row.findings,
    target: targetAudit(check),
  };
}

/** An analysis job as the API shows it (workers/services/enrich-analysis.ts runs it). */
export function toAnalysisDto(row: Pick<EnrichAnalysisRow, "status" | "runId" | "requestedAt" | "startedAt" | "finishedAt" | "error">): EnrichAnalysisDto {
  return {
    status: row.status,
    runId: row.runId,
    requestedAt: row.requestedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  };
}

/** The project's latest analysis job, or null before the first request (what a screen polls while one runs). */
export async function latestAnalysis(db: Db, organizationId: string, siteId: string): Promise<EnrichAnalysisDto | null> {
  const [row] = await db.select().from(enrichAnalyses).where(and(eq(enrichAnalyses.siteId, siteId), eq(enrichAnalyses.organizationId, organizationId)));
  return row ? toAnalysisDto(row) : null;
}

/** The site overview: findings by kind, scores before and after, pages worst first. Empty before the first analysis. */
export async function getSiteAudit(db: Db, env: Env, organizationId: string, siteId: string): Promise<SiteAuditDto> {
  await requireSite(db, organizationId, siteId);
  const audits = await db.select().from(enrichPageAudits).where(and(eq(enrichPageAudits.organizationId, organizationId), eq(enrichPageAudits.siteId, siteId)));
  const runId = audits[0]?.runId ?? (await latestCapturedRun(db, organizationId, siteId));
  const proposals = audits.length ? await db.select().from(enrichProposals).where(and(eq(enrichProposals.siteId, siteId), eq(enrichProposals.runId, audits[0]!.runId))) : [];
  const snaps = audits.length ? await db.select().from(snapshots).where(eq(snapshots.migrationId, audits[0]!.runId)) : [];
  const bySnapshot = new Map(snaps.map((s) => [s.id, s]));
  const checks = audits.length ? await db.select().from(pageFidelity).where(and(eq(pageFidelity.organizationId, organizationId), eq(pageFidelity.migrationId, audits[0]!.runId))) : [];
  const checkOf = new Map(checks.map((c) => [c.snapshotId, c]));
  const pages = audits.map((a) => pageDto(a, bySnapshot.get(a.snapshotId), proposals.filter((p) => p.snapshotId === a.snapshotId), checkOf.get(a.snapshotId))).sort((a, b) => a.scoreAfter - b.scoreAfter || a.scoreBefore - b.scoreBefore || a.url.localeCompare(b.url));
  const byKind = FINDING_KINDS.map((kind) => ({ kind, label: FINDING_LABELS[kind], pages: audits.filter((a) => a.findings.some((f) => f.kind === kind)).length })).filter((k) => k.pages > 0).sort((a, b) => b.pages - a.pages);
  const mean = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);
  const count = (s: EnrichProposalRow["status"]) => proposals.filter((p) => p.status === s).length;
  const model = await resolveLanguageModel(db, env, siteId).catch(() => null);
  const analysis = await latestAnalysis(db, organizationId, siteId);
  return {
    siteId,
    runId,
    pages,
    byKind,
    scoreBefore: mean(pages.map((p) => p.scoreBefore)),
    scoreAfter: mean(pages.map((p) => p.scoreAfter)),
    distribution: scoreDistribution(pages.map((p) => p.scoreAfter)),
    proposals: { pending: count("pending"), approved: count("approved"), rejected: count("rejected"), applied: count("applied") },
    aiAvailable: !!model,
    target: targetSummary(pages),
    analysis,
  };
}

function targetSummary(pages: PageAuditDto[]): SiteAuditDto["target"] {
  const scores = pages.flatMap((p) => (p.target ? [p.target.score] : []));
  return scores.length ? { pages: scores.length, score: Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) } : null;
}

/** One page's audit with its proposals. */
export async function getPageAudit(db: Db, organizationId: string, snapshotId: string): Promise<{ page: PageAuditDto; proposals: EnrichProposalDto[] }> {
  const [row] = await db.select().from(enrichPageAudits).where(and(eq(enrichPageAudits.snapshotId, snapshotId), eq(enrichPageAudits.organizationId, organizationId)));
  if (!row) throw notFound("Page audit not found");
  const [snapshot] = await db.select().from(snapshots).where(eq(snapshots.id, snapshotId));
  const proposals = await db.select().from(enrichProposals).where(and(eq(enrichProposals.snapshotId, snapshotId), eq(enrichProposals.organizationId, organizationId)));
  const [check] = await db.select().from(pageFidelity).where(and(eq(pageFidelity.snapshotId, snapshotId), eq(pageFidelity.organizationId, organizationId)));
  return { page: pageDto(row, snapshot, proposals, check), proposals: proposals.sort((a, b) => a.field.localeCompare(b.field) || a.target.localeCompare(b.target)).map(toEnrichProposalDto) };
}

/** The proposals of the site's analysed run, optionally of one status. */
export async function listEnrichProposals(db: Db, organizationId: string, siteId: string, status?: EnrichProposalRow["status"]): Promise<EnrichProposalDto[]> {
  await requireSite(db, organizationId, siteId);
  const [audit] = await db.select({ runId: enrichPageAudits.runId }).from(enrichPageAudits).where(eq(enrichPageAudits.siteId, siteId)).limit(1);
  if (!audit) return [];
  const where = [eq(enrichProposals.organizationId, organizationId), eq(enrichProposals.siteId, siteId), eq(enrichProposals.runId, audit.runId)];
  if (status) where.push(eq(enrichProposals.status, status));
  const rows = await db.select().from(enrichProposals).where(and(...where));
  return rows.sort((a, b) => b.confidence - a.confidence || a.pageUrl.localeCompare(b.pageUrl)).map(toEnrichProposalDto);
}
