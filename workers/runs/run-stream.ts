import type { RunEvent } from "../contracts/run-events";
import { progressOf } from "./run-progress";
import { isActiveStatus, RUN_LIMITS } from "./run-state";
import type { RunConfig, RunState, RunStore } from "./run-store";
import { encodeEvent, EventHub, SSE_HEADERS, SSE_PING_MS } from "./sse";

/** Replayed events are written in groups, so a long replay is a few large writes, not thousands. */
const REPLAY_GROUP = 200;

interface StreamSource {
  readonly store: RunStore;
  readonly config: RunConfig;
  readonly state: RunState;
}

/**
 * Opens an event stream on a run. With `lastEventId`: a `reconnected` event, then every stored event
 * after that id, then live events. Without: the current state as one `progress` event (or the final
 * event of a finished run), then live events. Catch-up and subscription happen in one synchronous step,
 * so no event falls between them. The stream ends once the run is over.
 */
export function streamResponse(run: StreamSource, hub: EventHub, lastEventId: number | null): Response {
  const { store, config, state } = run;
  const client = hub.connect();
  const { first, last } = store.events.range();
  const migrationId = config.migrationId;
  const recent = store.recentScreenshots(RUN_LIMITS.recentScreenshots);

  if (lastEventId !== null) {
    const reconnected: RunEvent = { type: "reconnected", migrationId, status: state.status, lastEventId, progress: progressOf(run, recent), at: Date.now() };
    client.send(encodeEvent(reconnected, null));
    if (lastEventId + 1 < first) {
      // The events after lastEventId were trimmed: the reconnected event's progress is the catch-up,
      // plus the final event when the run is over.
      const final = store.events.last();
      if (final && !isActiveStatus(state.status)) client.send(encodeEvent(final.event, final.id));
    } else {
      for (let after = lastEventId; ; ) {
        const batch = store.events.after(after, REPLAY_GROUP);
        if (!batch.length) break;
        client.send(batch.map((e) => encodeEvent(e.event, e.id)).join(""));
        after = batch[batch.length - 1].id;
      }
    }
  } else {
    const final = store.events.last();
    if (!isActiveStatus(state.status) && final) {
      client.send(encodeEvent(final.event, final.id));
    } else if (isActiveStatus(state.status)) {
      const current: RunEvent = { type: "progress", migrationId, status: state.status, progress: progressOf(run, recent), at: Date.now() };
      client.send(encodeEvent(current, last));
    }
  }
  if (!isActiveStatus(state.status)) client.close();
  return new Response(client.body, { headers: SSE_HEADERS });
}

/**
 * The followers of one run: the hub that fans events out to their streams, and the ping that keeps
 * idle connections open while any follower is connected (each ping also calls `onPing`).
 */
export class RunFollowers {
  private readonly hub = new EventHub();
  private pingTimer: ReturnType<typeof setInterval> | null = null;

  /** A new follower's stream (see `streamResponse`); a working run's followers are pinged. */
  open(run: StreamSource, lastEventId: number | null, onPing: () => void): Response {
    const response = streamResponse(run, this.hub, lastEventId);
    if (isActiveStatus(run.state.status) && !this.pingTimer) {
      this.pingTimer = setInterval(() => {
        if (!this.hub.size) return this.stopPing();
        this.hub.ping();
        onPing();
      }, SSE_PING_MS);
    }
    return response;
  }

  broadcast(event: RunEvent, id: number | null): void {
    this.hub.broadcast(event, id);
  }

  /** Ends every follower's stream (the run is over) and the ping. */
  closeAll(): void {
    this.hub.closeAll();
    this.stopPing();
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}
