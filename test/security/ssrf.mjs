// SSRF cases: every outbound path of the product aimed at every spelling of a non-public address, and
// at a public page that redirects to one. Each case has a canary of its own on every local address, so
// a case passes the guard exactly when its canary is reached (or the product says it connected).
import net from "node:net";
import { inParallel, streamEvents } from "./http.mjs";
import { ORG_A } from "./people.mjs";
import { DEFINITIONS } from "./world.mjs";

const API = "/api/v1";

/** Every address form, as a URL host. The IPv6 ones and 0.0.0.0 reach the canary only in the probe's namespace. */
export const ADDRESS_FORMS = [
  ["loopback", "127.0.0.1"],
  ["loopback name", "localhost"],
  ["loopback short form", "127.1"],
  ["loopback IPv6", "[::1]"],
  ["unspecified", "0.0.0.0"],
  ["private 10/8", "10.0.0.1"],
  ["private 172.16/12", "172.16.0.1"],
  ["private 192.168/16", "192.168.0.1"],
  ["link-local metadata 169.254.169.254", "169.254.169.254"],
  ["CGNAT 100.64/10", "100.64.0.1"],
  ["unique-local IPv6", "[fd00::1]"],
  ["IPv4-mapped ::ffff:127.0.0.1", "[::ffff:127.0.0.1]"],
  ["IPv4-mapped hex", "[::ffff:7f00:1]"],
  ["IPv4-compatible", "[::127.0.0.1]"],
  ["6to4 2002:7f00:1::", "[2002:7f00:1::]"],
  ["Teredo (client 127.0.0.1)", "[2001:0:4136:e378:8000:63bf:80ff:fffe]"],
  ["NAT64 64:ff9b::7f00:1", "[64:ff9b::7f00:1]"],
  ["decimal 2130706433", "2130706433"],
  ["octal 0177.0.0.1", "0177.0.0.1"],
  ["hex 0x7f.0.0.1", "0x7f.0.0.1"],
  ["hex 0x7f000001", "0x7f000001"],
  ["decimal metadata 2852039166", "2852039166"],
];

/**
 * The outbound paths. Each takes the case (its private `base` URL and canary) and returns what the API
 * said; the canary tells whether anything got through.
 */
function outboundPaths(ctx) {
  const { client, world, publicSite } = ctx;
  const owner = (method, path, body, opts = {}) => client.call(method, API + path, { token: world.tokens.owner, org: ORG_A, body, ...opts });
  const otherHost = publicSite ? publicSite.host : "probe-ssrf.example.com";
  const site = async (domain, settings, config = {}) => {
    const created = await owner("POST", "/sites", { name: "SSRF case", domain });
    if (created.status !== 201) return { refusedAt: `site (${created.status})` };
    const id = created.json.site.id;
    const saved = await owner("PUT", `/site-config/${id}`, { platform: "drupal", platformConfig: {}, ...DEFINITIONS, settings, ...config });
    if (saved.status !== 200) return { refusedAt: `configuration (${saved.status})`, id };
    return { id };
  };
  const run = async (domain, settings, start = {}) => {
    const s = await site(domain, settings);
    if (!s.id || s.refusedAt) return s.refusedAt;
    const res = await owner("POST", "/migration/start", { siteId: s.id, ...start }, { streamMs: 25_000 });
    const last = streamEvents(res.text).at(-1);
    return `run ${res.status} ${last?.type ?? ""}`.trim();
  };
  const platform = (platformName, field, secretField) => async (c) => {
    const s = await site(`platform-${c.id}.example.com`, {});
    const saved = await owner("PUT", `/site-config/${s.id}`, { platform: platformName, platformConfig: { [field]: `https://${c.host}/endpoint`, [secretField]: "probe-ssrf-credential" } });
    const test = await owner("POST", `/platform/${s.id}/test-connection`, {});
    // Only a saved endpoint is the case's: with the save refused, the site keeps its earlier platform.
    c.apiSaysConnected = saved.status === 200 && test.json?.success === true;
    return `save ${saved.status}, test-connection ${test.status} ${test.json?.success === true ? "connected" : "refused"}`;
  };
  const autoPopulate = async (c, domain, url) => {
    const s = await site(domain, {});
    if (!s.id) return s.refusedAt;
    const res = await owner("POST", `/sites/${s.id}/auto-populate`, { url });
    if (res.status >= 200 && res.status < 300) await settleAutoPopulate(ctx, s.id);
    return `auto-populate ${res.status}`;
  };
  const sameHostDomain = (c) => (c.v6 ? null : c.host);
  return {
    "crawler: site domain and its sitemap": (c) => (sameHostDomain(c) ? run(c.host, { sitemapUrl: `${c.base}/sitemap.xml` }) : refusedBySchema(owner, c)),
    "crawler: site domain and its URL list": (c) => (sameHostDomain(c) ? run(c.host, { urlList: [`${c.base}/page`] }) : refusedBySchema(owner, c)),
    "crawler: sitemap URL": (c) => run(otherHost, { sitemapUrl: `${c.base}/sitemap.xml` }),
    "crawler: URL list": (c) => run(otherHost, { urlList: [`${c.base}/page`] }),
    "crawler: start with a page list": (c) => run(otherHost, {}, { overrideWhitelist: [`${c.base}/page`] }),
    "target platform: Magnolia authorUrl": platform("magnolia", "authorUrl", "authorPassword"),
    "target platform: AEM authorUrl": platform("aem", "authorUrl", "password"),
    "target platform: WordPress restUrl": platform("wordpress", "restUrl", "applicationPassword"),
    "auto-populate": (c) => autoPopulate(c, sameHostDomain(c) ?? otherHost, `${c.base}/`),
  };
}

