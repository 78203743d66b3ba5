import puppeteer, { type Browser, type BrowserWorker } from "@cloudflare/puppeteer";
import type { EgressPolicy } from "../lib/egress";
import { RenderTab } from "./browser";
import type { RequestPolicy } from "./trackers";

/** How long Browser Rendering keeps an idle session: long enough to reconnect after an eviction. */
export const BROWSER_KEEP_ALIVE_MS = 60_000;

export interface RendererOptions {
  host: string;
  /** Hosts the site blocks or allows beyond the defaults (site settings `crawl`). */
  policy?: RequestPolicy;
  /** The egress guard's policy: the browser's requests to other hosts than the site's are resolved and checked. */
  egress?: EgressPolicy;
  /** Called with the session id whenever a browser is launched or reconnected, so it can be stored and reused. */
  onSession?: (sessionId: string, how: "launched" | "reconnected") => void;
}

/**
 * The browser of one run: reconnects to the run's kept-alive Browser Rendering session when it still
 * exists (after an eviction or restart), otherwise launches one; hands out tabs up to the run's
 * concurrency and reuses them from page to page.
 */
export class BrowserRenderer {
  private browser: Browser | null = null;
  private opening: Promise<Browser> | null = null;
  private idle: RenderTab[] = [];
  private all = new Set<RenderTab>();

  constructor(
    private readonly binding: BrowserWorker,
    private readonly options: RendererOptions,
  ) {}

  /** Connects to `sessionId` when given and alive, else launches. Returns the live browser. */
  async ensure(sessionId: string | null): Promise<Browser> {
    if (this.browser?.connected) return this.browser;
    this.opening ??= this.open(sessionId).finally(() => (this.opening = null));
    return this.opening;
  }

  private async open(sessionId: string | null): Promise<Browser> {
    this.idle = [];
    this.all.clear();
    let browser: Browser | null = null;
    if (sessionId) {
      try {
        browser = await puppeteer.connect(this.binding, sessionId);
        this.options.onSession?.(sessionId, "reconnected");
      } catch {
        browser = null; // the session ended (idle timeout, crash): launch a new one
      }
    }
    if (!browser) {
      browser = await puppeteer.launch(this.binding, { keep_alive: BROWSER_KEEP_ALIVE_MS });
      this.options.onSession?.(browser.sessionId(), "launched");
    }
    this.browser = browser;
    return browser;
  }

  async acquire(sessionId: string | null): Promise<RenderTab> {
    const browser = await this.ensure(sessionId);
    const tab = this.idle.pop();
    if (tab) return tab;
    const fresh = await RenderTab.open(browser, this.options.host, this.options.policy, this.options.egress ?? null);
    this.all.add(fresh);
    return fresh;
  }

  /** Returns a tab for reuse, or closes it when it failed (a failed tab may be in a bad state). */
  release(tab: RenderTab, healthy: boolean): void {
    if (healthy && this.all.has(tab)) {
      this.idle.push(tab);
      return;
    }
    this.all.delete(tab);
    void tab.close();
  }

  /** Closes every tab, which makes work in progress in them fail at once (used by cancel). */
  async closeTabs(): Promise<void> {
    const tabs = [...this.all];
    this.all.clear();
    this.idle = [];
    await Promise.all(tabs.map((t) => t.close()));
  }

  /** Ends the browser session (the run is over). */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.idle = [];
    this.all.clear();
    if (browser) await browser.close().catch(() => {});
  }

  /** Leaves the session running for the next alarm to reconnect (keep_alive ends it when idle). */
  disconnect(): void {
    const browser = this.browser;
    this.browser = null;
    this.idle = [];
    this.all.clear();
    if (browser) void browser.disconnect().catch(() => {});
  }
}
