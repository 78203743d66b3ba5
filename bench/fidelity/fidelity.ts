/**
 * Fidelity of what lands in WordPress: migrates the demo source website (the fixture site) and a site
 * built from pages of the real-page corpus into the real local WordPress (scripts/wordpress-setup.mjs),
 * with `wrangler dev` on a fresh state, then reads every written page back from WordPress and compares
 * it with its source page.
 *
 *   npm run bench:fidelity [-- --pages 12] [--real 20] [--corpus DIR]
 *
 * Prints per site: the assets by state (target: 0 kept at source in `dam` mode), the images of the
 * WordPress pages that load, the internal links of the WordPress pages that answer 404 (target: 0), the
 * links still pointing at the source site, the pages with a meta description in WordPress (a meta tag,
 * an SEO plugin's field or the page excerpt, read through its REST API) among those whose source had
 * one (target: all), and the mean and worst main-content token F1 between the source
 * page and the WordPress page, both extracted by the product's own extractor (target: mean ≥ 0.98).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { extractPageWithNotes } from "../../workers/crawl/extract";
import { serveRealSite } from "../crawl/real-site.mjs";
import { Api, benchPort, ensureBuild, followRun, leftoverBrowsers, startProduct, stopWrangler } from "../lib/product.mjs";
import { tokenCounts } from "../../workers/crawl/main-content/tokens";
import { prf } from "../quality/score";
import { serveFixtureSite } from "../../test/fixtures/site/site.mjs";
import { pagePaths } from "../../test/fixtures/site/pages.mjs";
import { checkNode, ensureBrowserWrapper, ROOT } from "../../scripts/setup.mjs";

const log = (msg: string) => console.log(`[bench:fidelity] ${msg}`);
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};
const FIXTURE_PAGES = Number(option("--pages", "12"));
const REAL_PAGES = Number(option("--real", "20"));
const CORPUS = option("--corpus", "test/fixtures/real");

interface WordPress {
  restUrl: string;
  siteUrl: string;
  username: string;
  applicationPassword: string;
  /** The servers this set-up started ([] when they were running already). */
  started: string[];
}

interface TargetPages {
  summary: Record<"uploaded" | "reused" | "converted" | "bundled" | "source", number>;
  linksOutside: number;
  pages: { sourceUrl: string | null; targetPath: string | null; targetId: string; assets: { state: string; reason?: string }[] }[];
}

/** The local WordPress, set up (idempotently) by the project's own script. */
function wordpress(): WordPress {
  const r = spawnSync(process.execPath, [path.join(ROOT, "scripts/wordpress-setup.mjs")], { cwd: ROOT, encoding: "utf8", timeout: 600_000 });
  if (r.status !== 0) throw new Error(`WordPress set-up failed:\n${r.stdout}\n${r.stderr}`);
  const file = path.resolve(process.env.WP_STATE_DIR || path.join(ROOT, ".cache", "wordpress"), "connection.json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as WordPress;
}

async function fetchText(url: string): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(30_000) }).catch((err: Error) => {
    throw new Error(`GET ${url}: ${err.message} ${(err.cause as Error | undefined)?.message ?? ""}`);
  });
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") ?? "" };
}

/** Status of a URL (GET, redirects followed), cached per run: links repeat across pages. */
function statusChecker() {
  const seen = new Map<string, Promise<{ status: number; type: string }>>();
  return (url: string) => {
    let p = seen.get(url);
    if (!p) {
      p = fetch(url, { redirect: "follow", signal: AbortSignal.timeout(30_000) })
        .then(async (r) => {
          await r.arrayBuffer();
          return { status: r.status, type: r.headers.get("content-type") ?? "" };
        })
        .catch(() => ({ status: 0, type: "" }));
      seen.set(url, p);
    }
    return p;
  };
}

interface SiteFigures {
  site: string;
  written: number;
  summary: TargetPages["summary"];
  linksOutside: number;
  images: number;
  imagesLoading: number;
  imagesAtSource: number;
  links: number;
  links404: number;
  linksAtSource: number;
  withDescription: number;
  descriptionInTarget: number;
  f1: number[];
  worst: { url: string; f1: number } | null;
  /** Why assets stayed at their source URL, with how many. */
  keptReasons: Map<string, number>;
  /** Pages of the run that were not written (waiting for review, failed). */
  notWritten: string;
  /** What a reviewer approved before the measured run, when pages of the first run waited for review. */
  reviewed: string;
  /** The product's own fidelity check of each written page (GET /migration/{id}/fidelity), worst first. */
  checked: { sourceUrl: string; score: number; f1: number; differences: string[] }[];
}