/** An IPv6 literal cannot be a site's domain: the create is refused by validation, which counts as refused. */
async function refusedBySchema(owner, c) {
  const res = await owner("POST", "/sites", { name: "SSRF case", domain: c.host });
  return `site (${res.status})`;
}

/** Waits until a site's auto-populate job has stopped rendering (at most 30 s). */
async function settleAutoPopulate({ client, world }, siteId) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await client.call("GET", `${API}/sites/${siteId}/auto-populate`, { token: world.tokens.owner, org: ORG_A });
    if (!res.json?.isAutoPopulating) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The language model of mapping: the site's `baseUrl` is called when a proposal is below the site's
 * threshold (1 here, so always). Needs a snapshot to map; runs one form at a time on the probe's site.
 */
async function llmCases(ctx, cases) {
  const { client, world } = ctx;
  const owner = (method, path, body) => client.call(method, API + path, { token: world.tokens.owner, org: ORG_A, body });
  const config = await owner("GET", `/site-config/${world.siteId}`);
  const settings = config.json?.settings ?? {};
  await owner("PUT", `/site-config/${world.siteId}`, { settings: { ...settings, minConfidence: 1 } });
  for (const c of cases) {
    const saved = await owner("PUT", `/sites/${world.siteId}/mapping/settings`, { llmProvider: "openai-compatible", model: "probe-model", baseUrl: `${c.base}/v1`, apiKey: "••••••••" });
    const mapped = saved.status === 200 ? await owner("POST", `/mapping/snapshots/${world.snapshotId}/map`, {}) : null;
    c.outcome = `save ${saved.status}${mapped ? `, map ${mapped.status}` : ""}`;
  }
  await owner("PUT", `/sites/${world.siteId}/mapping/settings`, { llmProvider: "openai-compatible", model: "probe-model", baseUrl: "https://llm.example.com/v1", apiKey: "••••••••" });
  await owner("PUT", `/site-config/${world.siteId}`, { settings });
}

/** Cases through the public site: pages and a sitemap that redirect to private addresses. */
function redirectCases(ctx) {
  const { client, world, publicSite } = ctx;
  const owner = (method, path, body, opts = {}) => client.call(method, API + path, { token: world.tokens.owner, org: ORG_A, body, ...opts });
  const via = (target) => `${publicSite.origin}/redirect?to=${encodeURIComponent(target)}`;
  const runSite = async (settings) => {
    const created = await owner("POST", "/sites", { name: "SSRF redirect", domain: publicSite.host });
    const id = created.json.site.id;
    await owner("PUT", `/site-config/${id}`, { platform: "drupal", platformConfig: {}, ...DEFINITIONS, settings });
    const res = await owner("POST", "/migration/start", { siteId: id }, { streamMs: 60_000, timeoutMs: 70_000 });
    return `run ${res.status} ${streamEvents(res.text).at(-1)?.type ?? ""}`.trim();
  };
  return [
    ["crawler: sitemap redirects to 127.0.0.1", "127.0.0.1", (c) => runSite({ sitemapUrl: via(`http://127.0.0.1:${c.canary.port}/sitemap.xml`) })],
    ["crawler: page redirects to 169.254.169.254", "169.254.169.254", (c) => runSite({ urlList: [via(`http://169.254.169.254:${c.canary.port}/`)] })],
    [
      "auto-populate: page redirects to 10.0.0.1",
      "10.0.0.1",
      async (c) => {
        const created = await owner("POST", "/sites", { name: "SSRF redirect", domain: publicSite.host });
        const id = created.json.site.id;
        const res = await owner("POST", `/sites/${id}/auto-populate`, { url: via(`http://10.0.0.1:${c.canary.port}/`) });
        if (res.status < 300) await settleAutoPopulate(ctx, id);
        return `auto-populate ${res.status}`;
      },
    ],
  ];
}

