import type { ScreenshotRef } from "../contracts/run-events";
import type { BrowserRenderer } from "../crawl/renderer";
import type { HostResolver } from "../crawl/ssrf";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { LeaseMessage } from "./leases";
import type { MigrationPipeline } from "./pipeline";
import type { LogEntry } from "./run-records";
import type { RunConfig, RunState, RunStore } from "./run-store";

/** What the phases of a run (discovery, capture, processing) use of the run object. */
export interface RunHost {
  /** The Worker's bindings. */
  readonly bindings: Env;
  readonly store: RunStore;
  readonly config: RunConfig;
  /** The one in-memory state of the run; call `save()` after changing it. */
  readonly state: RunState;
  readonly db: Db;
  readonly resolver: HostResolver;
  /**
   * Document titles of pages this run captured lately (in memory, a bounded sample): the site name
   * their titles share tells the site name apart from each page's own title.
   */
  readonly siteTitles: string[];
  save(): void;
  /** True once the run was cancelled or declared stuck: stop at the next page boundary. */
  halted(): boolean;
  renderer(): BrowserRenderer;
  /** The run's pipeline from its composition (workers/compose.ts), or null when nothing maps the site. */
  pipeline(): Promise<MigrationPipeline<unknown> | null>;
  /** Sends a progress event (with the screenshots captured since the last one). */
  emitProgress(screenshots?: ScreenshotRef[]): void;
  /** Refreshes the heartbeat (throttled unless forced). */
  beat(force?: boolean): Promise<void>;
  /** Writes log entries to D1. */
  log(entries: LogEntry[]): Promise<void>;
  /**
   * Runs a page's commit (its D1 and state writes) unless the run is halted; cancel waits for commits
   * in flight, so a page is either fully kept or not at all. Returns false when halted.
   */
  commit(work: () => Promise<void>): Promise<boolean>;
  /**
   * Resolves when a page is queued for mapping and writing (`wakeProcessing`), or after `ms`: how an
   * idle processing worker waits while capture goes on.
   */
  waitForQueued(ms: number): Promise<void>;
  /** Wakes the processing workers waiting in `waitForQueued`: a page was queued, or capture ended. */
  wakeProcessing(): void;
  /** Sends page leases to the page queue, one message each (fan-out runs). */
  sendLeases(leases: LeaseMessage[]): Promise<void>;
  /** Ends the run: completed, or failed with the reason. */
  finish(outcome: { status: "completed" } | { status: "failed"; details: string }): Promise<void>;
}
