import { collectPageList } from "../crawl/page-list";
import { SitemapError } from "../crawl/sitemap";
import { assertCrawlable, CrawlRefusedError } from "../crawl/ssrf";
import { egressPolicy } from "../lib/egress";
import { fanOutWanted, leaseSize } from "./leases";
import type { RunHost } from "./run-host";

/**
 * The first phase of a run: checks that the site may be crawled, collects its page list and stores
 * it as the run's checkpoint list. A sitemap that cannot be read or an empty list fails the run.
 */
export async function discoverPages(run: RunHost): Promise<void> {
  const { config } = run;
  const guard = { host: config.host, egress: egressPolicy(run.bindings, run.resolver) };
  const settings = config.site.settings;
  let list;
  try {
    await assertCrawlable(`${config.origin}/`, guard);
    list = await collectPageList(
      { origin: config.origin, overrideWhitelist: config.options.overrideWhitelist, urlList: settings.urlList, sitemapUrl: settings.sitemapUrl },
      guard,
    );
  } catch (err) {
    if (err instanceof SitemapError || err instanceof CrawlRefusedError) {
      await run.log([{ level: "error", message: err.message, url: err.url }]);
      await run.finish({ status: "failed", details: err.message });
      return;
    }
    throw err;
  }
  if (run.halted()) return;
  await run.log(list.notes.map((n) => ({ level: n.level, message: n.message, url: n.url ?? null })));
  if (!list.urls.length) {
    const details = `No pages to migrate: the ${list.source === "sitemap" ? "sitemap lists" : "list has"} no pages on ${config.origin}`;
    await run.log([{ level: "error", message: details }]);
    await run.finish({ status: "failed", details });
    return;
  }
  run.store.insertPages(list.urls);
  const { concurrency } = config.options;
  run.state.totalCount = list.urls.length;
  run.state.fanOut = fanOutWanted(run.bindings, list.urls.length, concurrency);
  run.state.phase = "capturing";
  run.save();
  const how = run.state.fanOut
    ? `on the page queue, in up to ${concurrency} leases of up to ${leaseSize(list.urls.length, concurrency)} pages at a time`
    : `with ${concurrency} browser tabs`;
  await run.log([{ level: "info", message: `${list.urls.length} pages to capture ${how}` }]);
  run.emitProgress();
}
