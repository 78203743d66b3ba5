// The baseline of bench/sse: the least a Durable Object can do to fan messages out to SSE clients.
// Each client is a ReadableStream fed with enqueue; every message is encoded once and stamped with
// the object's clock, as the product's run events are. No auth, no storage, no replay, no coalescing.
import { DurableObject } from "cloudflare:workers";

const encoder = new TextEncoder();
const HEADERS = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-store" };

export class Broadcaster extends DurableObject {
  clients = new Set();
  nextId = 1;

  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === "/follow") {
      let controller;
      const body = new ReadableStream({
        start: (c) => {
          controller = c;
        },
        cancel: () => this.clients.delete(controller),
      });
      this.clients.add(controller);
      return new Response(body, { headers: HEADERS });
    }
    if (pathname === "/clients") return Response.json({ clients: this.clients.size });
    if (pathname === "/broadcast") {
      // `count` messages of `bytes` each: the product's events this request stands for, same size.
      const { bytes = 0, count = 1 } = await request.json();
      const head = `{"type":"progress","pad":"`;
      const pad = "x".repeat(Math.max(0, bytes - head.length - 40));
      for (let i = 0; i < count; i++) {
        const chunk = encoder.encode(`id: ${this.nextId++}\ndata: ${head}${pad}","at":${Date.now()}}\n\n`);
        for (const c of this.clients) c.enqueue(chunk);
      }
      return Response.json({ id: this.nextId - 1 });
    }
    if (pathname === "/end") {
      const id = this.nextId++;
      const chunk = encoder.encode(`id: ${id}\ndata: {"type":"complete","at":${Date.now()}}\n\n`);
      for (const c of this.clients) {
        c.enqueue(chunk);
        c.close();
      }
      this.clients.clear();
      return Response.json({ id });
    }
    return new Response("Not found", { status: 404 });
  }
}

export default {
  fetch(request, env) {
    return env.BROADCASTER.get(env.BROADCASTER.idFromName("bench")).fetch(request);
  },
};