type RunEnd = { type: string; migrationId?: string; result?: { summary: Record<string, number> } };

/** Runs the site's migration to its end: the run's id and its last event. */
async function runOnce(label: string, api: Api, siteId: string): Promise<{ migrationId: string; final: RunEnd }> {
  const res = await fetch(`${api.base}/api/v1/migration/start`, { method: "POST", headers: api.headers, body: JSON.stringify({ siteId, screenshots: false, skipUnchanged: false }) });
  if (!res.ok) throw new Error(`start: HTTP ${res.status} ${await res.text()}`);
  let migrationId: string | undefined;
  const final = await followRun<RunEnd>(res, (e) => {
    migrationId ??= e.migrationId;
  });
  if (final?.type !== "complete" || !migrationId) throw new Error(`${label}: the run ended with ${JSON.stringify(final)}`);
  log(`${label}: run ${migrationId} completed: ${JSON.stringify(final.result?.summary)}`);
  return { migrationId, final };
}

async function measure(label: string, api: Api, wp: WordPress, siteId: string, sourceOrigin: string): Promise<SiteFigures> {
  log(`${label}: migrating into WordPress`);
  let { migrationId, final } = await runOnce(label, api, siteId);
  // Pages that wait for review are written by the next run once a reviewer approved them, as a user
  // would do it: here every proposal as proposed (bulk approve from 0), then the run again.
  let reviewed = "";
  if (final.result?.summary.awaitingReview) {
    const { snapshots } = (await api.call("GET", `/sites/${siteId}/mapping/snapshots?status=needs_review`)) as { snapshots: { snapshotId: string }[] };
    let approved = 0;
    for (const s of snapshots) approved += ((await api.call("POST", `/mapping/snapshots/${s.snapshotId}/bulk-approve`, { threshold: 0 })) as { approved: number }).approved;
    reviewed = `${snapshots.length} page(s) waited for review; a reviewer approved their ${approved} proposal(s) as proposed and the site ran again`;
    log(`${label}: ${reviewed}`);
    ({ migrationId, final } = await runOnce(label, api, siteId));
  }
  const { logs } = (await api.call("GET", `/migration/logs/${siteId}`)) as { logs: { level: string; message: string; url: string | null }[] };
  for (const l of logs.filter((x) => x.level === "error")) log(`  error: ${l.url ?? ""}: ${l.message}`);
  const target = (await api.call("GET", `/migration/${migrationId}/target-pages`)) as TargetPages;
  const status = statusChecker();
  const wpHost = new URL(wp.siteUrl).host;
  const sourceHost = new URL(sourceOrigin).host;
  const out: SiteFigures = {
    site: label, written: target.pages.length, summary: target.summary, linksOutside: target.linksOutside, images: 0, imagesLoading: 0, imagesAtSource: 0,
    links: 0, links404: 0, linksAtSource: 0, withDescription: 0, descriptionInTarget: 0, f1: [], worst: null, keptReasons: new Map(), checked: [],
    notWritten: Object.entries(final.result?.summary ?? {}).filter(([k, v]) => /failed|awaitingReview|skipped/.test(k) && v).map(([k, v]) => `${v} ${k}`).join(", "),
    reviewed,
  };
  const checked = (await api.call("GET", `/migration/${migrationId}/fidelity`)) as { pages: { sourceUrl: string; score: number; content: { f1: number }; differences: string[] }[] };
  out.checked = checked.pages.map((p) => ({ sourceUrl: p.sourceUrl, score: p.score, f1: p.content.f1, differences: p.differences }));
  for (const page of target.pages) {
    for (const a of page.assets) {
      if (a.state !== "source") continue;
      // The reason without the URL or status detail that makes every line different.
      const reason = (a.reason ?? "no reason").replace(/https?:\/\/\S+/g, "…").replace(/\s+\d{3}\b/g, " NNN");
      out.keptReasons.set(reason, (out.keptReasons.get(reason) ?? 0) + 1);
    }
  }
  for (const page of target.pages) {
    if (!page.sourceUrl || !page.targetPath) continue;
    const wpUrl = new URL(page.targetPath, wp.siteUrl).toString();
    const [source, written] = await Promise.all([fetchText(page.sourceUrl), fetchText(wpUrl)]);
    if (written.status !== 200) {
      out.f1.push(0);
      continue;
    }
    const src = extractPageWithNotes(source.text, page.sourceUrl).extraction;
    const dst = extractPageWithNotes(written.text, wpUrl).extraction;
    const t = tokenCounts(dst.mainText, src.mainText);
    const f1 = prf(t.tp, t.fp, t.fn).f1;
    out.f1.push(f1);
    if (!out.worst || f1 < out.worst.f1) out.worst = { url: page.sourceUrl, f1 };
    if (src.metaDescription.trim()) {
      // In WordPress: a description meta tag in the page, an SEO plugin's field, or the page excerpt.
      out.withDescription++;
      const auth = `Basic ${Buffer.from(`${wp.username}:${wp.applicationPassword}`).toString("base64")}`;
      const stored = (await (await fetch(`${wp.restUrl}/wp/v2/pages/${page.targetId}?context=edit`, { headers: { Authorization: auth } })).json()) as { excerpt?: { raw?: string }; meta?: Record<string, unknown> };
      const seoField = Object.entries(stored.meta ?? {}).some(([k, v]) => /metadesc|_description$/.test(k) && typeof v === "string" && v.trim());
      if (dst.metaDescription.trim() || seoField || stored.excerpt?.raw?.trim()) out.descriptionInTarget++;
    }
    // Images and links of the written page's main content, as WordPress serves them.
    const { document } = (await import("linkedom")).parseHTML(dst.mainHtml || "<div></div>") as unknown as { document: Document };
    for (const img of Array.from(document.querySelectorAll("img[src]"))) {
      const url = new URL(img.getAttribute("src")!, wpUrl);
      out.images++;
      if (url.host === sourceHost) out.imagesAtSource++;
      const s = await status(url.toString());
      if (s.status === 200 && s.type.startsWith("image/")) out.imagesLoading++;
    }
    for (const a of Array.from(document.querySelectorAll("a[href]"))) {
      let url: URL;
      try {
        url = new URL(a.getAttribute("href")!, wpUrl);
      } catch {
        continue;
      }
      url.hash = "";
      if (url.host === sourceHost) out.linksAtSource++;
      if (url.host !== wpHost) continue;
      out.links++;
      if ((await status(url.toString())).status === 404) out.links404++;
    }
  }
  return out;
}

