// The authorization matrix: every route of workers/api/access-rules.ts called by every kind of caller,
// each answer compared with what the route's declared rule says about that caller.
import { randomUUID } from "node:crypto";
import { tsImport } from "tsx/esm/api";
import { inParallel } from "./http.mjs";
import { ORG_A, ORG_B, USERS, emailOf, membershipId, scratchOrg } from "./people.mjs";

/** The rule table and the role contract, read from the source the Worker is built from. */
export async function loadRules() {
  const rules = await tsImport("../../workers/api/access-rules.ts", import.meta.url);
  const permissions = await tsImport("../../workers/contracts/permissions.ts", import.meta.url);
  return { ACCESS_RULES: rules.ACCESS_RULES, API_BASE: rules.API_BASE, ORG_ACTION_ROLES: permissions.ORG_ACTION_ROLES };
}

/**
 * The callers. `role` is the caller's role in organization A (and in every scratch organization);
 * `org` the organization its calls name in X-Organization-Id. The cross-tenant caller is an OWNER that
 * names its own organization B while the path names A's objects.
 */
export const CALLERS = [
  { name: "anonymous" },
  { name: "other organization", user: "outsider", org: ORG_A, role: null },
  { name: "cross-tenant", user: "outsider", org: ORG_B, role: null, ownRole: "OWNER" },
  { name: "MEMBER", user: "member", org: ORG_A, role: "MEMBER" },
  { name: "ADMIN", user: "admin", org: ORG_A, role: "ADMIN" },
  { name: "OWNER", user: "owner", org: ORG_A, role: "OWNER" },
  { name: "global ADMIN", user: "globalAdmin", org: ORG_A, role: null, globalAdmin: true },
  { name: "impersonation", user: "member", org: ORG_A, role: "MEMBER", impersonation: true },
];

/** Path parameters that name an organization's object (not the organization itself). */
const OBJECT_PARAMS = new Set(["siteId", "key", "memberId", "migrationId", "snapshotId", "proposalId", "entryId", "fidelityId"]);

const paramsOf = (path) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);

/**
 * What the rule says about a caller: "allowed" (never 401 or 403), "signed-in" (an `authenticated`
 * route: never 401; the service may still refuse with 403, as the table says), "unauthenticated"
 * (exactly 401), "forbidden" (401, 403 or 404, never 2xx) or "isolated" (a cross-tenant call on another
 * organization's object: 403 or 404).
 */
export function expectation(rule, caller, path, roles, bodyNamesObject = false) {
  if (rule.access === "public") return "allowed";
  if (!caller.user) return "unauthenticated";
  if (rule.access === "authenticated") return "signed-in";
  if (rule.access === "globalAdmin") return caller.globalAdmin && !caller.impersonation ? "allowed" : "forbidden";
  const allows = (role) => role != null && roles[rule.action].includes(role);
  // The organization is in the path (always A's or a scratch one here) or in the caller's header.
  if (rule.organizationParam || caller.org === ORG_A) return allows(caller.role) ? "allowed" : "forbidden";
  if (!allows(caller.ownRole)) return "forbidden";
  return bodyNamesObject || paramsOf(path).some((p) => OBJECT_PARAMS.has(p)) ? "isolated" : "allowed";
}

/** Whether an answer keeps to the expectation; the reason when it does not. */
export function judge(expected, status) {
  if (status >= 500) return `answered ${status}`;
  const ok = {
    allowed: status !== 401 && status !== 403,
    "signed-in": status !== 401,
    unauthenticated: status === 401,
    forbidden: status === 401 || status === 403 || status === 404,
    isolated: status === 403 || status === 404,
  }[expected];
  return ok ? null : `expected ${expected}, got ${status}`;
}

/**
 * Bodies that pass validation, so a call reaches the handler and its service (with `{}` a route would
 * answer 400 before it ever looked the object up). `names` marks a body that names one of A's objects.
 */
