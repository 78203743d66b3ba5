// The objects the probe's calls name: signed-in sessions of every kind of caller, sites with target
// platform secrets, a finished run with snapshots and proposals, a news article. Everything is made
// over the API, as a client would.
import { randomBytes } from "node:crypto";
import { ORG_A, USERS, emailOf } from "./people.mjs";
import { streamEvents } from "./http.mjs";

const API = "/api/v1";

export function expectOk(res, what) {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.json;
}

/** A secret the probe saves through the API and then looks for in every answer and log line. */
const secret = (kind) => `probe-secret-${kind}-${randomBytes(12).toString("hex")}`;

/** Components and a template that match the public site's pages, so a run maps what it captures. */
export const DEFINITIONS = {
  components: {
    hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text", required: true, description: "Heading" }] },
    card: { name: "Card", selector: ".cards .card", fields: [{ name: "title", type: "text", required: false, description: "" }] },
  },
  templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"], fields: [] } },
};

/** Target platforms with secret fields, each with a public endpoint name (never resolved here: no DNS). */
function platformConfigs(secrets) {
  const s = (platform, field) => (secrets[`${platform}.${field}`] = secret(`${platform}-${field}`));
  return {
    magnolia: { authorUrl: "https://author.example.com/magnoliaAuthor", authorUsername: "superuser", authorPassword: s("magnolia", "authorPassword") },
    aem: { authorUrl: "https://aem.example.com", username: "admin", password: s("aem", "password") },
    wordpress: { restUrl: "https://wp.example.com/wp-json", username: "editor", applicationPassword: s("wordpress", "applicationPassword") },
    contentful: { spaceId: "space", environmentId: "master", managementToken: s("contentful", "managementToken"), deliveryToken: s("contentful", "deliveryToken") },
    storyblok: { spaceId: "123", managementToken: s("storyblok", "managementToken"), region: "eu" },
    sanity: { projectId: "project", dataset: "production", token: s("sanity", "token") },
  };
}

/**
 * Signs everyone in and creates the objects. `publicSite` (null without a network namespace) is the
 * site the run captures. Returns the world the parts share.
 */
export async function buildWorld({ client, password, publicSite, log }) {
  const tokens = {};
  for (const name of ["owner", "admin", "member", "outsider", "globalAdmin"]) tokens[name] = await client.login(emailOf(name), password);
  const impersonate = async () =>
    expectOk(await client.call("POST", `${API}/admin/impersonate/${USERS.member.id}`, { token: tokens.globalAdmin, body: {} }), "impersonating the member").token;
  tokens.impersonation = await impersonate();

  const asOwner = (method, path, body) => client.call(method, API + path, { token: tokens.owner, org: ORG_A, body });
  const createSite = async (name, domain, orgToken = tokens.owner, org = ORG_A) =>
    expectOk(await client.call("POST", `${API}/sites`, { token: orgToken, org, body: { name, domain } }), `creating site ${name}`).site.id;

  const secrets = {};
  const secretSites = {};
  for (const [platform, platformConfig] of Object.entries(platformConfigs(secrets))) {
    const id = await createSite(`Secrets ${platform}`, `${platform}.example.com`);
    expectOk(await asOwner("PUT", `/site-config/${id}`, { platform, platformConfig, ...DEFINITIONS }), `saving the ${platform} configuration`);
    secretSites[platform] = id;
  }

  // The site of the matrix and the run: on the public site when there is one, else a name nobody resolves.
  const siteDomain = publicSite ? publicSite.host : "probe-site.example.com";
  const siteId = await createSite("Probe site", siteDomain);
  const settings = publicSite ? { sitemapUrl: `${publicSite.origin}/sitemap.xml`, concurrency: 2 } : {};
  expectOk(await asOwner("PUT", `/site-config/${siteId}`, { platform: "drupal", platformConfig: {}, ...DEFINITIONS, settings }), "saving the probe site");
  secrets["mapping.apiKey"] = secret("llm-apiKey");
  expectOk(
    await asOwner("PUT", `/sites/${siteId}/mapping/settings`, { llmProvider: "openai-compatible", model: "probe-model", baseUrl: "https://llm.example.com/v1", apiKey: secrets["mapping.apiKey"] }),
    "saving the mapping settings",
  );

  const slug = `probe-news-${randomBytes(4).toString("hex")}`;
  const news = expectOk(
    await client.call("POST", `${API}/admin/news`, { token: tokens.globalAdmin, body: { title: "Probe news", slug, status: "published" } }),
    "creating a news article",
  ).article;

  const world = {
    tokens,
    impersonate,
    password,
    secrets,
    secretSites,
    siteId,
    siteDomain,
    newsId: news.id,
    newsSlug: news.slug,
    migrationId: null,
    snapshotId: null,
    proposalId: null,
    createSite,
    runStatus: null,
  };
  if (publicSite) await captureRun(client, world, log);
  else {
    // Without the public site the run fails at once, but its id is real.
    const start = await asOwner("POST", "/migration/start", { siteId });
    world.migrationId = streamEvents(start.text).find((e) => e.migrationId)?.migrationId ?? null;
  }
  return world;
}

/** Runs the probe site (the public site) to the end and keeps the run, a snapshot and a proposal. */
async function captureRun(client, world, log) {
  const t0 = Date.now();
  const start = await client.call("POST", `${API}/migration/start`, { token: world.tokens.owner, org: ORG_A, body: { siteId: world.siteId }, streamMs: 150_000, timeoutMs: 160_000 });
  const events = streamEvents(start.text);
  const last = events.at(-1);
  world.migrationId = events.find((e) => e.migrationId)?.migrationId ?? null;
  world.runStatus = last?.status ?? last?.type ?? `HTTP ${start.status}`;
  log(`run of the public site: ${world.runStatus} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const snaps = await client.call("GET", `${API}/snapshots?siteId=${world.siteId}`, { token: world.tokens.owner, org: ORG_A });
  world.snapshotId = snaps.json?.snapshots?.[0]?.id ?? null;
  if (!world.snapshotId) return;
  const mapping = await client.call("GET", `${API}/mapping/snapshots/${world.snapshotId}`, { token: world.tokens.owner, org: ORG_A });
  world.proposalId = findProposalId(mapping.json);
}

/** The id of the first proposal in a snapshot's mapping, wherever the DTO nests its proposals. */
function findProposalId(value) {
  if (!value || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const id = findProposalId(v);
      if (id) return id;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === "proposals" && Array.isArray(v) && v[0]?.id) return v[0].id;
    const id = findProposalId(v);
    if (id) return id;
  }
  return null;
}