async function main() {
  checkNode();
  ensureBrowserWrapper();
  ensureBuild(log);
  const wp = wordpress();
  log(`WordPress at ${wp.siteUrl}`);
  const fixture = await serveFixtureSite({ pages: FIXTURE_PAGES });
  const real = await serveRealSite({ dir: CORPUS, pages: REAL_PAGES, stuck: 0 });
  const stateDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-bench-fidelity-")));
  const port = await benchPort();
  const output: string[] = [];
  let wrangler: Awaited<ReturnType<typeof startProduct>> | null = null;
  const results: SiteFigures[] = [];
  try {
    wrangler = await startProduct({ port, stateDir, output });
    const api = new Api(`http://127.0.0.1:${port}`);
    // The owner and organization; then one WordPress project per source site.
    const signup = (await api.call("POST", "/auth/signup", { email: `fidelity-${Date.now()}@example.com`, password: "benchmark-password", firstName: "Bench", lastName: "Runner" })) as { token: string };
    api.headers.Authorization = `Bearer ${signup.token}`;
    const org = (await api.call("POST", "/organization", { name: "Fidelity" })) as { organization: { id: string } };
    api.headers["X-Organization-Id"] = org.organization.id;
    const platformConfig = { restUrl: wp.restUrl, username: wp.username, applicationPassword: wp.applicationPassword, assetProcessingMode: "dam" };
    const project = async (name: string, origin: string, config: Record<string, unknown>) => {
      const { site } = (await api.call("POST", "/sites", { name, domain: new URL(origin).host })) as { site: { id: string } };
      await api.call("PUT", `/site-config/${site.id}`, { platform: "wordpress", platformConfig, ...config });
      return site.id;
    };
    const demo = await project("Demo source website", fixture.origin, {
      components: {
        hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }, { name: "lead", type: "text" }, { name: "image", type: "image" }, { name: "cta", type: "link" }] },
        card: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }, { name: "text", type: "richtext" }, { name: "image", type: "image" }, { name: "link", type: "link" }] },
        richText: { name: "Rich text", selector: ".rich-text", fields: [{ name: "body", type: "richtext" }] },
      },
      templates: { page: { name: "Page", urlPattern: "/*", areas: ["main"] } },
      settings: { urlList: pagePaths(FIXTURE_PAGES).map((p: string) => `${fixture.origin}${p}`) },
    });
    results.push(await measure(`demo source website (${FIXTURE_PAGES} pages)`, api, wp, demo, fixture.origin));
    // Real pages: one article component over the page's main element where it has one, and an article
    // template whose body takes the page's main content for the pages without it.
    const corpus = await project("Real pages", real.origin, {
      components: { article: { name: "Article", selector: "article, main, [role=main]", fields: [{ name: "body", type: "richtext" }] } },
      templates: {
        article: {
          name: "Article", urlPattern: "/*", areas: ["main"],
          fields: [{ name: "title", type: "text", required: true, description: "The article's headline" }, { name: "body", type: "richtext", required: true, description: "The article's text" }],
        },
      },
      settings: { urlList: real.urls },
    });
    results.push(await measure(`real-page site (${real.urls.length} pages of ${CORPUS})`, api, wp, corpus, real.origin));
  } catch (err) {
    log(`ERROR: ${(err as Error).message}`);
    console.log(output.filter((l) => !/WARNING|^\s*$/.test(l)).slice(-40).join("\n"));
    process.exitCode = 1;
  } finally {
    if (wrangler && !(await stopWrangler(wrangler))) log("WARNING: wrangler did not stop within 20 s and was killed");
    for (const pid of leftoverBrowsers(stateDir)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    await fixture.close();
    await real.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
    // A WordPress the bench started, it stops again; one that was running stays, as it was found.
    if (wp.started.length) spawnSync(process.execPath, [path.join(ROOT, "scripts/wordpress-stop.mjs")], { cwd: ROOT, stdio: "inherit" });
  }
  if (!results.length) return;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  console.log(`\nFidelity into WordPress (${wp.siteUrl}), asset mode dam, ${os.cpus().length} CPUs`);
  console.table(
    results.map((r) => ({
      site: r.site,
      "pages written": r.written,
      "assets uploaded": r.summary.uploaded,
      reused: r.summary.reused,
      converted: r.summary.converted,
      "kept at source": r.summary.source,
      "images loading": `${r.imagesLoading}/${r.images}`,
      "images at source": r.imagesAtSource,
      "internal links 404": `${r.links404}/${r.links}`,
      "links at source": r.linksAtSource,
      "links outside list": r.linksOutside,
      "meta description": `${r.descriptionInTarget}/${r.withDescription}`,
      "F1 mean": mean(r.f1).toFixed(3),
      "F1 worst": r.worst ? r.worst.f1.toFixed(3) : "-",
      "fidelity checked": `${r.checked.length}/${r.written}`,
      "fidelity mean": mean(r.checked.map((c) => c.score)).toFixed(3),
      "fidelity worst": r.checked.length ? r.checked[0].score.toFixed(3) : "-",
    })),
  );
  for (const r of results) {
    if (r.reviewed) console.log(`${r.site}: ${r.reviewed}`);
    if (r.notWritten) console.log(`${r.site}: not written: ${r.notWritten}`);
    if (r.worst) console.log(`${r.site}: worst page ${r.worst.url} (F1 ${r.worst.f1.toFixed(3)})`);
    for (const [reason, n] of r.keptReasons) console.log(`${r.site}: ${n} asset(s) kept at source: ${reason}`);
    for (const c of r.checked.slice(0, 3)) console.log(`${r.site}: fidelity ${c.score.toFixed(3)} (F1 ${c.f1.toFixed(3)}) ${c.sourceUrl}: ${c.differences.join("; ") || "no differences"}`);
  }
  console.log("Targets: 0 kept at source; 0 internal links answering 404; a meta description on every page whose source had one; mean F1 ≥ 0.98.");
}

await main();