function validBodies(world) {
  const page = {
    sourceUrl: "https://probe.example.com/",
    canonicalUrl: null,
    targetPath: "/probe",
    slug: "probe",
    template: { definition: "page", targetId: "" },
    title: "Probe",
    seo: { title: "Probe", description: "", openGraph: {}, canonical: null, language: null },
    components: [],
    assets: [],
    internalLinks: [],
    contentHash: "probe",
  };
  return {
    "PUT /users/theme-preference": { body: { themePreference: "dark" } },
    "POST /organization": { body: { name: "Matrix organization" } },
    "POST /organization/:id/invite": { body: { email: "probe-invitee@example.com", role: "MEMBER" } },
    "PUT /organization/:id/members/:memberId": { body: { role: "MEMBER" } },
    "POST /sites": { body: { name: "Matrix site", domain: "matrix.example.com" } },
    "PUT /sites/:siteId": { body: { name: "Probe site" } },
    "PUT /site-config/:siteId": { body: { name: "Probe site" } },
    "PUT /system-notification": { body: { enabled: false, message: "" } },
    "POST /admin/news": { body: { title: "Matrix", slug: "matrix-news" } },
    "PUT /admin/news/:id": { body: { summary: "Probe" } },
    "POST /platform/:siteId/dry-run": { body: { pages: [page] } },
    "POST /migration/start": { body: { siteId: world.siteId }, names: true },
    "PUT /sites/:siteId/components/:key": { body: { name: "Hero", selector: ".hero" } },
    "PUT /sites/:siteId/templates/:key": { body: { name: "Page", urlPattern: "/*", areas: ["main"] } },
    "POST /mapping/snapshots/:snapshotId/bulk-approve": { body: { threshold: 1 } },
    "POST /mapping/proposals/:proposalId/decision": { body: { action: "approve" } },
    "PUT /sites/:siteId/mapping/prompt": { body: { prompt: "Map the page's parts to the site's components." } },
    "PUT /sites/:siteId/enrich/prompt": { body: { prompt: "Write a meta description from the page's lead." } },
    "PUT /sites/:siteId/mapping/settings": { body: { llmProvider: "none" } },
    "POST /sites/:siteId/auto-populate": { body: { url: `http://${world.siteDomain}/` } },
    "POST /sites/:siteId/auto-populate/accept": { body: { suggestions: [{ id: "probe-suggestion" }] } },
    "POST /sites/:siteId/enrich/bulk-approve": { body: { threshold: 1 } },
    "POST /enrich/proposals/:proposalId/decision": { body: { action: "reject" } },
    "POST /sites/:siteId/enrich/apply": { body: {} },
  };
}

/** Query strings some GET routes need to reach their handler. */
const QUERIES = { "GET /snapshots": (w) => `?siteId=${w.siteId}`, "GET /admin/users": () => "?search=probe" };

/**
 * The routes whose call changes what later calls need (deleting, leaving, signing out). Each call
 * of these gets fresh objects of its own, made the same way for every caller, so each caller meets the
 * route in the same state. A new route of this kind belongs here.
 */
function freshFixtures(ctx) {
  const { client, world, api } = ctx;
  const scratch = () => {
    const org = scratchOrg(ctx.scratchUsed++);
    return { id: org, memberId: membershipId(org, "target") };
  };
  const ownerCall = (method, path, body) => client.call(method, api + path, { token: world.tokens.owner, org: ORG_A, body });
  const definition = (kind) => async () => {
    const key = `probe-${kind}-${ctx.freshKeys++}`;
    const body = kind === "components" ? { name: "Fresh", selector: ".fresh" } : { name: "Fresh", urlPattern: "/fresh/*" };
    await ownerCall("PUT", `/sites/${world.siteId}/${kind}/${key}`, body);
    return { key };
  };
  const session = async (caller) => {
    if (!caller.user) return {};
    if (caller.impersonation) return { token: await world.impersonate() };
    return { token: await client.login(emailOf(caller.user), world.password) };
  };
  return {
    "DELETE /organization/:id": scratch,
    "POST /organization/:id/leave": scratch,
    "DELETE /organization/:id/members/:memberId": scratch,
    "DELETE /sites/:siteId": async () => ({ siteId: await world.createSite("Fresh site", "fresh.example.com") }),
    "DELETE /sites/:siteId/components/:key": definition("components"),
    "DELETE /sites/:siteId/templates/:key": definition("templates"),
    "DELETE /admin/news/:id": async () => {
      const slug = `fresh-${ctx.freshKeys++}-${randomUUID().slice(0, 8)}`;
      const res = await client.call("POST", `${api}/admin/news`, { token: world.tokens.globalAdmin, body: { title: "Fresh", slug } });
      return { id: res.json?.article?.id };
    },
    "POST /auth/logout": (caller) => session(caller),
    "POST /admin/end-impersonation": async (caller) => (caller.impersonation ? session(caller) : {}),
  };
}

