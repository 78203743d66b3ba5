// The generated fixture site (test/fixtures/site) served with a settable delay on its pages and a
// count of the page requests in flight, so a fault can be timed to hit while pages load.
import http from "node:http";
import { pagePaths } from "../../test/fixtures/site/pages.mjs";
import { fixtureHandler } from "../../test/fixtures/site/site.mjs";

export async function serveSlowSite({ pages }) {
  const paths = new Set(pagePaths(pages));
  const state = { delayMs: 0, inFlight: new Set() };
  let handler = null;
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const page = paths.has(path);
    try {
      if (page) state.inFlight.add(path);
      if (page && state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      await handler(req, res);
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    } finally {
      if (page) state.inFlight.delete(path);
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
    paths: [...paths],
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
