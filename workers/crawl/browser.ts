import type { Browser, CDPSession, HTTPRequest, Page } from "@cloudflare/puppeteer";
import { Buffer } from "node:buffer";
import { classifyError, PageFailure, PageSkipped, withTimeout } from "./page-errors";
import { CHANGED, READ, WATCH } from "./page-scripts";
import { assertEgressAllowed, type EgressPolicy } from "../lib/egress";
import { DEFAULT_REQUEST_POLICY, refusal, type RequestPolicy } from "./trackers";

/** Per-page budget until DOMContentLoaded, unless the site sets its own (settings `crawl.navigationTimeoutMs`). */
export const NAVIGATION_TIMEOUT_MS = 15_000;
/** After DOMContentLoaded, how long a page may settle (network quiet) before it is read anyway (`crawl.settleMs`). */
export const SETTLE_MS = 3_000;
/**
 * The network counts as quiet when no request is in flight and none that can lead to another (a
 * document, script, style sheet, fetch) has started or ended for this long. Images are waited for,
 * but without the quiet window: their arrival starts no further request that changes the content.
 */
export const QUIET_MS = 400;
export const VIEWPORT = { width: 1280, height: 800 } as const;
export const SCREENSHOT_QUALITY = 70;
/** The tallest screenshot taken (four viewports): enough for an article's body, bounded in size and time. */
export const SCREENSHOT_MAX_HEIGHT = 3_200;
/**
 * Screenshots are drawn at three quarters of the page's CSS pixels (960 px wide): text stays readable,
 * and a four-viewport shot costs the browser a little over half the pixels to paint and encode. The
 * review screen shows them at the page's width; element boxes stay in CSS pixels.
 */
export const SCREENSHOT_SCALE = 0.75;
/**
 * How long a screenshot may take. One usually takes well under 2 s; now and then Chromium never answers
 * one, and the page would hold its tab (and the end of the run's alarm) until its hard deadline. Past
 * this the attempt fails as retryable and the tab is closed.
 */
export const SCREENSHOT_TIMEOUT_MS = 10_000;
/** Resource types never loaded: they do not change the content, only slow rendering down. */
const BLOCKED_TYPES = new Set(["media", "font", "websocket", "eventsource", "manifest", "texttrack", "ping", "prefetch"]);

/**
 * What the browser fetches for itself once the page has loaded, such as the icons a page's
 * `<link rel=icon>` names: it changes nothing in the page, so it does not spoil an early read.
 */
const BROWSER_OWN_TYPES = new Set(["other"]);
/** Requests whose end leads to no other request: in flight they hold the settle, done they need no quiet window after. */
const PASSIVE_TYPES = new Set(["image", ...BROWSER_OWN_TYPES]);

/** How long a page may take, per site. */
export interface PageBudget {
  navigationMs: number;
  settleMs: number;
}

export const DEFAULT_PAGE_BUDGET: PageBudget = { navigationMs: NAVIGATION_TIMEOUT_MS, settleMs: SETTLE_MS };

/** A page as the browser rendered it. */
export interface LoadedPage {
  status: number;
  finalUrl: string;
  html: string;
  /** Natural sizes of loaded images, by absolute URL. */
  imageSizes: Record<string, { width: number; height: number }>;
  /**
   * How loading ended: "loaded" (the network went quiet), "settle-cap" (the network never went quiet
   * within the settle time), or "navigation-cap" (DOMContentLoaded never came within the budget:
   * the page was stopped and read as far as it had loaded).
   */
  ended: "loaded" | "settle-cap" | "navigation-cap";
  /** Requests refused: trackers, and blocked, private or foreign hosts (see trackers.ts). */
  refused: number;
  /** The document's height in CSS pixels when it was read: how tall its screenshot is. */
  height: number;
  /** The page's screenshot (see `RenderTab.screenshot`), when `load` was asked for one. */
  screenshot: Uint8Array | null;
  /**
   * Whether the page was read (and shot) while its network settled: it was idle, and nothing loaded or
   * changed in it until the quiet window ended, so the early read is the settled page.
   */
  readEarly: boolean;
  /** Where the load's time went (ms): the log line of a slow page says it (see `slowPageNote`). */
  steps: LoadSteps;
}