/** The value of a path parameter of `path`: the world's object of that kind, or a random id. */
function paramValue(name, path, world, fresh) {
  if (fresh[name] !== undefined) return fresh[name];
  switch (name) {
    case "siteId":
      return world.siteId;
    case "key":
      return path.includes("/components/") ? "hero" : "page";
    case "memberId":
      return membershipId(ORG_A, "target");
    case "userId":
      return USERS.member.id;
    case "migrationId":
      return world.migrationId;
    case "snapshotId":
      return world.snapshotId;
    case "proposalId":
      return world.proposalId;
    case "slug":
      return world.newsSlug;
    case "id":
      if (path.startsWith("/organization/")) return ORG_A;
      if (path.startsWith("/admin/users/")) return USERS.member.id;
      if (path.startsWith("/admin/news/")) return world.newsId;
      return null;
    default:
      return null;
  }
}

/** A's object ids: none may appear in a refused answer to a caller outside A, unless its request named it. */
function objectIdsOfA(world) {
  return [world.siteId, world.migrationId, world.snapshotId, world.proposalId, ...Object.values(world.secretSites)].filter(Boolean);
}

/**
 * Calls every route of the table as every caller. Returns the counts and the mismatches. Routes are
 * called in parallel, each route's callers one after another.
 */
export async function runMatrix({ client, world, rules, log }) {
  const { ACCESS_RULES, API_BASE, ORG_ACTION_ROLES } = rules;
  const ctx = { client, world, api: API_BASE, scratchUsed: 0, freshKeys: 0 };
  const bodies = validBodies(world);
  const fixtures = freshFixtures(ctx);
  const mismatches = [];
  const unresolved = new Set();
  const aIds = objectIdsOfA(world);
  let calls = 0;
  const routes = Object.entries(ACCESS_RULES);
  await inParallel(routes, 4, async ([key, rule]) => {
    const [method, path] = key.split(" ");
    for (const caller of CALLERS) {
      const fresh = fixtures[key] ? await fixtures[key](caller) : {};
      const filled = path.replace(/:([A-Za-z]+)/g, (_, name) => {
        let v = paramValue(name, path, world, fresh);
        if (v == null) {
          unresolved.add(`${key} :${name}`);
          v = randomUUID();
        }
        return encodeURIComponent(v);
      });
      const url = API_BASE + filled + (QUERIES[key]?.(world) ?? "");
      const token = fresh.token ?? (caller.user ? world.tokens[caller.impersonation ? "impersonation" : caller.user] : undefined);
      const hasBody = method !== "GET" && method !== "DELETE";
      const res = await client.call(method, url, { token, org: caller.org, body: hasBody ? (bodies[key]?.body ?? {}) : undefined });
      calls++;
      const expected = expectation(rule, caller, path, ORG_ACTION_ROLES, bodies[key]?.names === true);
      const problem = judge(expected, res.status);
      if (problem) mismatches.push(`${key} as ${caller.name}: ${problem} ${res.text.slice(0, 160)}`);
      // A caller outside A that is refused learns nothing of A: no id of A's objects it did not name itself.
      if (caller.role == null && (expected === "forbidden" || expected === "isolated" || expected === "unauthenticated")) {
        const leaked = aIds.filter((id) => !url.includes(id) && res.text.includes(id));
        if (leaked.length) mismatches.push(`${key} as ${caller.name}: refused answer names another organization's objects ${leaked.join(", ")}`);
      }
    }
  });
  if (unresolved.size) log(`matrix: no object for ${[...unresolved].join(", ")} (a random id was used)`);
  return { routes: routes.length, callers: CALLERS.length, calls, mismatches, unresolved: [...unresolved] };
}

/** How many scratch organizations the matrix uses: one per caller of each route that takes one. */
export const SCRATCH_ORGS_NEEDED = 3 * CALLERS.length;
