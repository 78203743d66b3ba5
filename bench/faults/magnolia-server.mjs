// The tests' fake Magnolia author instance (test/fixtures/targets/fake-magnolia.ts: the REST nodes API
// with basic auth, ItemExistsException on a second create of a node) served over loopback HTTP, so
// the product under `wrangler dev` writes into it as into a real author instance. It keeps its own
// record of every request, and can answer a share of the writes with a fault: 429 with Retry-After,
// a 5xx, or a timeout (the write lands, but the answer is held past the writer's timeout).
import http from "node:http";
import { FakeMagnolia } from "../../test/fixtures/targets/fake-magnolia.ts";

export const MAGNOLIA_USER = "superuser";
export const MAGNOLIA_PASSWORD = "bench-password";

/**
 * Starts the fake on a loopback port. `faults.share` of the writes (PUT, POST, DELETE) fail, split
 * evenly between 429, 5xx and timeouts; a timeout holds the answer for `faults.holdMs`.
 */
export async function startFakeMagnolia({ faults = null, random = Math.random } = {}) {
  const fake = new FakeMagnolia("127.0.0.1", MAGNOLIA_USER, MAGNOLIA_PASSWORD);
  /** Every request as received: `{ at, method, path, write, fault, status }`. */
  const requests = [];
  /** Source URL → successful creates of an `mgnl:page` node carrying it (a second one is a double). */
  const creates = new Map();
  /** Creates refused because the node existed (a retry that did not know its first attempt landed). */
  let refusedCreates = 0;
  const held = new Set();

  const server = http.createServer(async (req, res) => {
    // A request counts when it arrives (its headers), as a platform's rate limiter counts it.
    const at = Date.now();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const write = req.method !== "GET" && req.method !== "HEAD";
    const entry = { at, method: req.method, path: req.url, write, fault: null, status: 0 };
    requests.push(entry);
    if (write && faults && random() < faults.share) entry.fault = ["429", "5xx", "timeout"][Math.floor(random() * 3)];
    const send = (status, headers, payload) => {
      entry.status = status;
      if (res.destroyed) return;
      res.writeHead(status, headers);
      res.end(payload);
    };
    if (entry.fault === "429") return send(429, { "Retry-After": "1", "Content-Type": "text/plain" }, "Too Many Requests");
    if (entry.fault === "5xx") return send([500, 502, 503][Math.floor(random() * 3)], { "Content-Type": "text/plain" }, "Server Error");

    const headers = {};
    for (const name of ["authorization", "content-type", "accept"]) if (typeof req.headers[name] === "string") headers[name] = req.headers[name];
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: write && body.length ? body : undefined });
    const response = await fake.handle(request);
    if (req.method === "PUT" && /\/\.rest\/nodes\/v1\/website/.test(req.url)) {
      const node = JSON.parse(body.toString("utf8"));
      const source = node.properties?.find((p) => p.name === "sourceUrl")?.values?.[0];
      if (response.status === 200 && node.type === "mgnl:page" && source) creates.set(source, (creates.get(source) ?? 0) + 1);
      if (response.status === 400) refusedCreates++;
    }
    const payload = Buffer.from(await response.arrayBuffer());
    if (entry.fault === "timeout") {
      // The write has landed; its answer never comes in time.
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, faults.holdMs);
        held.add(timer);
        res.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    send(response.status, Object.fromEntries(response.headers), payload);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;

  /** Source URL → the `mgnl:page` nodes in the website workspace that carry it. */
  function pagesBySource() {
    const out = new Map();
    const walk = (node, path) => {
      for (const child of node.nodes) {
        const childPath = `${path}/${child.name}`;
        if (child.type === "mgnl:page") {
          const source = fake.prop(child, "sourceUrl");
          if (source) out.set(source, [...(out.get(source) ?? []), childPath]);
        }
        walk(child, childPath);
      }
    };
    walk(fake.workspaces.get("website"), "");
    return out;
  }

  return {
    origin,
    fake,
    requests,
    creates,
    refusedCreates: () => refusedCreates,
    pagesBySource,
    close: () =>
      new Promise((resolve) => {
        for (const timer of held) clearTimeout(timer);
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/**
 * Requests per second the fake received: the peak over any sliding 1 s window (a window starts at each
 * request) and the mean over the span from the first to the last request.
 */
export function requestRate(times) {
  const sorted = [...times].sort((a, b) => a - b);
  if (!sorted.length) return { peak: 0, mean: 0, count: 0 };
  let peak = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start++) {
    while (end < sorted.length && sorted[end] < sorted[start] + 1000) end++;
    peak = Math.max(peak, end - start);
  }
  const span = (sorted[sorted.length - 1] - sorted[0]) / 1000;
  return { peak, mean: span > 0 ? sorted.length / span : sorted.length, count: sorted.length };
}
