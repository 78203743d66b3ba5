/** Why a page could not be captured. */
export type FailureKind = "timeout" | "http" | "network" | "browser" | "refused" | "storage";

/** A page that failed; `retryable` failures are tried again a bounded number of times. */
export class PageFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly kind: FailureKind,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "PageFailure";
  }
}

/** A page that is deliberately not captured (not HTML, unchanged since the last run). */
export class PageSkipped extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PageSkipped";
  }
}

/** Whether an error means the browser or its connection is gone (the next attempt needs a new one). */
export function isBrowserGone(err: unknown): boolean {
  return err instanceof PageFailure && err.kind === "browser";
}

/** Turns an error thrown by the browser into a PageFailure with a readable reason. */
export function classifyError(err: unknown): PageFailure | PageSkipped {
  if (err instanceof PageFailure || err instanceof PageSkipped) return err;
  const message = err instanceof Error ? err.message : String(err);
  const name = err instanceof Error ? err.name : "";
  if (name === "TimeoutError" || /timeout .*exceeded|timed out/i.test(message)) {
    return new PageFailure(`Timed out: ${message.split("\n")[0]}`, true, "timeout");
  }
  const net = /net::(ERR_[A-Z_]+)/.exec(message);
  if (net) {
    // An aborted download is how Chromium reports a navigation that became a file download.
    if (net[1] === "ERR_ABORTED") return new PageSkipped("Not an HTML page (the browser did not display it)");
    return new PageFailure(`Network error: ${net[1]}`, true, "network");
  }
  if (/target closed|session closed|connection closed|browser has disconnected|protocol error|websocket|detached/i.test(message)) {
    return new PageFailure(`The browser stopped: ${message.split("\n")[0]}`, true, "browser");
  }
  return new PageFailure(message.split("\n")[0] || "Unknown error", true, "browser");
}

/** Beyond its load budget, the time one page may take for the screenshot, extraction and storage. */
export const PAGE_WORK_MS = 20_000;

/**
 * Rejects with a retryable timeout when `work` takes longer than `ms`; `work` is left to settle
 * unobserved. `stuck` names what the work was doing when time ran out ("taking the screenshot").
 */
export function withDeadline<T>(work: Promise<T>, ms: number, stuck?: () => string): Promise<T> {
  return withTimeout(work, ms, () => new PageFailure(`Timed out: the page took longer than ${Math.round(ms / 1000)} s${stuck ? `, stuck ${stuck()}` : ""}`, true, "timeout"));
}

/** Rejects with `failure()` when `work` takes longer than `ms`; `work` is left to settle unobserved. */
export function withTimeout<T>(work: Promise<T>, ms: number, failure: () => Error): Promise<T> {
  work.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
