import type { RunEvent, ScreenshotRef } from "../contracts/run-events";
import { RUN_LIMITS } from "./run-state";

/** Headers of a run's event stream. */
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-store",
  "X-Accel-Buffering": "no",
} as const;

/** Clients retry after this long when the connection drops (the `retry:` field). */
export const SSE_RETRY_MS = 3_000;
/** Comment lines keep idle connections open through proxies. */
export const SSE_PING_MS = 15_000;
/**
 * A client with this many messages queued unread is behind: from then on its `progress` events are
 * coalesced into one that carries the latest state, sent as soon as it reads again. A client reading
 * along has a message or two queued; the bound leaves room for a burst of events, and is low because
 * a backlog is also time: under load the messages of a behind client wait in its queue, and the latest
 * state is worth more to it than the history (which Last-Event-ID replays for a client that wants it).
 */
export const SSE_MAX_BACKLOG = 8;

/** One stream message: `id:` when the event is in the replay log, then the JSON event as `data:`. */
export function encodeEvent(event: RunEvent, id: number | null): string {
  return `${id === null ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;
}

type ProgressEvent = Extract<RunEvent, { type: "progress" }>;

/**
 * The latest progress a client has not received yet, with the screenshots of the events it replaces,
 * encoded. Clients that fell behind together share one, so a broadcast merges and encodes it once.
 */
interface HeldProgress {
  event: ProgressEvent;
  bytes: Uint8Array;
}

interface Client {
  writer: WritableStreamDefaultWriter<Uint8Array>;
  /** How many messages the write in flight carries (0: none in flight). */
  writing: number;
  /** Messages that go out together once the write in flight has been read. */
  waiting: Uint8Array[];
  /** No message is taken any more; the stream closes once `waiting` is written. */
  closed: boolean;
  held: HeldProgress | null;
}

const encoder = new TextEncoder();

/**
 * Screenshots of consecutive progress events, oldest first, one per snapshot, the most recent
 * RUN_LIMITS.recentScreenshots: a coalesced event must not lose the screenshots of the events it replaces.
 */
export function mergeScreenshots(earlier: ScreenshotRef[], later: ScreenshotRef[]): ScreenshotRef[] {
  const bySnapshot = new Map<string, ScreenshotRef>();
  for (const shot of [...earlier, ...later]) {
    bySnapshot.delete(shot.snapshotId);
    bySnapshot.set(shot.snapshotId, shot);
  }
  return [...bySnapshot.values()].slice(-RUN_LIMITS.recentScreenshots);
}

/**
 * The clients following one run. Each client is the writable side of a native pipe
 * (IdentityTransformStream) whose readable side is the response body: the runtime moves each write to
 * the connection without calling back into JavaScript. A client has at most one write in flight; the
 * messages that come meanwhile wait and go out together as the next write, so a client that reads
 * slower than the run emits costs one write per read, not one per event. With a thousand followers the
 * writes are most of the cost of a broadcast.
 *
 * A broadcast never waits, so a slow client cannot block the run or the other clients. A client with
 * SSE_MAX_BACKLOG messages unread keeps receiving everything that must not be lost (terminal and
 * log-bearing events, that is every event but `progress`), while its `progress` events are coalesced:
 * it holds only the latest one, which goes out with its next write. A slow client thus catches up with
 * the current state instead of being cut off; only a client that went away is dropped.
 */
export class EventHub {
  private clients = new Set<Client>();

  get size(): number {
    return this.clients.size;
  }

  /** A new client; write its catch-up messages with `send`, then it receives every broadcast. */
  connect(): { body: ReadableStream<Uint8Array>; send: (chunk: string) => void; close: () => void } {
    const { readable, writable } = new IdentityTransformStream();
    const client: Client = { writer: writable.getWriter(), writing: 0, waiting: [], closed: false, held: null };
    // The connection went away (its reader cancelled): forget the client.
    client.writer.closed.catch(() => this.drop(client));
    this.clients.add(client);
    this.enqueue(client, encoder.encode(`retry: ${SSE_RETRY_MS}\n\n`));
    // Catch-up is bounded by the event log, so it is queued whole whatever the backlog.
    return { body: readable, send: (chunk) => this.enqueue(client, encoder.encode(chunk)), close: () => this.end(client) };
  }

  /** Sends an event to every client; `progress` is coalesced for clients that are behind. */
  broadcast(event: RunEvent, id: number | null): void {
    const bytes = encoder.encode(encodeEvent(event, id));
    if (event.type !== "progress") {
      for (const client of [...this.clients]) {
        this.release(client);
        this.enqueue(client, bytes);
      }
      return;
    }
    const latest: HeldProgress = { event, bytes };
    const coalesced = new Map<HeldProgress, HeldProgress>();
    const coalesce = (held: HeldProgress): HeldProgress => {
      let next = coalesced.get(held);
      if (!next) {
        const merged: ProgressEvent = { ...event, progress: { ...event.progress, screenshots: mergeScreenshots(held.event.progress.screenshots, event.progress.screenshots) } };
        next = { event: merged, bytes: encoder.encode(encodeEvent(merged, id)) };
        coalesced.set(held, next);
      }
      return next;
    };
    for (const client of [...this.clients]) {
      if (client.held || behind(client)) {
        client.held = client.held ? coalesce(client.held) : latest;
        if (!behind(client)) this.release(client);
      } else {
        this.enqueue(client, bytes);
      }
    }
  }

  /** Pings clients that are reading; a client that is behind has data waiting already. */
  ping(): void {
    const bytes = encoder.encode(`: ping\n\n`);
    for (const client of [...this.clients]) if (!behind(client)) this.enqueue(client, bytes);
  }

  /** Ends every stream (the run is over). */
  closeAll(): void {
    for (const client of [...this.clients]) this.end(client);
  }

  /** Queues the client's held progress, if any. */
  private release(client: Client): void {
    const held = client.held;
    if (!held) return;
    client.held = null;
    this.enqueue(client, held.bytes);
  }

  /** Queues a message: written at once when the client has no write in flight, else with the next. */
  private enqueue(client: Client, bytes: Uint8Array): void {
    if (client.closed) return;
    client.waiting.push(bytes);
    if (!client.writing) this.flush(client);
  }

  /** Writes what waits (and a progress the client holds) as one write; closes an ended stream after it. */
  private flush(client: Client): void {
    if (client.held) {
      client.waiting.push(client.held.bytes);
      client.held = null;
    }
    const messages = client.waiting;
    if (!messages.length) {
      // Closing fails only when the other side is gone already.
      if (client.closed) client.writer.close().catch(() => {});
      return;
    }
    client.waiting = [];
    client.writing = messages.length;
    client.writer.write(messages.length === 1 ? messages[0] : concat(messages)).then(
      () => {
        client.writing = 0;
        this.flush(client);
      },
      () => this.drop(client),
    );
  }

  /** Forgets a client whose stream is gone. */
  private drop(client: Client): void {
    client.closed = true;
    client.held = null;
    client.waiting = [];
    this.clients.delete(client);
  }

  /** Ends a client's stream after its queued messages. */
  private end(client: Client): void {
    if (client.closed) return;
    this.release(client);
    client.closed = true;
    this.clients.delete(client);
    if (!client.writing) this.flush(client);
  }
}

/** Messages unread: those of the write in flight and those waiting for the next. */
function behind(client: Client): boolean {
  return client.writing + client.waiting.length >= SSE_MAX_BACKLOG;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
