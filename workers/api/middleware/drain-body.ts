import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";

/** The most of an unread request body the API reads to its end before answering; a longer one is cancelled. */
export const MAX_DRAINED_BYTES = 1024 * 1024;

/** Reads a body stream to its end, or up to `max` bytes and then cancels it. */
export async function drain(body: ReadableStream<Uint8Array>, max: number): Promise<void> {
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > max) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away mid-body: nothing left to read.
  } finally {
    reader.releaseLock();
  }
}

/**
 * Every request's body is read before the answer leaves, also where the answer needs none of it (a 401,
 * a 415, a route that takes no body). An HTTP/1.1 server that answers while the client is still sending
 * closes a connection the client is writing to: the client sees a reset instead of the answer, and a
 * proxy in front (`wrangler dev`'s own) answers a bare 500 for it. Reading the rest, up to
 * MAX_DRAINED_BYTES, lets the answer arrive on a connection that stays usable.
 */
export const drainUnreadBody = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const request = c.req.raw;
  if (request.body && !request.bodyUsed) await drain(request.body, MAX_DRAINED_BYTES);
});
