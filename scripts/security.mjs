#!/usr/bin/env node
// The security probe: starts the product with `wrangler dev` on a fresh local state (the egress guard on,
// as in production) and checks, over HTTP like any client:
//   - the authorization matrix: every route of workers/api/access-rules.ts as every kind of caller;
//   - fuzzing of every write endpoint with fast-check: no 5xx, every error in the API's shape;
//   - SSRF: every outbound path aimed at every spelling of a private address and at redirects to one;
//   - the secrets saved through the API: in no answer, no log line and no stored file in plaintext;
//   - the security headers of pages, redirects and API answers.
// Prints a summary with counts and exits non-zero on any failure.
// Usage: node scripts/security.mjs   (SECURITY_SEED=<n> repeats a fuzzing run; SECURITY_FUZZ_BODIES=<n>)
//
// On Linux as root it runs in a network namespace of its own (test/security/network.mjs): canaries listen
// on the private addresses and a small site on a public one. Without one the SSRF part can only watch
// loopback and cannot run the redirect cases, which fails under CI.
import { checkNode, ensureBrowserWrapper } from "./setup.mjs";
import { runFuzz } from "../test/security/fuzz.mjs";
import { runHeaders } from "../test/security/headers.mjs";
import { Client, devProxyRetries } from "../test/security/http.mjs";
import { SCRATCH_ORGS_NEEDED, loadRules, runMatrix } from "../test/security/matrix.mjs";
import { PUBLIC_ADDRESS, configureNamespace, insideNamespace, rerunInNamespace } from "../test/security/network.mjs";
import { people } from "../test/security/people.mjs";
import { findSecrets } from "../test/security/secrets.mjs";
import { startServer } from "../test/security/server.mjs";
import { ADDRESS_FORMS, runSsrf } from "../test/security/ssrf.mjs";
import { Canaries, servePublicSite } from "../test/security/targets.mjs";
import { buildWorld } from "../test/security/world.mjs";

const log = (msg) => console.log(`[security] ${msg}`);
const n = (x) => x.toLocaleString("en-US");
const FUZZ_BODIES = Number(process.env.SECURITY_FUZZ_BODIES) || 2400;

/** Prints up to `max` lines of a list. */
function listOf(title, items, max = 20) {
  if (!items.length) return;
  log(`${title}:`);
  for (const item of items.slice(0, max)) log(`  - ${item}`);
  if (items.length > max) log(`  … and ${items.length - max} more`);
}

/** `items` grouped by `keyOf`, in order of first appearance. */
function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return [...groups.entries()];
}

/** The distinct errors the API logged as unhandled, each with the first lines of its stack. */
function unhandledErrors(output) {
  const seen = new Set();
  output.forEach((line, i) => {
    if (line.includes("Unhandled API error")) seen.add(output.slice(i, i + 4).map((l) => l.trim()).join(" | ").slice(0, 400));
  });
  return [...seen];
}

/** What the public site's pages load from private addresses: one canary each. */
const SUBRESOURCES = [
  ["image", "127.0.0.1"],
  ["script", "169.254.169.254"],
  ["stylesheet", "[::ffff:127.0.0.1]"],
  ["frame", "10.0.0.1"],
  ["fetch", "192.168.0.1"],
];

