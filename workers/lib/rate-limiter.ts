import { DurableObject } from "cloudflare:workers";

/** The answer of a rate-limit check: refused ones say how long until the next attempt is allowed. */
export interface RateVerdict {
  allowed: boolean;
  /** Milliseconds until one more attempt fits in the window; 0 when allowed. */
  retryAfterMs: number;
}

const LOG_KEY = "log";

/**
 * One rate-limit key (a rule and an account or a client address), as a Durable Object: one instance
 * per key holds a sliding-window log of attempt times. An object handles one call at a time and its
 * storage writes are part of that call, so a check and the record that follows it cannot interleave
 * with another request's: no two requests both take the last slot, on any number of Worker instances.
 *
 * The log keeps at most `limit` times (the newest), so it stays small: with `limit` times inside the
 * window the key is full, and the oldest of them says exactly when a slot frees up.
 * An alarm clears the object's storage once its last time has left the window.
 */
export class RateLimiter extends DurableObject {
  private log: number[] | null = null;

  private async current(windowMs: number, now: number): Promise<number[]> {
    this.log ??= (await this.ctx.storage.get<number[]>(LOG_KEY)) ?? [];
    this.log = this.log.filter((t) => t > now - windowMs);
    return this.log;
  }

  private verdict(log: number[], limit: number, windowMs: number, now: number): RateVerdict {
    if (log.length < limit) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: Math.max(1, log[log.length - limit] + windowMs - now) };
  }

  /** Whether one more attempt fits, without counting one. */
  async check(limit: number, windowMs: number): Promise<RateVerdict> {
    const now = Date.now();
    return this.verdict(await this.current(windowMs, now), limit, windowMs, now);
  }

  /** Counts one attempt (e.g. a failed sign-in), whether or not it still fitted. */
  async record(limit: number, windowMs: number): Promise<void> {
    const now = Date.now();
    const log = await this.current(windowMs, now);
    log.push(now);
    this.log = log.slice(-limit);
    await this.ctx.storage.put(LOG_KEY, this.log);
    await this.ctx.storage.setAlarm(now + windowMs);
  }

  /**
   * Checks and, when the attempt fits, counts it, in one step. A refused attempt is not counted, so
   * a client that keeps trying is let in again as soon as its window has room.
   */
  async hit(limit: number, windowMs: number): Promise<RateVerdict> {
    const v = await this.check(limit, windowMs);
    if (v.allowed) await this.record(limit, windowMs);
    return v;
  }

  /** Forgets every counted attempt (a successful sign-in clears the account's failures). */
  async reset(): Promise<void> {
    this.log = [];
    await this.ctx.storage.deleteAll();
  }

  /** The last attempt has left the window: nothing worth keeping. */
  async alarm(): Promise<void> {
    this.log = null;
    await this.ctx.storage.deleteAll();
  }
}