/**
 * Time spent in each step of loading a page (ms), apart: `settle` is the wait for a quiet network
 * without the reads and screenshots taken meanwhile, which count under `read` and `screenshot`.
 */
export interface LoadSteps {
  navigation: number;
  settle: number;
  read: number;
  screenshot: number;
}

/** What `load` does beyond loading and reading the page. */
export interface LoadOptions {
  /** Take the page's screenshot too. */
  screenshot?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A page as READ found it, with its screenshot when one was asked for. */
interface PageRead {
  html: string;
  sizes: LoadedPage["imageSizes"];
  height: number;
  screenshot: Uint8Array | null;
}

/** A read taken while the network settled, with the tab's request count when it began (see `RenderTab.activity`). */
type EarlyRead = PageRead & { activity: number };

/** The steps of `RenderTab.load`, as a log line names them. */
export type LoadStep = "idle" | "loading" | "stopping the page" | "settling" | "reading" | "taking the screenshot" | "checking for changes";

/**
 * One browser tab that renders pages of one site. Navigations to any other host are refused in the
 * browser itself, so a redirect or a script cannot take the tab to another origin. Images, scripts and
 * styles load from the site's own domain and from the hosts the site allows, never from trackers,
 * advertisers or private addresses (see trackers.ts); fonts and media do not load.
 */
export class RenderTab {
  private blockedNavigation: string | null = null;
  private mainStatus: number | null = null;
  private inFlight = new Set<HTTPRequest>();
  private lastActivity = 0;
  /** Requests started or ended, images included: an early read stands only if this did not move since. */
  private activity = 0;
  private refused = 0;
  /** What the tab is doing in `load` now: a page held past its deadline is named by its step. */
  step: LoadStep = "idle";
  /** A screenshot of this load that never came: the tab is stuck, so the load fails with it. */
  private stuckShot: PageFailure | null = null;
  /** Time (ms) spent reading and shooting the page being loaded, for its `steps`. */
  private readMs = 0;
  private shotMs = 0;

  private constructor(
    private readonly page: Page,
    /** The tab's own DevTools session: screenshots and stops go straight to it (see `screenshot`). */
    private readonly cdp: CDPSession,
    private readonly host: string,
    private readonly policy: RequestPolicy,
    /** The egress guard's policy: names the page reaches beyond the site's host are resolved and checked. */
    private readonly egress: EgressPolicy | null,
  ) {}

  static async open(browser: Browser, host: string, policy: RequestPolicy = DEFAULT_REQUEST_POLICY, egress: EgressPolicy | null = null): Promise<RenderTab> {
    const page = await browser.newPage();
    const tab = new RenderTab(page, await page.createCDPSession(), host, policy, egress);
    // A tab behind another is a hidden page (document.visibilityState), which runs no animation frames and
    // throttles its timers: content a site draws in an animation frame, as front-end frameworks and image
    // loaders do, would be missing from every tab but the one in front. Focus emulation renders each tab as
    // the visible, focused page it is for a reader.
    await tab.cdp.send("Emulation.setFocusEmulationEnabled", { enabled: true });
    await page.setViewport(VIEWPORT);
    page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    page.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
    await page.setRequestInterception(true);
    page.on("request", (req) => tab.onRequest(req));
    const done = (req: HTTPRequest) => {
      // Only requests that went out count: a refused one ends at once and leads nowhere.
      if (!tab.inFlight.delete(req)) return;
      if (!BROWSER_OWN_TYPES.has(req.resourceType())) tab.activity++;
      if (!PASSIVE_TYPES.has(req.resourceType())) tab.lastActivity = Date.now();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    page.on("response", (res) => {
      const req = res.request();
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) tab.mainStatus = res.status();
    });
    return tab;
  }

