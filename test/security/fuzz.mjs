// Fuzzing of every write endpoint with fast-check: bodies drawn from the route's own zod schema (as
// JSON Schema), the same with a field replaced by any JSON value, any JSON value at all, and raw text
// that is not JSON. No answer may be a 5xx, and every error must keep the API's shape (the client checks).
import fc from "fast-check";
import { tsImport } from "tsx/esm/api";
import { z } from "zod";
import { inParallel } from "./http.mjs";
import { ORG_A, USERS, emailOf, membershipId } from "./people.mjs";

/** The zod schema each write route parses its body with (file under workers/, export name). */
const BODY_SCHEMAS = {
  "POST /auth/signup": ["contracts/auth.ts", "signupSchema"],
  "POST /auth/login": ["contracts/auth.ts", "loginSchema"],
  "POST /auth/verify-email": ["contracts/auth.ts", "verifyEmailSchema"],
  "POST /auth/mfa/challenge": ["contracts/auth.ts", "mfaChallengeSchema"],
  "POST /auth/mfa/verify": ["contracts/auth.ts", "mfaVerifySchema"],
  "POST /auth/mfa/device": ["contracts/auth.ts", "mfaDeviceSchema"],
  "POST /auth/password-reset/request": ["contracts/auth.ts", "passwordResetRequestSchema"],
  "POST /auth/password-reset": ["contracts/auth.ts", "passwordResetSchema"],
  "POST /auth/mfa/settings/code": ["contracts/auth.ts", "mfaSettingsCodeSchema"],
  "PUT /auth/mfa/settings": ["contracts/auth.ts", "mfaSettingsSchema"],
  "PUT /auth/password": ["contracts/auth.ts", "changePasswordSchema"],
  "PUT /users/theme-preference": ["contracts/auth.ts", "themeSchema"],
  "POST /organization": ["contracts/auth.ts", "createOrganizationSchema"],
  "POST /organization/:id/invite": ["contracts/auth.ts", "inviteSchema"],
  "PUT /organization/:id/members/:memberId": ["contracts/auth.ts", "changeRoleSchema"],
  "POST /sites": ["contracts/sites.ts", "createSiteSchema"],
  "PUT /sites/:siteId": ["contracts/sites.ts", "updateSiteSchema"],
  "PUT /site-config/:siteId": ["contracts/sites.ts", "saveSiteConfigSchema"],
  "PUT /system-notification": ["contracts/admin.ts", "saveSystemNotificationSchema"],
  "POST /admin/news": ["contracts/admin.ts", "createNewsSchema"],
  "PUT /admin/news/:id": ["contracts/admin.ts", "updateNewsSchema"],
  "POST /platform/:siteId/dry-run": ["targets/contract.ts", "dryRunSchema"],
  "POST /migration/start": ["contracts/run-events.ts", "startMigrationSchema"],
  "PUT /sites/:siteId/components/:key": ["contracts/mapping.ts", "putComponentSchema"],
  "PUT /sites/:siteId/templates/:key": ["contracts/mapping.ts", "putTemplateSchema"],
  "POST /mapping/snapshots/:snapshotId/map": ["contracts/mapping.ts", "mapSnapshotSchema"],
  "POST /mapping/snapshots/:snapshotId/bulk-approve": ["contracts/mapping.ts", "bulkApproveSchema"],
  "POST /mapping/proposals/:proposalId/decision": ["contracts/mapping.ts", "decisionSchema"],
  "PUT /sites/:siteId/mapping/prompt": ["contracts/mapping.ts", "savePromptSchema"],
  "PUT /sites/:siteId/enrich/prompt": ["contracts/mapping.ts", "savePromptSchema"],
  "PUT /sites/:siteId/mapping/settings": ["contracts/mapping.ts", "mappingSettingsSchema"],
  "POST /sites/:siteId/auto-populate": ["contracts/mapping.ts", "autoPopulateRequestSchema"],
  "POST /sites/:siteId/auto-populate/accept": ["contracts/mapping.ts", "acceptSuggestionsSchema"],
  "POST /sites/:siteId/enrich/bulk-approve": ["contracts/enrich.ts", "enrichBulkApproveSchema"],
  "POST /sites/:siteId/enrich/apply": ["contracts/enrich.ts", "enrichApplySchema"],
  "POST /enrich/proposals/:proposalId/decision": ["contracts/enrich.ts", "enrichDecisionSchema"],
};

/** Bodies that are not JSON, or JSON that strains a parser. */
const RAW_BODIES = [
  "",
  "{",
  "[",
  "null",
  "{}}",
  '{"a":',
  "\u0000",
  "\ufeff{}",
  "[".repeat(20_000) + "]".repeat(20_000),
  `{"__proto__":{"isAdmin":true,"role":"ADMIN"},"constructor":{"prototype":{"polluted":true}}}`,
  `{"name":"${"x".repeat(300_000)}"}`,
  "1e999999",
  '"\\ud800"',
];

