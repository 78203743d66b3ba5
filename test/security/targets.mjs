// What the SSRF cases aim at: canaries that count every connection they receive (one per case, on
// every local address), and a small website on the namespace's public address whose pages redirect
// to, and load subresources from, private addresses.
import http from "node:http";

/** A server on every local address and a fresh port that counts the TCP connections it gets. */
function canary(label) {
  return new Promise((resolve, reject) => {
    const c = { label, port: 0, connections: 0, requests: [] };
    const server = http.createServer((req, res) => {
      c.requests.push(`${req.method} ${req.headers.host}${req.url}`);
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>canary</title><p>reached</p>");
    });
    server.on("connection", () => c.connections++);
    // A TLS handshake or garbage still counts as a connection above; it needs no answer.
    server.on("clientError", (_err, socket) => socket.destroy());
    server.once("error", reject);
    server.listen({ port: 0, host: "::", ipv6Only: false }, () => {
      c.port = server.address().port;
      c.close = () => new Promise((r) => server.close(() => r()));
      c.server = server;
      resolve(c);
    });
  });
}

/** The canaries of one probe. */
export class Canaries {
  constructor() {
    this.all = [];
  }

  /** A new canary for one case. */
  async open(label) {
    const c = await canary(label);
    this.all.push(c);
    return c;
  }

  /** The canaries that were reached. */
  reached() {
    return this.all.filter((c) => c.connections > 0);
  }

  async closeAll() {
    for (const c of this.all) c.server.closeAllConnections?.();
    await Promise.all(this.all.map((c) => c.close()));
  }
}

const esc = (s) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A two-page site on `host` whose pages load subresources from `subresources` (URLs of canaries on
 * private addresses), with `/redirect?to=URL` answering 302 to any URL. Counts its own hits.
 */
export function servePublicSite(host, subresources) {
  return new Promise((resolve, reject) => {
    const site = { hits: 0, origin: "" };
    const page = (title) => `<!doctype html><html><head><title>${title}</title>
<link rel="stylesheet" href="${esc(subresources.stylesheet)}"><script src="${esc(subresources.script)}"></script></head>
<body><main>
<section class="hero"><h1>${title}</h1><p class="lead">A page of the probe's public site.</p></section>
<div class="cards"><article class="card"><h2>First</h2><p>One card.</p></article><article class="card"><h2>Second</h2><p>Another card.</p></article></div>
<img src="${esc(subresources.image)}" alt="private image"><iframe src="${esc(subresources.frame)}" title="private frame"></iframe>
<script>fetch(${JSON.stringify(subresources.fetch)}).catch(function () {});</script>
</main></body></html>`;
    const server = http.createServer((req, res) => {
      site.hits++;
      const url = new URL(req.url, site.origin);
      const send = (status, type, body, headers = {}) => {
        res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
        res.end(body);
      };
      if (url.pathname === "/redirect") return send(302, "text/plain", "", { location: url.searchParams.get("to") ?? "/" });
      if (url.pathname === "/sitemap.xml") {
        const locs = ["/", "/about"].map((p) => `<url><loc>${site.origin}${p}</loc></url>`).join("");
        return send(200, "application/xml", `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
      }
      if (url.pathname === "/" || url.pathname === "/about") return send(200, "text/html; charset=utf-8", page(url.pathname === "/" ? "Home" : "About"));
      return send(404, "text/plain", "not found");
    });
    server.once("error", reject);
    server.listen({ port: 0, host }, () => {
      site.port = server.address().port;
      site.host = `${host}:${site.port}`;
      site.origin = `http://${site.host}`;
      site.close = () => {
        server.closeAllConnections?.();
        return new Promise((r) => server.close(() => r()));
      };
      resolve(site);
    });
  });
}
