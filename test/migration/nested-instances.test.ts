import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;

describe("component instances of nested matches", () => {
  it("a selector matching <main> and the <article> inside it yields one instance, the tighter one", () => {
    const html = page(`<main><article class="post"><h1>Headline</h1><p>${"Body text. ".repeat(20)}</p></article></main>`);
    const { components } = extractPage(html, "https://a.example/x", { content: { selector: "main, article" } });
    expect(components).toHaveLength(1);
    expect(components[0].path).toMatch(/article/);
  });

  it("keeps the outer match when the inner one holds only part of its content", () => {
    const html = page(`<main><p>${"Intro text. ".repeat(30)}</p><article><p>A short aside.</p></article></main>`);
    const { components } = extractPage(html, "https://a.example/x", { content: { selector: "main, article" } });
    expect(components).toHaveLength(1);
    expect(components[0].path).toMatch(/main$/);
    expect(components[0].text).toContain("A short aside.");
  });

  it("still yields every sibling and every other definition's instance", () => {
    const html = page(`<section class="cards"><div class="card"><h3>One</h3></div><div class="card"><h3>Two</h3></div></section>`);
    const { components } = extractPage(html, "https://a.example/x", { grid: { selector: ".cards" }, card: { selector: ".card" } });
    expect(components.map((c) => c.definition)).toEqual(["grid", "card", "card"]);
  });

  it("reads where the browser drew an instance and its fields", () => {
    const html = page(`<div class="hero" data-box="0,80,1280,400"><h2 data-box="40,120,600,48">Welcome</h2></div>`);
    const [hero] = extractPage(html, "https://a.example/x", { hero: { selector: ".hero" } }).components;
    expect(hero.box).toEqual({ x: 0, y: 80, width: 1280, height: 400 });
    expect(hero.fields[0].box).toEqual({ x: 40, y: 120, width: 600, height: 48 });
    expect(hero.html).not.toContain("data-box");
  });
});