/** A fast-check arbitrary for values of a JSON Schema (the subset zod emits). */
function fromJsonSchema(schema, defs, depth = 0) {
  if (!schema || schema === true || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.$ref) return fromJsonSchema(defs[schema.$ref.replace(/^#\/\$defs\//, "")], defs, depth + 1);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => fromJsonSchema(s, defs, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0], defs, depth + 1);
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "string":
      return stringOf(schema);
    case "number":
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const min = schema.minItems ?? 0;
      return fc.array(fromJsonSchema(schema.items, defs, depth + 1), { minLength: min, maxLength: Math.max(min, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case "object": {
      const props = Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fromJsonSchema(s, defs, depth + 1)]);
      const record = fc.record(Object.fromEntries(props), { requiredKeys: schema.required ?? [] });
      if (!schema.additionalProperties || props.length) return record;
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fromJsonSchema(schema.additionalProperties, defs, depth + 1), { maxKeys: 4 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema) {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "uri" || schema.format === "url") return fc.webUrl({ withQueryParameters: true, withFragments: true });
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((v) => v.length >= min && v.length <= (schema.maxLength ?? Infinity));
    } catch {}
  }
  return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.string({ minLength: min, maxLength: max, unit: "binary" }));
}

/** A body: `{ json }` sent as JSON, or `{ raw, contentType }` sent as it is. */
function bodies(schemaArb) {
  const anyJson = fc.jsonValue({ maxDepth: 4 });
  const kinds = [
    { weight: 2, arbitrary: anyJson.map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ unit: "binary" })).map((raw) => ({ raw })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(anyJson, fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16"))
        .map(([v, contentType]) => ({ raw: JSON.stringify(v), contentType })),
    },
  ];
  if (schemaArb) {
    kinds.push({ weight: 4, arbitrary: schemaArb.map((json) => ({ json })) });
    const mutated = fc.tuple(schemaArb, anyJson, fc.nat()).map(([v, junk, n]) => {
      if (!v || typeof v !== "object" || Array.isArray(v)) return { json: junk };
      const keys = Object.keys(v);
      if (!keys.length || n % 5 === 0) return { json: { ...v, [`extra${n % 3}`]: junk } };
      const key = keys[n % keys.length];
      const copy = { ...v };
      if (n % 4 === 0) delete copy[key];
      else copy[key] = junk;
      return { json: copy };
    });
    kinds.push({ weight: 3, arbitrary: mutated });
  }
  return fc.oneof(...kinds);
}

/** A path parameter no object has: any text but the dot segments a URL parser would resolve. */
const strayParam = fc
  .oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 20, unit: "binary" }))
  .filter((s) => !/^(\.|%2e){1,2}$/i.test(s) && s.trim() !== "");

/** Routes whose call with a real object would delete it or end a membership: fuzzed with stray ids only. */
const consumes = (key) => key.startsWith("DELETE ") || key === "POST /organization/:id/leave";

async function loadSchemas(log) {
  const out = {};
  const modules = {};
  for (const [key, [file, name]] of Object.entries(BODY_SCHEMAS)) {
    modules[file] ??= await tsImport(`../../workers/${file}`, import.meta.url);
    const schema = modules[file][name];
    if (!schema) {
      log(`fuzz: workers/${file} exports no ${name}; ${key} gets schema-free bodies`);
      continue;
    }
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    out[key] = fromJsonSchema(json, json.$defs ?? {});
  }
  return out;
}

/**
 * Fuzzes every write route of the rule table with about `total` bodies, in parallel batches. Callers
 * are ones the rule lets through (an OWNER of A, the global ADMIN, or no one for public routes), so
 * bodies reach the handlers.
 */
export async function runFuzz({ client, world, rules, total, seed, log }) {
  const { ACCESS_RULES, API_BASE } = rules;
  const schemas = await loadSchemas(log);
  const writes = Object.entries(ACCESS_RULES).filter(([key]) => !key.startsWith("GET "));
  const perRoute = Math.ceil(total / writes.length);
  // Signing out is fuzzed with a session of its own: the first body that gets through ends it.
  const logoutToken = await client.login(emailOf("owner"), world.password);
  const ids = {
    siteId: world.siteId,
    key: "hero",
    memberId: membershipId(ORG_A, "target"),
    migrationId: world.migrationId,
    snapshotId: world.snapshotId,
    proposalId: world.proposalId,
    userId: USERS.member.id,
  };
  const jobs = [];
  writes.forEach(([key, rule], routeIndex) => {
    const [method, path] = key.split(" ");
    const drawn = fc.sample(bodies(schemas[key]), { numRuns: perRoute, seed: seed + routeIndex });
    const strays = fc.sample(strayParam, { numRuns: perRoute, seed: seed + 7919 + routeIndex });
    const token =
      key === "POST /auth/logout"
        ? logoutToken
        : rule.access === "public"
          ? undefined
          : rule.access === "globalAdmin" || path.startsWith("/admin/")
            ? world.tokens.globalAdmin
            : world.tokens.owner;
    drawn.forEach((body, i) => {
      // Every fifth call of a route that names objects gets a stray id instead, to fuzz the parameters too.
      const stray = consumes(key) || i % 5 === 4;
      const filled = path.replace(/:([A-Za-z]+)/g, (_, name) => {
        const real = name !== "id" ? ids[name] : path.startsWith("/organization/") ? ORG_A : path.startsWith("/admin/news/") ? world.newsId : null;
        return encodeURIComponent(stray || !real ? strays[i] : real);
      });
      jobs.push({ key, method, url: API_BASE + filled, token, body });
    });
  });
  const serverErrors = [];
  let sent = 0;
  await inParallel(jobs, 8, async (job) => {
    const { json, raw, contentType } = job.body;
    const res = await client.call(job.method, job.url, {
      token: job.token,
      org: ORG_A,
      ...(raw !== undefined ? { raw, contentType } : { body: json }),
      streamMs: 300,
    });
    sent++;
    if (res.status >= 500) {
      const shown = raw !== undefined ? raw : JSON.stringify(json);
      serverErrors.push({ key: job.key, url: job.url, status: res.status, body: String(shown).slice(0, 200) });
    }
  });
  return { routes: writes.length, sent, serverErrors, schemaRoutes: Object.keys(schemas).length };
}