/**
 * The address forms that reach a canary from this process: the control that says a case's canary
 * could have seen a request (in the probe's namespace every form can; outside it, loopback ones only).
 */
async function reachableForms(canaries) {
  const control = await canaries.open("reachability control");
  const out = [];
  for (const [form, hostname] of ADDRESS_FORMS) {
    const host = new URL(`http://${hostname}/`).hostname.replace(/^\[|\]$/g, "");
    const ok = await new Promise((resolve) => {
      const socket = net.connect({ host, port: control.port });
      const done = (v) => {
        socket.destroy();
        resolve(v);
      };
      socket.once("connect", () => done(true));
      socket.once("error", () => done(false));
      socket.setTimeout(1000, () => done(false));
    });
    if (ok) out.push(form);
  }
  return out;
}

/**
 * Runs every case. `subresourceCanaries` are the canaries the public site's pages load from (the run
 * that built the world rendered them). Returns the cases with their outcomes and the passes.
 */
export async function runSsrf({ client, world, canaries, publicSite, subresourceCanaries, log }) {
  const ctx = { client, world, publicSite };
  const reachable = await reachableForms(canaries);
  const cases = [];
  let n = 0;
  for (const [path, fn] of Object.entries(outboundPaths(ctx))) {
    for (const [form, hostname] of ADDRESS_FORMS) {
      const canary = await canaries.open(`${path} / ${form}`);
      const host = `${hostname}:${canary.port}`;
      cases.push({ id: n++, path, form, host, v6: hostname.startsWith("["), base: `http://${host}`, canary, fn });
    }
  }
  await inParallel(cases, 6, async (c) => {
    try {
      c.outcome = await c.fn(c);
    } catch (err) {
      c.outcome = `error: ${err.message}`;
    }
  });
  if (world.snapshotId) {
    const llm = [];
    for (const [form, hostname] of ADDRESS_FORMS) {
      const canary = await canaries.open(`mapping language model baseUrl / ${form}`);
      llm.push({ id: n++, path: "mapping: language model baseUrl", form, base: `http://${hostname}:${canary.port}`, canary });
    }
    await llmCases(ctx, llm);
    cases.push(...llm);
  } else log("SSRF: no snapshot to map, so the language model's baseUrl was not probed");
  let controlHits = null;
  if (publicSite) {
    const before = publicSite.hits;
    const redirects = [];
    for (const [label, form, fn] of redirectCases(ctx)) {
      const canary = await canaries.open(label);
      redirects.push({ id: n++, path: label, form: `redirect to ${form}`, canary, fn });
    }
    await inParallel(redirects, 3, async (c) => {
      try {
        c.outcome = await c.fn(c);
      } catch (err) {
        c.outcome = `error: ${err.message}`;
      }
    });
    cases.push(...redirects);
    // The positive control: the public site itself was reached, so the refusals above are the guard's.
    controlHits = publicSite.hits - before;
    for (const [label, canary] of Object.entries(subresourceCanaries)) {
      cases.push({ id: n++, path: "browser: subresource of a captured page", form: label, canary, outcome: "rendered by the run" });
    }
  } else log("SSRF: no network namespace, so the redirect cases were not run");
  // Work that continues after an answer (auto-populate renders, run alarms) gets a moment to show up.
  await new Promise((r) => setTimeout(r, 2000));
  // A pass is a request that reached the canary, or the product saying it connected. A connection that
  // never carried a request (a browser's speculative preconnect) is reported apart.
  const passes = cases.filter((c) => c.canary.requests.length > 0 || c.apiSaysConnected);
  const connectionsOnly = cases.filter((c) => c.canary.connections > 0 && !passes.includes(c));
  return { cases, passes, connectionsOnly, controlHits, reachable, redirectCases: cases.filter((c) => String(c.form).startsWith("redirect")).length };
}
