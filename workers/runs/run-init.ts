import type { RunOptions } from "../contracts/run-events";
import { siteHost, siteOrigin } from "../crawl/url";
import type { Actor } from "../db/audit";
import type { SiteDefinitions } from "./pipeline";
import type { RunConfig, RunState } from "./run-store";

/** What the API hands a new run. */
export interface RunInit {
  migrationId: string;
  organizationId: string;
  siteId: string;
  actor: Actor;
  site: SiteDefinitions;
  options: RunOptions;
  environment: string;
}

/** The config and first state of a new run. */
export function newRun(init: RunInit, now: number): { config: RunConfig; state: RunState } {
  const settings = init.site.settings;
  // The first configured URL on the site's host decides between http and https.
  const hints = [settings.sitemapUrl, settings.urlList?.[0], init.options.overrideWhitelist?.[0]];
  const config: RunConfig = {
    migrationId: init.migrationId,
    organizationId: init.organizationId,
    siteId: init.siteId,
    startedByUserId: init.actor.userId,
    impersonatorUserId: init.actor.impersonatorUserId ?? null,
    origin: siteOrigin(init.site.domain, hints),
    host: siteHost(init.site.domain),
    environment: init.environment,
    site: init.site,
    options: init.options,
    startedAt: now,
  };
  const state: RunState = {
    status: "running",
    phase: "discovering",
    totalCount: 0,
    captured: 0,
    captureFailed: 0,
    skipped: 0,
    componentCount: 0,
    processingTotal: 0,
    written: 0,
    writeFailed: 0,
    mapped: 0,
    awaitingReview: 0,
    pipeline: null,
    stopReason: null,
    currentPage: null,
    damProgress: null,
    heartbeatAt: now,
    finishedAt: null,
    browserSessionId: null,
    errorMessage: null,
    alarmErrors: 0,
  };
  return { config, state };
}

/** The log line when the run's browser session starts or is reconnected. */
export function browserSessionMessage(sessionId: string, how: "launched" | "reconnected", previous: string | null): string {
  if (how === "reconnected") return `Reconnected to browser session ${sessionId}`;
  return previous ? `Browser session ${previous} had ended; started ${sessionId}` : `Started browser session ${sessionId}`;
}
