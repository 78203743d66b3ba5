/**
 * Main content on real pages whose failures the quality benchmark found on its train split: each test is
 * one page's failure, asserted on the saved page.
 */
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import bikeMagazin from "../fixtures/real/pages/bike-magazin.de-strava.html?raw";
import gizmeo from "../fixtures/real/pages/gizmeo.eu.insekten.html?raw";
import perspective from "../fixtures/real/pages/ext.theperspective.com.items.html?raw";

describe("main content on real pages", () => {
  it("leaves rows of teaser cards after the article out however long they run, image-titled links and this page's own card included (bike-magazin.de)", () => {
    const page = extractPage(bikeMagazin, "https://www.bike-magazin.de/mtb_news/szene_news/strava-update-poi-bei-routen");
    expect(page.mainText).toContain("Mitte Januar 2022 hat Strava ein Update für sein Routen-Tool ausgerollt");
    expect(page.mainText).toContain("Die wichtigsten Neuerungen des Strava Karten-Updates");
    // "Empfehlungen aus der Redaktion": ten cards, more text than the news item itself.
    expect(page.mainText).not.toContain("Outdoor-App Komoot mit neuem Premium-Jahresabo");
    // The site's latest stories, this one among them.
    expect(page.mainText).not.toContain("Regenerations-Booster Massagepistole");
    expect(page.mainSource?.reason).toContain("teaser cards");
  });

  it("adds no prose after the article from an area its markup calls related stories (gizmeo.eu) or hides (the later pages of a gallery: theperspective.com)", () => {
    const related = extractPage(gizmeo, "https://gizmeo.eu/makrophotos-von-insekten/");
    expect(related.mainText).toContain("Stop posting your hackfressen");
    expect(related.mainText).not.toContain("das allererste Firefox-Phone der Welt");
    const gallery = extractPage(perspective, "https://ext.theperspective.com/items-we-never-knew-we-wanted/1/");
    expect(gallery.mainText).toContain("The dawn of the internet brought about a lot of changes");
    expect(gallery.mainText).not.toContain("It adds a fun futuristic flair to any kitchen");
  });
});
