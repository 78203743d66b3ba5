import puppeteer, { type Browser, type BrowserWorker, type HTTPRequest, type Page } from "@cloudflare/puppeteer";
import { classifyError, PageFailure, PageSkipped } from "./page-errors";

/** How long Browser Rendering keeps an idle session: long enough to reconnect after an eviction. */
export const BROWSER_KEEP_ALIVE_MS = 60_000;
/** Navigation timeout per page (until DOMContentLoaded). */
export const PAGE_TIMEOUT_MS = 30_000;
/** After DOMContentLoaded, how long a page gets to finish loading its own images. */
export const LOAD_GRACE_MS = 3_000;
export const VIEWPORT = { width: 1280, height: 800 } as const;
export const SCREENSHOT_QUALITY = 70;
/** The tallest screenshot taken (four viewports): enough for an article's body, bounded in size and time. */
export const SCREENSHOT_MAX_HEIGHT = 3_200;

/** Resource types never loaded: they do not change the content, only slow rendering down. */
const BLOCKED_TYPES = new Set(["media", "font", "websocket", "eventsource", "manifest", "texttrack", "ping", "prefetch"]);

/** A page as the browser rendered it. */
export interface LoadedPage {
  status: number;
  finalUrl: string;
  html: string;
  /** Natural sizes of loaded images, by absolute URL. */
  imageSizes: Record<string, { width: number; height: number }>;
}

// Runs in the page. A string, not a function: bundlers rewrite functions (helpers, renamed names)
// in ways that break once the source is sent to the browser.
const SETTLE_AND_READ = `new Promise((resolve) => {
  const read = () => {
    const sizes = {};
    for (const img of Array.from(document.images)) {
      if (img.complete && img.naturalWidth > 0 && img.currentSrc) sizes[img.currentSrc] = { width: img.naturalWidth, height: img.naturalHeight };
    }
    const doctype = document.doctype ? "<!DOCTYPE " + document.doctype.name + ">" : "";
    resolve({ html: doctype + document.documentElement.outerHTML, sizes });
  };
  if (document.readyState === "complete") return read();
  const timer = setTimeout(read, ${LOAD_GRACE_MS});
  addEventListener("load", () => { clearTimeout(timer); read(); }, { once: true });
})`;

/**
 * One browser tab that renders pages of one site. Requests to any other host are refused in the
 * browser itself, so a redirect or a script cannot make the tab load another origin; images, scripts
 * and styles of the site load, fonts and media do not.
 */
export class RenderTab {
  private blockedNavigation: string | null = null;

  private constructor(
    private readonly page: Page,
    private readonly host: string,
  ) {}

  static async open(browser: Browser, host: string): Promise<RenderTab> {
    const page = await browser.newPage();
    const tab = new RenderTab(page, host);
    await page.setViewport(VIEWPORT);
    page.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await page.setRequestInterception(true);
    page.on("request", (req) => tab.onRequest(req));
    return tab;
  }

  private onRequest(req: HTTPRequest): void {
    const url = req.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) {
      req.continue().catch(() => {});
      return;
    }
    let host = "";
    try {
      host = new URL(url).host;
    } catch {
      // Unparseable: refused below.
    }
    if (host !== this.host) {
      if (req.isNavigationRequest() && req.frame() === this.page.mainFrame()) this.blockedNavigation = url;
      req.abort("blockedbyclient").catch(() => {});
      return;
    }
    if (BLOCKED_TYPES.has(req.resourceType())) {
      req.abort("blockedbyclient").catch(() => {});
      return;
    }
    req.continue().catch(() => {});
  }

  /** Loads a page and reads its HTML and image sizes. Throws PageFailure or PageSkipped. */
  async load(url: string): Promise<LoadedPage> {
    this.blockedNavigation = null;
    let response;
    try {
      response = await this.page.goto(url, { waitUntil: "domcontentloaded", timeout: PAGE_TIMEOUT_MS });
    } catch (err) {
      if (this.blockedNavigation) throw new PageFailure(`Redirected outside the site's origin to ${this.blockedNavigation}`, false, "refused");
      throw classifyError(err);
    }
    if (!response) throw new PageFailure("The browser returned no response", true, "network");
    const status = response.status();
    if (status >= 400) {
      const retryable = status >= 500 || status === 408 || status === 425 || status === 429;
      throw new PageFailure(`HTTP ${status}`, retryable, "http", status);
    }
    const type = (response.headers()["content-type"] ?? "").toLowerCase();
    if (type && !type.includes("html")) throw new PageSkipped(`Not an HTML page (${type.split(";")[0]})`);
    try {
      const read = (await this.page.evaluate(SETTLE_AND_READ)) as { html: string; sizes: LoadedPage["imageSizes"] };
      return { status, finalUrl: this.page.url(), html: read.html, imageSizes: read.sizes };
    } catch (err) {
      throw classifyError(err);
    }
  }

  /**
   * A JPEG of the page from the top, as tall as the page up to SCREENSHOT_MAX_HEIGHT: reviewers see
   * the content below the fold, and the boxes of extracted elements (document coordinates) land on it.
   */
  async screenshot(): Promise<Uint8Array> {
    try {
      const height = Number(await this.page.evaluate("Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)")) || VIEWPORT.height;
      const clip = { x: 0, y: 0, width: VIEWPORT.width, height: Math.min(Math.max(height, VIEWPORT.height), SCREENSHOT_MAX_HEIGHT) };
      const shot = await this.page.screenshot({ type: "jpeg", quality: SCREENSHOT_QUALITY, clip, captureBeyondViewport: true });
      return new Uint8Array(shot);
    } catch (err) {
      throw classifyError(err);
    }
  }

  async close(): Promise<void> {
    await this.page.close().catch(() => {});
  }
}

export interface RendererOptions {
  host: string;
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
    const fresh = await RenderTab.open(browser, this.options.host);
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
