// The generated fixture site of bench/sse, whose sitemap answers only once the benchmark opens the gate:
// the followers connect while the run waits for its page list, so they follow the whole run rather than
// joining it late (opening a thousand streams on a busy two-core machine takes a while).
import http from "node:http";
import { fixtureHandler } from "../../test/fixtures/site/site.mjs";

/** The run's sitemap fetch gives up after 30 s (workers/crawl/ssrf.ts): the gate opens by itself before. */
const MAX_HOLD_MS = 20_000;

export async function serveGatedSite({ pages }) {
  let open;
  const gate = new Promise((resolve) => (open = resolve));
  let handler = null;
  const server = http.createServer(async (req, res) => {
    try {
      if (req.url.startsWith("/sitemap.xml")) await Promise.race([gate, new Promise((r) => setTimeout(r, MAX_HOLD_MS))]);
      await handler(req, res);
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  handler = fixtureHandler({ pages, origin, hits: new Map() });
  return {
    origin,
    open: () => open(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
