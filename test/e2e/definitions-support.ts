import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type APIRequestContext } from "@playwright/test";
import { signUpUser } from "./dashboard-support";

/** A small site with recurring structures, served on loopback for the Worker's browser to render. */
const FIXTURE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loopback Outfitters</title></head>
<body>
<header class="site-header"><a href="/">Loopback Outfitters</a><nav><a href="/tents">Tents</a> <a href="/packs">Packs</a> <a href="/about">About</a></nav></header>
<main>
  <section class="hero"><h1>Gear for every trail</h1><p>Lightweight tents, packs and layers, tested on real mountains.</p><img src="/img/hero.png" alt="Mountain camp"><a class="button" href="/shop">Shop now</a></section>
  <section class="products">
    <article class="card"><img src="/img/1.png" alt="Tent"><h3>Ridge Tent 2</h3><p>A two-person tent that pitches in three minutes and weighs 1.4 kg.</p><a href="/tents/ridge-2">View tent</a></article>
    <article class="card"><img src="/img/2.png" alt="Pack"><h3>Summit Pack 40</h3><p>A forty-litre pack with a ventilated back panel and rain cover.</p><a href="/packs/summit-40">View pack</a></article>
    <article class="card"><img src="/img/3.png" alt="Jacket"><h3>Storm Shell</h3><p>A three-layer waterproof jacket with pit zips and a helmet hood.</p><a href="/layers/storm-shell">View jacket</a></article>
    <article class="card"><img src="/img/4.png" alt="Stove"><h3>Trail Stove</h3><p>Boils a litre in three minutes and packs into its own pot.</p><a href="/cook/trail-stove">View stove</a></article>
  </section>
  <section class="faq"><h2>Questions</h2>
    <details class="faq-item"><summary>How long does shipping take?</summary><p>Orders leave our warehouse within two working days.</p></details>
    <details class="faq-item"><summary>Can I return used gear?</summary><p>Yes, within sixty days, as long as it is clean.</p></details>
    <details class="faq-item"><summary>Do you repair tents?</summary><p>Our workshop repairs poles, zips and fabric for a small fee.</p></details>
  </section>
</main>
<footer><p>© Loopback Outfitters</p></footer>
</body></html>`;

// A 1×1 transparent PNG.
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

export async function serveFixture(): Promise<{ origin: string; host: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/img/")) {
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": PIXEL.length });
      res.end(PIXEL);
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(FIXTURE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fresh account with one organization and a Magnolia project on `domain`, made through the API. */
export async function projectOn(request: APIRequestContext, domain: string) {
  const user = await signUpUser(request, "autopop");
  const auth = { Authorization: `Bearer ${user.token}` };
  const org = await request.post("/api/v1/organization", { headers: auth, data: { name: "Loopback Outfitters Ltd" } });
  expect(org.ok()).toBe(true);
  const organizationId = ((await org.json()) as { organization: { id: string } }).organization.id;
  const headers = { ...auth, "X-Organization-Id": organizationId };
  const site = await request.post("/api/v1/sites", { headers, data: { name: "Loopback Outfitters", domain } });
  expect(site.status()).toBe(201);
  const siteId = ((await site.json()) as { site: { id: string } }).site.id;
  const config = await request.put(`/api/v1/site-config/${siteId}`, {
    headers,
    data: { platform: "magnolia", platformConfig: { authorUrl: "http://127.0.0.1:9/magnoliaAuthor" } },
  });
  expect(config.ok()).toBe(true);
  return user;
}
