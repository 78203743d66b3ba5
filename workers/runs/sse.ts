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
  controller: ReadableStreamDefaultController<Uint8Array>;
  closed: boolean;
}

/**
 * The clients following one run. Each client is a ReadableStream fed with `enqueue`, which never waits:
 * a client that goes away cancels its stream, and a client with SSE_MAX_BACKLOG messages unread is
 * dropped (it reconnects with Last-Event-ID), so a slow or vanished client cannot block the run or
 * the other clients.
 */
export class EventHub {
  private clients = new Set<Client>();

  get size(): number {
    return this.clients.size;
  }

  /** A new client; write its catch-up messages with `send`, then it receives every broadcast. */
  connect(): { body: ReadableStream<Uint8Array>; send: (chunk: string) => void; close: () => void } {
    let client!: Client;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          client = { controller, closed: false };
        },
        cancel: () => this.drop(client),
      },
      new CountQueuingStrategy({ highWaterMark: SSE_MAX_BACKLOG }),
    );
    this.clients.add(client);
    this.write(client, `retry: ${SSE_RETRY_MS}\n\n`);
    return { body, send: (chunk) => this.write(client, chunk), close: () => this.end(client) };
  }

  private write(client: Client, chunk: string): void {
    if (client.closed) return;
    const room = client.controller.desiredSize;
    if (room !== null && room <= 0) {
      this.end(client, new Error("The client is too far behind; reconnect with Last-Event-ID"));
      return;
    }
    try {
      client.controller.enqueue(encoder.encode(chunk));
    } catch {
      this.drop(client);
    }
  }

  /** Forgets a client whose stream is gone. */
  private drop(client: Client): void {
    client.closed = true;
    this.clients.delete(client);
  }

  /** Ends a client's stream: after its queued messages, or at once with `error`. */
  private end(client: Client, error?: Error): void {
    if (client.closed) return;
    this.drop(client);
    try {
      if (error) client.controller.error(error);
      else client.controller.close();
    } catch {
      // Already closed by the other side.
    }
  }

  broadcast(chunk: string): void {
    for (const client of [...this.clients]) this.write(client, chunk);
  }

  ping(): void {
    this.broadcast(`: ping\n\n`);
  }

  /** Ends every stream (the run is over). */
  closeAll(): void {
    for (const client of [...this.clients]) this.end(client);
  }
}
