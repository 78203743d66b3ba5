import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { and, desc, eq } from "drizzle-orm";
import { createWorkersAI } from "workers-ai-provider";
import { DEFAULT_MIN_CONFIDENCE, type MappingSettingsDto, type MappingSettingsInput, type PromptDto } from "../contracts/mapping";
import { SECRET_MASK } from "../contracts/platforms";
import type { SiteSettings } from "../contracts/sites";
import type { Db } from "../db/client";
import { violatesUniqueIndex } from "../db/constraints";
import { siteConfigs, users } from "../db/schema";
import { mappingSettings, sitePrompts, type MappingSettingsRow } from "../db/schema-mapping";
import type { Env } from "../env";
import { decryptSecret, encryptSecret } from "../lib/crypto";
import { badRequest, conflict } from "../lib/errors";
import { egressFetcher, egressPolicy, endpointUrlProblem } from "../lib/egress";
import { newId } from "../lib/ids";
import { DEFAULT_ENRICH_PROMPT } from "../enrich/ai";
import { DEFAULT_MAPPING_PROMPT } from "../mapping/llm-prompt";
import { auditStatement } from "./audit";
import type { SessionUser } from "./auth";
import { PLATFORM_URL_MESSAGES } from "./site-config";
import { requireSite } from "./sites";

/** The Workers AI model used when a site picks Workers AI without naming a model. */
export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** The site's auto-apply threshold (site settings `minConfidence`), or the default. */
export async function siteMinConfidence(db: Db, siteId: string): Promise<number> {
  const row = await db.query.siteConfigs.findFirst({ where: eq(siteConfigs.siteId, siteId) });
  const value = (row?.settings as SiteSettings | null)?.minConfidence;
  return typeof value === "number" ? value : DEFAULT_MIN_CONFIDENCE;
}

async function settingsRow(db: Db, siteId: string): Promise<MappingSettingsRow | undefined> {
  return db.query.mappingSettings.findFirst({ where: eq(mappingSettings.siteId, siteId) });
}

function toDto(env: Env, row: MappingSettingsRow | undefined, minConfidence: number): MappingSettingsDto {
  return {
    llmProvider: row?.llmProvider ?? "none",
    model: row?.model ?? "",
    baseUrl: row?.baseUrl ?? "",
    apiKey: row?.apiKey ? SECRET_MASK : "",
    workersAiAvailable: env.AI !== undefined,
    minConfidence,
  };
}

export async function getMappingSettings(db: Db, env: Env, organizationId: string, siteId: string): Promise<MappingSettingsDto> {
  await requireSite(db, organizationId, siteId);
  return toDto(env, await settingsRow(db, siteId), await siteMinConfidence(db, siteId));
}

/** Saves the model settings. The key is encrypted like platform secrets; the mask keeps the stored one. */
export async function saveMappingSettings(db: Db, env: Env, auth: SessionUser, organizationId: string, siteId: string, input: MappingSettingsInput): Promise<MappingSettingsDto> {
  await requireSite(db, organizationId, siteId);
  // The endpoint gets the API key: the egress guard's save-time rules, as for platform URLs (the call is guarded too).
  const problem = input.baseUrl ? endpointUrlProblem(input.baseUrl, egressPolicy(env).allowPrivate) : null;
  if (problem) {
    const message = PLATFORM_URL_MESSAGES[problem]("Base URL");
    throw badRequest(message, [{ path: "baseUrl", message }]);
  }
  const before = await settingsRow(db, siteId);
  let apiKey = before?.apiKey ?? null;
  if (input.apiKey !== undefined && input.apiKey !== SECRET_MASK) {
    apiKey = input.apiKey === "" ? null : await encryptSecret(input.apiKey, env.SECRETS_KEY, env.ENVIRONMENT);
  }
  const values = { llmProvider: input.llmProvider, model: input.model, baseUrl: input.baseUrl, apiKey, updatedAt: new Date() };
  const visible = (v: { llmProvider: string; model: string; baseUrl: string; apiKey: string | null } | undefined) =>
    v ? { llmProvider: v.llmProvider, model: v.model, baseUrl: v.baseUrl, apiKey: v.apiKey ? SECRET_MASK : "" } : null;
  await db.batch([
    db.insert(mappingSettings).values({ siteId, organizationId, ...values }).onConflictDoUpdate({ target: mappingSettings.siteId, set: values }),
    auditStatement(db, auth.actor, { organizationId, action: "mapping-settings.update", entityType: "mapping-settings", entityId: siteId, before: visible(before), after: visible(values) }),
  ]);
  return getMappingSettings(db, env, organizationId, siteId);
}

/**
 * The language model a site's mapping uses, or null (the deterministic mapper and memory alone).
 * Workers AI needs the AI binding, which exists only in production.
 */
