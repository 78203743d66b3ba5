import type { RunEvent } from "../contracts/run-events";

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
/** A client that has this many messages queued unread is too slow: it is dropped and can reconnect. */
export const SSE_MAX_BACKLOG = 256;

/** One stream message: `id:` when the event is in the replay log, then the JSON event as `data:`. */
export function encodeEvent(event: RunEvent, id: number | null): string {
  return `${id === null ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;
}

const encoder = new TextEncoder();

interface Client {
  writer: WritableStreamDefaultWriter<Uint8Array>;
  closed: boolean;
}

/**
 * The clients following one run. Sending never waits for a client: a write that fails (client gone)
 * or a client too far behind drops that client only, so a slow or vanished client cannot block the
 * run or the other clients.
 */
export class EventHub {
  private clients = new Set<Client>();

  get size(): number {
    return this.clients.size;
  }

  /** A new client; write its catch-up messages with `send`, then it receives every broadcast. */
  connect(): { body: ReadableStream<Uint8Array>; send: (chunk: string) => void; close: () => void } {
    const stream = new TransformStream<Uint8Array, Uint8Array>(undefined, new CountQueuingStrategy({ highWaterMark: SSE_MAX_BACKLOG }));
    const client: Client = { writer: stream.writable.getWriter(), closed: false };
    // A client that goes away errors the stream; write() reports it, these promises would only be noise.
    client.writer.closed.catch(() => {});
    client.writer.ready.catch(() => {});
    this.clients.add(client);
    this.write(client, `retry: ${SSE_RETRY_MS}\n\n`);
    return { body: stream.readable, send: (chunk) => this.write(client, chunk), close: () => this.drop(client) };
  }

  private write(client: Client, chunk: string): void {
    if (client.closed) return;
    const backlog = client.writer.desiredSize;
    if (backlog !== null && backlog <= 0) {
      this.drop(client, true);
      return;
    }
    client.writer.write(encoder.encode(chunk)).catch(() => this.drop(client, true));
  }

  /** Closes a client's stream: after its queued messages, or at once (`abort`) when it is gone or too slow. */
  private drop(client: Client, abort = false): void {
    if (client.closed) return;
    client.closed = true;
    this.clients.delete(client);
    (abort ? client.writer.abort() : client.writer.close()).catch(() => {});
    // An errored stream replaces these promises with rejected ones; nobody else waits on them.
    client.writer.ready.catch(() => {});
    client.writer.closed.catch(() => {});
  }

  broadcast(chunk: string): void {
    for (const client of [...this.clients]) this.write(client, chunk);
  }

  ping(): void {
    this.broadcast(`: ping\n\n`);
  }

  /** Ends every stream (the run is over). */
  closeAll(): void {
    for (const client of [...this.clients]) this.drop(client);
  }
}
