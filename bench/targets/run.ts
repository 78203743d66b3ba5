/**
 * Sustained write rate of each adapter against its fake platform, which enforces the platform's
 * documented rate limit and answers 429 above it. Prints the accepted request rate as a fraction of the
 * limit (target ≥ 0.9) and checks that no write was lost, with a 429 and a 5xx storm injected mid-run.
 *
 * Usage: npm run bench:targets [-- --seconds 15]
 */
import { egressPolicy } from "../../workers/lib/egress";
import { createTargetAdapter } from "../../workers/targets/registry";
import type { TargetAdapter } from "../../workers/targets/types";
import { type FakePlatform, fakeFetch } from "../../test/fixtures/targets/fake-base";
import { FakeContentful } from "../../test/fixtures/targets/fake-contentful";
import { FakeSanity } from "../../test/fixtures/targets/fake-sanity";
import { FakeStoryblok } from "../../test/fixtures/targets/fake-storyblok";
import { preparedPage } from "../../test/fixtures/targets/pages";

const secondsArg = process.argv.indexOf("--seconds");
const SECONDS = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 15;
const STORM_SECONDS = 6;
const CONCURRENCY = 4;

interface Bench {
  name: string;
  limit: number;
  fake: FakePlatform;
  adapter: TargetAdapter;
  /** Pages the fake holds. */
  stored: () => number;
}

/** The fakes answer in-process; the egress rules of local development apply (no DNS lookups). */
const LOCAL_EGRESS = egressPolicy({ EGRESS_ALLOW_PRIVATE: "true", ENVIRONMENT: "development" });

function benches(): Bench[] {
  const contentful = new FakeContentful("space-bench", "cf-token");
  const storyblok = new FakeStoryblok("777", "sb-token");
  const sanity = new FakeSanity("benchproj", "production", "sanity-token");
  const make = (platform: string, config: Record<string, unknown>, routes: Record<string, FakePlatform["handle"]>) =>
    createTargetAdapter(platform, { config, fetch: fakeFetch(routes), egress: LOCAL_EGRESS, siteSlug: "bench" });
  return [
    {
      name: "Contentful (CMA, documented 7 requests/s)", limit: 7, fake: contentful,
      adapter: make("contentful", { spaceId: "space-bench", environmentId: "master", managementToken: "cf-token" }, { "api.contentful.com": contentful.handle, "upload.contentful.com": contentful.handle }),
      stored: () => [...contentful.entries.values()].filter((e) => e.sys.contentType?.sys.id === "page").length,
    },
    {
      name: "Storyblok (Management API, documented 6 requests/s)", limit: 6, fake: storyblok,
      adapter: make("storyblok", { spaceId: "777", managementToken: "sb-token", region: "eu" }, { "mapi.storyblok.com": storyblok.handle }),
      stored: () => [...storyblok.stories.values()].filter((s) => !s.is_folder).length,
    },
    {
      name: "Sanity (mutations, documented 25 requests/s)", limit: 25, fake: sanity,
      adapter: make("sanity", { projectId: "benchproj", dataset: "production", token: "sanity-token" }, { "benchproj.api.sanity.io": sanity.handle }),
      stored: () => [...sanity.docs.values()].filter((d) => d._type === "page").length,
    },
  ];
}

/** Writes distinct pages with CONCURRENCY workers for `seconds`; returns what the fake accepted. */
async function writeFor(b: Bench, seconds: number, firstPage: number) {
  const end = Date.now() + seconds * 1000;
  let next = firstPage;
  let started = 0;
  let written = 0;
  const failures: string[] = [];
  const logFrom = b.fake.log.length;
  const worker = async () => {
    while (Date.now() < end) {
      const n = next++;
      started++;
      // Distinct leading characters: platform ids are built from the key's prefix.
      const key = n.toString(16).padStart(8, "0").repeat(8);
      try {
        await b.adapter.upsertPage(preparedPage(`/bench/page-${n}`, key), null);
        written++;
      } catch (err) {
        failures.push(err instanceof Error ? err.message : String(err));
      }
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (Date.now() - t0) / 1000;
  const log = b.fake.log.slice(logFrom);
  const accepted = log.filter((l) => l.limited && l.status !== 429 && l.status < 500).length;
  return { elapsed, accepted, rate: accepted / elapsed, written, started, failures, next, rejected429: log.filter((l) => l.status === 429).length };
}

async function run(b: Bench) {
  // Phase 1: sustained writes; the fake answers 429 to anything above the documented limit.
  const sustained = await writeFor(b, SECONDS, 0);
  // Phase 2: the same under a storm (3×429 with Retry-After: 1, then 3×503); honouring the platform's
  // Retry-After costs throughput by design, so this phase checks only that no write is lost.
  setTimeout(() => b.fake.inject({ status: 429, count: 3, headers: { "Retry-After": "1" } }), 500);
  setTimeout(() => b.fake.inject({ status: 503, count: 3 }), 2500);
  const storm = await writeFor(b, STORM_SECONDS, sustained.next);
  const lost = sustained.started + storm.started - b.stored();
  return { sustained, storm, fraction: sustained.rate / b.limit, lost, failures: [...sustained.failures, ...storm.failures] };
}

console.log(`Target write benchmark: ${SECONDS}s sustained + ${STORM_SECONDS}s under a 429/5xx storm per platform, ${CONCURRENCY} concurrent page writes\n`);
let ok = true;
for (const b of benches()) {
  const r = await run(b);
  const pass = r.fraction >= 0.9 && r.lost === 0 && r.failures.length === 0;
  ok &&= pass;
  console.log(`${b.name}`);
  console.log(`  sustained: ${r.sustained.accepted} requests accepted in ${r.sustained.elapsed.toFixed(1)}s = ${r.sustained.rate.toFixed(2)}/s = ${r.fraction.toFixed(3)} of the limit (429 answers: ${r.sustained.rejected429})`);
  console.log(`  storm:     ${r.storm.accepted} requests accepted in ${r.storm.elapsed.toFixed(1)}s, 429 answers ${r.storm.rejected429}, pages ${r.storm.written}/${r.storm.started}`);
  console.log(`  pages written ${r.sustained.written + r.storm.written}/${r.sustained.started + r.storm.started}, lost ${r.lost}, failed ${r.failures.length}  ${pass ? "PASS" : "FAIL"}`);
  for (const f of r.failures.slice(0, 3)) console.log(`  failure: ${f}`);
}
console.log(ok ? "\nAll platforms at >= 0.9 of their documented limit with zero lost writes." : "\nSome platform is below 0.9 of its limit or lost writes.");
process.exit(ok ? 0 : 1);