export async function resolveLanguageModel(db: Db, env: Env, siteId: string): Promise<LanguageModel | null> {
  const row = await settingsRow(db, siteId);
  if (!row || row.llmProvider === "none") return null;
  if (row.llmProvider === "workers-ai") {
    if (!env.AI) return null;
    const workersAi = createWorkersAI({ binding: env.AI as Ai });
    return workersAi(row.model || DEFAULT_WORKERS_AI_MODEL);
  }
  if (!row.baseUrl || !row.model) return null;
  const apiKey = row.apiKey ? await decryptSecret(row.apiKey, env.SECRETS_KEY, env.ENVIRONMENT) : undefined;
  // Every call goes through the egress guard (https, public addresses only, every redirect checked).
  const guarded = egressFetcher(egressPolicy(env), undefined, { requireHttps: true });
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => guarded(input instanceof Request ? input.url : String(input), init);
  const provider = createOpenAICompatible({ name: "site-llm", baseURL: row.baseUrl, apiKey, supportsStructuredOutputs: true, fetch });
  return provider.chatModel(row.model);
}

// ---------------------------------------------------------------- prompts

/** Which prompt: the mapping layer's, or Enrich's (the same versioned history, one per kind). */
export type PromptKind = "mapping" | "enrich";

const DEFAULT_PROMPTS: Record<PromptKind, string> = { mapping: DEFAULT_MAPPING_PROMPT, enrich: DEFAULT_ENRICH_PROMPT };

/** The prompt in use: the newest version of its kind, or the default when the site never saved one. */
export async function activePrompt(db: Db, siteId: string, kind: PromptKind = "mapping"): Promise<string> {
  const row = await db.query.sitePrompts.findFirst({ where: and(eq(sitePrompts.siteId, siteId), eq(sitePrompts.kind, kind)), orderBy: desc(sitePrompts.version) });
  return row?.prompt ?? DEFAULT_PROMPTS[kind];
}

export async function getPrompt(db: Db, organizationId: string, siteId: string, kind: PromptKind = "mapping"): Promise<PromptDto> {
  await requireSite(db, organizationId, siteId);
  const rows = await db
    .select({ p: sitePrompts, email: users.email })
    .from(sitePrompts)
    .leftJoin(users, eq(users.id, sitePrompts.createdByUserId))
    .where(and(eq(sitePrompts.siteId, siteId), eq(sitePrompts.organizationId, organizationId), eq(sitePrompts.kind, kind)))
    .orderBy(desc(sitePrompts.version));
  const latest = rows[0]?.p;
  return {
    prompt: latest?.prompt ?? DEFAULT_PROMPTS[kind],
    version: latest?.version ?? 0,
    isDefault: latest ? latest.isDefault : true,
    updatedAt: latest ? latest.createdAt.toISOString() : null,
    versions: rows.map(({ p, email }) => ({ version: p.version, isDefault: p.isDefault, createdAt: p.createdAt.toISOString(), createdBy: email })),
  };
}

/** How often a prompt save retries when another save took its version number meanwhile. */
const PROMPT_SAVE_ATTEMPTS = 3;

async function addVersion(db: Db, auth: SessionUser, organizationId: string, siteId: string, kind: PromptKind, prompt: string, isDefault: boolean): Promise<PromptDto> {
  await requireSite(db, organizationId, siteId);
  for (let attempt = 1; ; attempt++) {
    try {
      await insertVersion(db, auth, organizationId, siteId, kind, prompt, isDefault);
      return getPrompt(db, organizationId, siteId, kind);
    } catch (err) {
      // Two saves at once read the same latest version; the unique index lets one win, the other takes the next number.
      if (!violatesUniqueIndex(err, sitePrompts, "site_prompts_version_idx")) throw err;
      if (attempt >= PROMPT_SAVE_ATTEMPTS) throw conflict("The prompt was changed at the same time. Please try again.");
    }
  }
}

async function insertVersion(db: Db, auth: SessionUser, organizationId: string, siteId: string, kind: PromptKind, prompt: string, isDefault: boolean): Promise<void> {
  const current = await db.query.sitePrompts.findFirst({ where: and(eq(sitePrompts.siteId, siteId), eq(sitePrompts.kind, kind)), orderBy: desc(sitePrompts.version) });
  const version = (current?.version ?? 0) + 1;
  await db.batch([
    db.insert(sitePrompts).values({ id: newId(), organizationId, siteId, kind, version, prompt, isDefault, createdByUserId: auth.user.id }),
    auditStatement(db, auth.actor, {
      organizationId,
      action: `${kind}-prompt.${isDefault ? "reset" : "update"}`,
      entityType: `${kind}-prompt`,
      entityId: siteId,
      before: { version: current?.version ?? 0, prompt: current?.prompt ?? DEFAULT_PROMPTS[kind] },
      after: { version, prompt },
    }),
  ]);
}

/** Saves an edited prompt as a new version. */
export function savePrompt(db: Db, auth: SessionUser, organizationId: string, siteId: string, prompt: string, kind: PromptKind = "mapping"): Promise<PromptDto> {
  return addVersion(db, auth, organizationId, siteId, kind, prompt, prompt === DEFAULT_PROMPTS[kind]);
}

/** Goes back to the default prompt, as a new version (the history stays). */
export function resetPrompt(db: Db, auth: SessionUser, organizationId: string, siteId: string, kind: PromptKind = "mapping"): Promise<PromptDto> {
  return addVersion(db, auth, organizationId, siteId, kind, DEFAULT_PROMPTS[kind], true);
}
