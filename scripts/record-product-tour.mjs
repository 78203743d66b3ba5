#!/usr/bin/env node
// Records the landing page's product video (public/media/product-tour.webm) from the running product:
// it signs in to a local server as the demo owner, captures real screens at 1280×720, and plays them as a
// captioned slideshow on a canvas that Chromium's MediaRecorder encodes to WebM (VP8). No other tool is
// needed. Usage: npm start (or any local server), then node scripts/record-product-tour.mjs [baseUrl]
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, DEMO_ACCOUNTS, ROOT } from "./setup.mjs";

const BASE = process.argv[2] ?? "http://127.0.0.1:8787";
const OUT = path.join(ROOT, "public", "media", "product-tour.webm");
const SIZE = { width: 1280, height: 720 };
const SLIDE_MS = 3500;
const FADE_MS = 500;

/** The screens of the tour, with the caption shown over each. */
const SCENES = [
  { path: "/", caption: "Migrate moves whole websites into your new CMS", signedIn: false },
  { path: "/snapshots", caption: "Every page is crawled in a real browser and kept as a snapshot", signedIn: true },
  { path: "/settings?tab=platform", caption: "Connect Magnolia, AEM, WordPress, Contentful, Storyblok or Sanity", signedIn: true },
  { path: "/settings?tab=sources", caption: "Choose the pages: a sitemap or a curated list of URLs", signedIn: true },
  { path: "/components", caption: "Content is mapped onto your components with confidence scores", signedIn: true },
  { path: "/docs", caption: "Reviewers approve, tweak or override — and every write is audited", signedIn: false },
];

const owner = DEMO_ACCOUNTS.find((a) => a.note.startsWith("OWNER"));

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"] });
try {
  const visitor = await browser.newContext({ viewport: SIZE });
  const member = await browser.newContext({ viewport: SIZE });
  for (const ctx of [visitor, member]) await ctx.addInitScript(() => localStorage.setItem("cookie-consent", "declined"));
  const signInPage = await member.newPage();
  await signInPage.goto(`${BASE}/login`);
  await signInPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await signInPage.getByLabel("E-mail").fill(owner.email);
  await signInPage.getByLabel("Password").fill(owner.password);
  await signInPage.getByRole("button", { name: "Sign in" }).click();
  await signInPage.waitForURL((u) => !u.pathname.startsWith("/login"));

  const shots = [];
  for (const scene of SCENES) {
    const page = await (scene.signedIn ? member : visitor).newPage();
    await page.goto(`${BASE}${scene.path}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(800);
    shots.push({ caption: scene.caption, png: (await page.screenshot({ type: "png" })).toString("base64") });
    await page.close();
    console.log(`captured ${scene.path}`);
  }

  const recorder = await browser.newPage({ viewport: SIZE });
  await recorder.setContent("<html><body style='margin:0;background:#000'><canvas width='1280' height='720'></canvas></body></html>");
  const webm = await recorder.evaluate(
    async ({ shots, slideMs, fadeMs }) => {
      const canvas = document.querySelector("canvas");
      const ctx = canvas.getContext("2d");
      const images = await Promise.all(
        shots.map(
          (s) =>
            new Promise((resolve) => {
              const img = new Image();
              img.onload = () => resolve(img);
              img.src = `data:image/png;base64,${s.png}`;
            }),
        ),
      );
      const draw = (i, alpha) => {
        ctx.globalAlpha = alpha;
        ctx.drawImage(images[i], 0, 0, 1280, 720);
        ctx.fillStyle = "rgba(15,23,42,0.82)";
        ctx.fillRect(0, 620, 1280, 100);
        ctx.fillStyle = "#fff";
        ctx.font = "600 28px system-ui, sans-serif";
        ctx.textAlign = "center";
        ctx.fillText(shots[i].caption, 640, 682);
        ctx.globalAlpha = 1;
      };
      const stream = canvas.captureStream(25);
      const rec = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8", videoBitsPerSecond: 700_000 });
      const chunks = [];
      rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      const stopped = new Promise((r) => (rec.onstop = r));
      rec.start(1000);
      const total = shots.length * slideMs;
      const start = performance.now();
      await new Promise((resolve) => {
        const frame = () => {
          const t = performance.now() - start;
          if (t >= total) return resolve();
          const i = Math.min(shots.length - 1, Math.floor(t / slideMs));
          const into = t - i * slideMs;
          draw(i, 1);
          if (i + 1 < shots.length && into > slideMs - fadeMs) draw(i + 1, (into - (slideMs - fadeMs)) / fadeMs);
          requestAnimationFrame(frame);
        };
        frame();
      });
      rec.stop();
      await stopped;
      const buf = await new Blob(chunks, { type: "video/webm" }).arrayBuffer();
      let s = "";
      const bytes = new Uint8Array(buf);
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { shots, slideMs: SLIDE_MS, fadeMs: FADE_MS },
  );
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, Buffer.from(webm, "base64"));
  console.log(`wrote ${path.relative(ROOT, OUT)} (${Math.round(fs.statSync(OUT).size / 1024)} KiB)`);
} finally {
  await browser.close();
}
