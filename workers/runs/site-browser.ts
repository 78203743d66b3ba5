import type { BrowserWorker } from "@cloudflare/puppeteer";
import { BrowserRenderer, type RendererOptions } from "../crawl/renderer";
import type { HostResolver } from "../crawl/ssrf";
import type { Env } from "../env";
import { egressPolicy } from "../lib/egress";
import type { RunConfig } from "./run-store";

/**
 * The browser of one run, wherever the run's pages are rendered (the run object, a queue consumer):
 * the site's host, the hosts its settings block or allow, and the egress guard's policy.
 */
export function siteBrowser(env: Env, config: Pick<RunConfig, "host" | "site">, extra: { resolver?: HostResolver; onSession?: RendererOptions["onSession"] } = {}): BrowserRenderer {
  const crawl = config.site.settings.crawl;
  return new BrowserRenderer(env.BROWSER as unknown as BrowserWorker, {
    host: config.host,
    policy: { blockHosts: crawl?.blockHosts ?? [], allowHosts: crawl?.allowHosts ?? [] },
    egress: egressPolicy(env, extra.resolver),
    onSession: extra.onSession,
  });
}
