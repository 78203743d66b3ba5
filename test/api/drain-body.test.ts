import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../../workers/api";
import { MAX_DRAINED_BYTES, drain } from "../../workers/api/middleware/drain-body";
import { JSON_BODY_REQUIRED } from "../../workers/api/middleware/json-body";
import { newUser } from "./helpers";

/** A body of `size` bytes in 16 KiB chunks that counts what was read of it, and whether it was cancelled. */
function countedBody(size: number) {
  const seen = { read: 0, cancelled: false };
  const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
  let left = size;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close();
      const part = left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
      left -= part.byteLength;
      seen.read += part.byteLength;
      controller.enqueue(part);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

async function post(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  const request = new Request(`http://localhost/api/v1${path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);
  const res = await api.request(request, undefined, env);
  return { res, json: (await res.json()) as { error?: string } };
}

describe("a body the answer does not need is still read before the answer leaves", () => {
  it("reads a 300 KB body sent to a route that refuses the caller (401)", async () => {
    const { stream, seen } = countedBody(300_000);
    const { res, json } = await post("/admin/end-impersonation", stream, { "Content-Type": "application/json" });
    expect(res.status).toBe(401);
    expect(json.error).toBe("Not authenticated");
    expect(seen.read).toBe(300_000);
    expect(seen.cancelled).toBe(false);
  });

  it("reads the body of a write refused for its content type (415)", async () => {
    const { stream, seen } = countedBody(100_000);
    const { res, json } = await post("/auth/login", stream, { "Content-Type": "text/plain" });
    expect(res.status).toBe(415);
    expect(json.error).toBe(JSON_BODY_REQUIRED);
    expect(seen.read).toBe(100_000);
  });

  it("reads the body of a route that takes none, for a signed-in caller", async () => {
    const user = await newUser("drain");
    const { stream, seen } = countedBody(200_000);
    const { res } = await post("/admin/end-impersonation", stream, { "Content-Type": "application/json", Authorization: `Bearer ${user.token}` });
    expect(res.status).toBe(400);
    expect(seen.read).toBe(200_000);
  });

  it("stops reading past MAX_DRAINED_BYTES and cancels the rest", async () => {
    const { stream, seen } = countedBody(MAX_DRAINED_BYTES * 3);
    await drain(stream, MAX_DRAINED_BYTES);
    expect(seen.cancelled).toBe(true);
    expect(seen.read).toBeGreaterThan(MAX_DRAINED_BYTES);
    expect(seen.read).toBeLessThan(MAX_DRAINED_BYTES * 2);
  });
});