async function probe() {
  const started = Date.now();
  const inNamespace = insideNamespace();
  if (inNamespace) configureNamespace();
  else log("WARNING: no network namespace (needs Linux, root, unshare and ip): SSRF watches loopback only and the redirect cases cannot run");
  const failures = [];
  const seconds = {};
  const timed = async (name, fn) => {
    const t = Date.now();
    try {
      return await fn();
    } finally {
      seconds[name] = (Date.now() - t) / 1000;
    }
  };
  const rules = await loadRules();
  const canaries = new Canaries();
  const subresourceCanaries = {};
  let publicSite = null;
  let server = null;
  let cleaning = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await server?.dispose();
      await publicSite?.close();
      await canaries.closeAll();
    })());
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void cleanUp().then(() => process.exit(130)));
  // A reader that goes away (a closed pipe) must not kill the probe before it has stopped its server.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});

  try {
    if (inNamespace) {
      const urls = {};
      for (const [kind, host] of SUBRESOURCES) {
        const c = await canaries.open(`page ${kind} from ${host}`);
        subresourceCanaries[`${kind} from ${host}`] = c;
        urls[kind] = `http://${host}:${c.port}/${kind}`;
      }
      publicSite = await servePublicSite(PUBLIC_ADDRESS, urls);
    }
    const seed = people(SCRATCH_ORGS_NEEDED);
    server = await timed("start", () => startServer({ seedSql: seed.sql, log }));
    log(`server on ${server.baseUrl} after ${seconds.start.toFixed(1)} s${publicSite ? `; public site on ${publicSite.origin}` : ""}`);
    const client = new Client(server.baseUrl);
    client.deviceToken = seed.deviceToken;
    const world = await timed("objects", () => buildWorld({ client, password: seed.password, publicSite, log }));
    if (publicSite && !world.snapshotId) failures.push(`the run of the public site captured no snapshot (${world.runStatus})`);

    const headers = await timed("headers", () => runHeaders({ client, world }));
    const ssrf = await timed("ssrf", () => runSsrf({ client, world, canaries, publicSite, subresourceCanaries, log }));
    const matrix = await timed("matrix", () => runMatrix({ client, world, rules, log }));
    const fuzzSeed = Number(process.env.SECURITY_SEED) || Date.now() % 2_147_483_647;
    const fuzz = await timed("fuzz", () => runFuzz({ client, world, rules, total: FUZZ_BODIES, seed: fuzzSeed, log }));
    // Last, over every answer of the parts above and the whole log of a server that has stopped.
    await server.stop();
    const secrets = await timed("secrets", async () => findSecrets({ secrets: world.secrets, answers: client.answers, serverOutput: server.output, persistTo: server.persistTo }));

    log("────────────────────────────── summary ──────────────────────────────");
    log(`authorization matrix: ${matrix.routes} routes × ${matrix.callers} callers = ${n(matrix.calls)} calls, ${matrix.mismatches.length} mismatches (${seconds.matrix.toFixed(0)} s)`);
    listOf("matrix mismatches", matrix.mismatches);
    if (matrix.unresolved.length) log(`  (route parameters without a real object, called with a random id: ${matrix.unresolved.length})`);
    log(`fuzzing: ${n(fuzz.sent)} bodies on ${fuzz.routes} write routes (${fuzz.schemaRoutes} with bodies from their schema), seed ${fuzzSeed}: ${fuzz.serverErrors.length} 5xx (${seconds.fuzz.toFixed(0)} s)`);
    listOf("5xx answers by route", groupBy(fuzz.serverErrors, (e) => e.key).map(([key, list]) => `${key}: ${list.length} × ${list[0].status}, e.g. ${list[0].url} with ${list[0].body}`));
    if (fuzz.serverErrors.length || matrix.mismatches.some((m) => / answered 5\d\d/.test(m))) listOf("the server's log of unhandled errors", unhandledErrors(server.output), 10);
    log(`error shape: ${n(client.shapeChecks)} error answers checked, ${client.shapeViolations.length} violations`);
    listOf("error shape violations", client.shapeViolations);
    const paths = new Set(ssrf.cases.map((c) => c.path)).size;
    log(
      `SSRF: ${ssrf.cases.length} cases over ${paths} outbound paths (${ssrf.redirectCases} redirects), ${ssrf.passes.length} passed` +
        (ssrf.controlHits !== null ? `; the public site was reached ${ssrf.controlHits} times (the guard lets public addresses through)` : "") +
        ` (${seconds.ssrf.toFixed(0)} s)`,
    );
    listOf(
      "SSRF cases that got through, by path",
      groupBy(ssrf.passes, (c) => c.path).map(([path, list]) => `${path}: ${list.length} (${list.map((c) => c.form).join(", ")}); e.g. ${list[0].canary.requests[0] ?? `${list[0].canary.connections} connection(s)`} [${list[0].outcome}]`),
    );
    log(`  address forms that reach a canary from the probe's process: ${ssrf.reachable.length} of ${ADDRESS_FORMS.length}`);
    listOf(
      "WARNING: TCP connections that carried no request (not counted as passes)",
      ssrf.connectionsOnly.map((c) => `${c.path} / ${c.form}: ${c.canary.connections} connection(s) [${c.outcome}]`),
    );
    log(`secrets: ${secrets.secrets} saved, ${secrets.found.length} found in ${n(secrets.answers)} answers, ${n(secrets.logLines)} log lines and ${secrets.stateFiles} stored files`);
    listOf("secrets found", secrets.found);
    log(`headers: ${headers.checks} checks on ${headers.responses.length} named responses (page, redirects, API), ${n(client.headerChecks)} on every answer; ${headers.problems.length + client.headerViolations.length} problems`);
    listOf("header problems", [...headers.problems, ...client.headerViolations]);
    if (devProxyRetries.length) log(`dev server: ${devProxyRetries.length} request(s) answered by wrangler dev's own proxy ("Network connection lost.", no product headers) and sent again once`);
    listOf("requests sent again after the dev server's proxy lost the Worker", devProxyRetries);

    if (matrix.mismatches.length) failures.push("authorization mismatches");
    if (fuzz.serverErrors.length) failures.push("5xx answers");
    if (client.shapeViolations.length) failures.push("errors outside the API's shape");
    if (ssrf.passes.length) failures.push("SSRF cases got through");
    if (secrets.found.length) failures.push("secrets found");
    if (headers.problems.length || client.headerViolations.length) failures.push("header problems");
    if (!publicSite && process.env.CI) failures.push("no network namespace under CI: the redirect cases did not run");
  } catch (err) {
    failures.push(`the probe broke off: ${err.stack ?? err.message}`);
  } finally {
    await cleanUp();
  }
  log(`runtime ${((Date.now() - started) / 1000).toFixed(0)} s (${Object.entries(seconds).map(([k, v]) => `${k} ${v.toFixed(0)} s`).join(", ")})`);
  if (failures.length) {
    log(`FAILED: ${failures.join("; ")}`);
    return 1;
  }
  log("passed");
  return 0;
}

async function main() {
  checkNode();
  // Before the namespace: the set-up may need the network to install Chromium.
  if (!insideNamespace()) ensureBrowserWrapper();
  const code = await rerunInNamespace(process.argv[1], process.argv.slice(2));
  if (code !== null) return code;
  return probe();
}

main().then((code) => process.exit(code));
