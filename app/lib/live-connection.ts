import { ApiRequestError } from "./api-client";
import { MESSAGES } from "./messages";

/**
 * How the dashboard follows a working run: `live` while its stream is open, `reconnecting` after the
 * stream dropped, `reconnected` for a few seconds once a new stream resumed after the last event seen.
 */
export type LiveConnection = "live" | "reconnecting" | "reconnected";

/** Delays before each reconnect try; after the last one the dashboard gives up (spec §8's toast). */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 8_000] as const;
/** How long "Reconnected" stays before the status fades. */
export const RECONNECTED_VISIBLE_MS = 4_000;

/** The visible status of each connection state; nothing while live. */
export const LIVE_CONNECTION_TEXT: Record<LiveConnection, string | null> = {
  live: null,
  reconnecting: MESSAGES.liveReconnecting,
  reconnected: MESSAGES.liveReconnected,
};

export interface LiveFollow {
  /** Opens the run's stream, resuming after the last event seen (Last-Event-ID); throws when refused. */
  open: (signal: AbortSignal) => Promise<Response>;
  /** Reads a stream to its end, handing on its events. */
  read: (response: Response) => Promise<void>;
  /** True once the run's final event (complete, error, cancelled) was seen. */
  finished: () => boolean;
  /** The id of the last event seen: a stream that moved it delivered new events. */
  lastId: () => number | null;
  onConnection: (connection: LiveConnection) => void;
  /** The tries are used up, or the server refused for good: `reason` is for the spec's toast. */
  onGiveUp: (reason: string) => void;
  signal: AbortSignal;
  /** A stream already open (the start call's). */
  opened?: Response;
  delaysMs?: readonly number[];
}

/**
 * Follows a run's stream until its final event. When the stream ends or fails while the run is still
 * working (and the user did not abort), it reconnects after a growing delay; a stream that delivered
 * new events earns a fresh set of tries. A 4xx answer (other than 408 and 429) is final at once.
 */
export async function followLive(f: LiveFollow): Promise<void> {
  const delays = f.delaysMs ?? RECONNECT_DELAYS_MS;
  let response = f.opened ?? null;
  let failures = 0;
  for (;;) {
    let reason: string = MESSAGES.liveStreamClosed;
    let final = false;
    const seen = f.lastId();
    try {
      response ??= await f.open(f.signal);
      if (failures > 0) f.onConnection("reconnected");
      await f.read(response);
    } catch (err) {
      reason = err instanceof ApiRequestError ? err.error : err instanceof Error ? err.message : String(err);
      final = err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
    }
    response = null;
    if (f.signal.aborted || f.finished()) return;
    if (f.lastId() !== seen) failures = 0;
    const delay = final ? undefined : delays[failures++];
    if (delay === undefined) {
      f.onConnection("live");
      f.onGiveUp(reason);
      return;
    }
    f.onConnection("reconnecting");
    if (!(await pause(delay, f.signal))) return;
  }
}

/** Waits `ms`; false when `signal` aborts first. */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}