  private onRequest(req: HTTPRequest): void {
    const url = req.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) {
      req.continue().catch(() => {});
      return;
    }
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      // Unparseable: refused below.
    }
    const navigation = req.isNavigationRequest() && req.frame() === this.page.mainFrame();
    if (!parsed || (navigation && parsed.host !== this.host)) {
      if (navigation) this.blockedNavigation = url;
      req.abort("blockedbyclient").catch(() => {});
      return;
    }
    if (BLOCKED_TYPES.has(req.resourceType()) || refusal(parsed, this.host, this.policy)) {
      if (!BLOCKED_TYPES.has(req.resourceType())) this.refused++;
      req.abort("blockedbyclient").catch(() => {});
      return;
    }
    // Another host the site may use (its subdomains, hosts it allows): its name is resolved and checked
    // as the egress guard checks the product's own requests, so a name pointing at a private address is
    // refused. The site's host was checked before the page was opened; literal addresses by `refusal`.
    if (this.egress && !this.egress.allowPrivate && parsed.host !== this.host) {
      void assertEgressAllowed(parsed, this.egress).then(
        () => this.send(req),
        () => {
          this.refused++;
          req.abort("blockedbyclient").catch(() => {});
        },
      );
      return;
    }
    this.send(req);
  }

  /** Lets a request go out, counted as in flight until it ends. */
  private send(req: HTTPRequest): void {
    this.inFlight.add(req);
    if (!BROWSER_OWN_TYPES.has(req.resourceType())) this.activity++;
    if (!PASSIVE_TYPES.has(req.resourceType())) this.lastActivity = Date.now();
    req.continue().catch(() => this.inFlight.delete(req));
  }

  /**
   * Waits until the network is quiet (see QUIET_MS), or `ms` passed: whichever comes first. The first
   * moment nothing is in flight, the page is read (and shot) at once, as `early`: the quiet window is
   * spent on that work instead of waiting, and `load` keeps the early read if the window then passes
   * without a request or a change to the document.
   */
  private async settle(ms: number, screenshot: boolean): Promise<{ quiet: boolean; early: EarlyRead | null }> {
    const until = Date.now() + ms;
    let early: EarlyRead | null = null;
    let tried = false;
    const quiet = () => this.inFlight.size === 0 && Date.now() - this.lastActivity >= QUIET_MS;
    this.step = "settling";
    while (Date.now() < until) {
      if (quiet()) return { quiet: true, early };
      if (!tried && this.inFlight.size === 0) {
        tried = true;
        const activity = this.activity;
        early = await this.page
          .evaluate(WATCH)
          .then(() => this.read(screenshot))
          .then((read) => ({ ...read, activity }))
          // A failed early read costs nothing: the page is read once the window has passed.
          .catch(() => null);
        this.step = "settling";
        continue;
      }
      await sleep(50);
    }
    return { quiet: quiet(), early };
  }

  /** Whether the page is as the early read found it: no request started or ended, no change to the document. */
  private async unchangedSince(early: { activity: number }): Promise<boolean> {
    const began = Date.now();
    this.step = "checking for changes";
    const changed = await this.page
      .evaluate(CHANGED)
      .catch(() => true)
      .finally(() => (this.readMs += Date.now() - began));
    return !changed && this.activity === early.activity;
  }

  /** Reads the page as it is now (READ), and shoots it when asked. */
  private async read(screenshot: boolean): Promise<PageRead> {
    const began = Date.now();
    this.step = "reading";
    const read = (await this.page.evaluate(READ).finally(() => (this.readMs += Date.now() - began))) as { html: string; sizes: LoadedPage["imageSizes"]; height: number };
    const height = Number(read.height) || VIEWPORT.height;
    if (!screenshot) return { html: read.html, sizes: read.sizes, height, screenshot: null };
    const shooting = Date.now();
    this.step = "taking the screenshot";
    const shot = await this.screenshot(height).finally(() => (this.shotMs += Date.now() - shooting));
    return { html: read.html, sizes: read.sizes, height, screenshot: shot };
  }

  /**
   * Loads a page within its budget and reads its HTML and image sizes: DOMContentLoaded within
   * `navigationMs`, then up to `settleMs` for the network to go quiet. A page whose document arrived but
   * that never reaches DOMContentLoaded (a hung script, endless long-polling) is stopped and read as
   * far as it loaded; `ended` says so. With `screenshot`, the page is shot as it was read. Throws
   * PageFailure or PageSkipped.
   */
  async load(url: string, budget: PageBudget = DEFAULT_PAGE_BUDGET, options: LoadOptions = {}): Promise<LoadedPage> {
    const screenshot = options.screenshot ?? false;
    this.blockedNavigation = null;
    this.mainStatus = null;
    this.inFlight.clear();
    this.refused = 0;
    this.readMs = 0;
    this.shotMs = 0;
    this.stuckShot = null;
    this.step = "loading";
    const began = Date.now();
    let response;
    let ended: LoadedPage["ended"] = "loaded";
    try {
      response = await this.page.goto(url, { waitUntil: "domcontentloaded", timeout: budget.navigationMs });
    } catch (err) {
      if (this.blockedNavigation) throw new PageFailure(`Redirected outside the site's origin to ${this.blockedNavigation}`, false, "refused");
      const problem = classifyError(err);
      // The document came but never finished parsing: stop it and read what is there.
      if (!(problem instanceof PageFailure && problem.kind === "timeout" && this.mainStatus !== null)) throw problem;
      await this.stopLoading();
      ended = "navigation-cap";
    }
    const status = response ? response.status() : (this.mainStatus ?? 0);
    if (ended === "loaded" && !response) throw new PageFailure("The browser returned no response", true, "network");
    if (status >= 400) {
      const retryable = status >= 500 || status === 408 || status === 425 || status === 429;
      throw new PageFailure(`HTTP ${status}`, retryable, "http", status);
    }
    const type = (response?.headers()["content-type"] ?? "").toLowerCase();
    if (type && !type.includes("html")) throw new PageSkipped(`Not an HTML page (${type.split(";")[0]})`);
    const navigation = Date.now() - began;
    let early: EarlyRead | null = null;
    let settle = 0;
    if (ended === "loaded") {
      const settling = Date.now();
      const settled = await this.settle(budget.settleMs, screenshot);
      settle = Date.now() - settling - this.readMs - this.shotMs;
      early = settled.early;
      if (!settled.quiet) {
        ended = "settle-cap";
        await this.stopLoading();
      }
    }
    // The early read's screenshot never came: shooting again would wait as long.
    if (this.stuckShot) throw this.stuckShot;
    try {
      const readEarly = ended === "loaded" && early !== null && (await this.unchangedSince(early));
      const read = readEarly && early ? early : await this.read(screenshot);
      return {
        status: status || 200,
        finalUrl: this.page.url(),
        html: read.html,
        imageSizes: read.sizes,
        ended,
        refused: this.refused,
        height: read.height,
        screenshot: read.screenshot,
        readEarly,
        steps: { navigation, settle, read: this.readMs, screenshot: this.shotMs },
      };
    } catch (err) {
      throw classifyError(err);
    }
  }

  /** Runs a script in the loaded page (a string, as READ is) and returns what it returns. */
  async evaluate<T>(script: string): Promise<T> {
    try {
      return (await this.page.evaluate(script)) as T;
    } catch (err) {
      throw classifyError(err);
    }
  }

  /** Stops the page's loading (what window.stop() does), so nothing still loading holds the read. */
  private async stopLoading(): Promise<void> {
    this.step = "stopping the page";
    await this.cdp.send("Page.stopLoading").catch(() => {});
    this.inFlight.clear();
  }

  /**
   * A JPEG of the page from the top, as tall as the page was when it was read (`LoadedPage.height`), up
   * to SCREENSHOT_MAX_HEIGHT, drawn at SCREENSHOT_SCALE: reviewers see the content below the fold, and the boxes of extracted
   * elements (document coordinates) land on it. It goes to the tab's own DevTools session rather than
   * through `page.screenshot`, which brings the tab to the front and takes a lock shared by every tab of
   * the browser: with several tabs, their screenshots would wait for one another. Headless tabs paint
   * without being in front.
   */
  async screenshot(height: number, timeoutMs: number = SCREENSHOT_TIMEOUT_MS): Promise<Uint8Array> {
    const clip = { x: 0, y: 0, width: VIEWPORT.width, height: Math.min(Math.max(Math.round(height), VIEWPORT.height), SCREENSHOT_MAX_HEIGHT), scale: SCREENSHOT_SCALE };
    const shot = this.cdp.send("Page.captureScreenshot", { format: "jpeg", quality: SCREENSHOT_QUALITY, clip, captureBeyondViewport: true, optimizeForSpeed: true });
    try {
      const { data } = await withTimeout(shot, timeoutMs, () => (this.stuckShot = new PageFailure(`The screenshot did not come within ${timeoutMs / 1000} s`, true, "timeout")));
      return new Uint8Array(Buffer.from(data, "base64"));
    } catch (err) {
      throw classifyError(err);
    }
  }

  async close(): Promise<void> {
    await this.page.close().catch(() => {});
  }
}
