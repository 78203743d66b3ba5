/**
 * Site names on pages nobody on the team wrote (test/fixtures/real, train split), against the names
 * a person read off each page (field-labels.json), and the clean-up rules one by one.
 */
import { describe, expect, it } from "vitest";
import type { PageMetadata } from "../../workers/contracts/extraction";
import { extractPage } from "../../workers/crawl/extract";
import { siteKey } from "../../workers/crawl/metadata/collect";
import { brandText, cleanSiteName, hostMatch, hostWords, writtenHostName } from "../../workers/crawl/metadata/site-name";
import { isDomainName, isWebAddress } from "../../workers/crawl/metadata/collect";
import { hostLabel, titleParts } from "../../workers/crawl/metadata/title";
import fieldLabels from "../fixtures/real/field-labels.json";
import manifest from "../fixtures/real/manifest.json";
import gay from "../fixtures/real/pages/gay.ch-papst.html?raw";
import mpimet from "../fixtures/real/pages/mpimet.de.klimasystem.html?raw";
import dalloz from "../fixtures/real/pages/dalloz-actualite.fr.raoult.html?raw";
import leichtathletik from "../fixtures/real/pages/leichtathletik-ostalbkreis.de.1952007.html?raw";
import lsvd from "../fixtures/real/pages/lsvd.de-afghanistan.html?raw";
import farang from "../fixtures/real/pages/der-farang.com-Grab-Bote.html?raw";
import zahlenzauberin from "../fixtures/real/pages/zahlenzauberin.wordpress.com.ferien.html?raw";
import ekhn from "../fixtures/real/pages/ekhn.de-Pflegefinanzierung.html?raw";
import hackernoon from "../fixtures/real/pages/hackernoon.com.scrape.html?raw";

const HTML: Record<string, string> = {
  "gay.ch-papst": gay,
  "mpimet.de.klimasystem": mpimet,
  "dalloz-actualite.fr.raoult": dalloz,
  "leichtathletik-ostalbkreis.de.1952007": leichtathletik,
  "lsvd.de-afghanistan": lsvd,
  "der-farang.com-Grab-Bote": farang,
  "zahlenzauberin.wordpress.com.ferien": zahlenzauberin,
  "ekhn.de-Pflegefinanzierung": ekhn,
  "hackernoon.com.scrape": hackernoon,
};

const pages = new Map((manifest as { pages: { id: string; url: string; split: string }[] }).pages.map((p) => [p.id, p]));
const labels = (fieldLabels as { pages: Record<string, { siteName: string }> }).pages;

function siteNames(id: string): PageMetadata["siteName"] {
  return extractPage(HTML[id], pages.get(id)!.url).metadata!.siteName;
}

/** [page, the source that names the site as the person read it, why] */
const CASES: [string, RegExp, string][] = [
  ["gay.ch-papst", /^meta og:site_name$/, "og:site_name with a tagline ('GAY.CH · Alles bleibt anders!') keeps the part that spells the host"],
  ["dalloz-actualite.fr.raoult", /^the header logo's alt text$/, "the logo's alt text ('Dalloz Actualité >'), with the title part that spells the host, accents aside"],
  ["leichtathletik-ostalbkreis.de.1952007", /^feed title \(link rel=alternate\)$/, "the feed's title; the logo's alt text and the title part that spells each word of leichtathletik-ostalbkreis agree"],
  ["lsvd.de-afghanistan", /^the header logo's alt text$/, "'Lesben- und Schwulenverband in Deutschland (LSVD)': the bracketed part spells the host"],
  ["der-farang.com-Grab-Bote", /^the header logo's alt text$/, "'DER FARANG Magazin für Urlauber und Residenten in Thailand': the words that spell the host"],
  ["zahlenzauberin.wordpress.com.ferien", /^meta og:site_name$/, "a blog on a platform's subdomain: the subdomain is the site, and its h1 names it"],
  ["ekhn.de-Pflegefinanzierung", /^title part matching the host name$/, "'… : EKHN ǀ Evangelische Kirche …': a middle part, after a dental-click separator"],
  ["hackernoon.com.scrape", /^host name, as the page writes it$/, "nothing names the site but its host, which the page writes 'Hacker Noon'"],
];

describe("site names on real pages", () => {
  it.each(CASES)("%s: %s", (id, source) => {
    expect(pages.get(id)!.split).toBe("train");
    const truth = labels[id].siteName;
    const [best] = siteNames(id);
    expect(best.value).toBe(truth);
    expect(best.provenance).toMatch(source);
  });

  it("writes the host's name as the page's text does, with its capitals and spaces, and not as words of a sentence", () => {
    expect(writtenHostName(["Follow hackernoon on Twitter", "© 2020 Hackernoon", "About Hacker Noon"], "hackernoon")).toBe("Hacker Noon");
    expect(writtenHostName(["Die Redaktion von Günter Pilger"], "guenter-pilger")).toBe("Günter Pilger");
    // "w polityce" ("in politics") in a Polish sentence is no name; the host's own spelling alone gives nothing.
    expect(writtenHostName(["Co się dzieje w polityce?"], "wpolityce")).toBeNull();
    expect(writtenHostName(["Mehr auf regiolanda.de", "regiolanda"], "regiolanda")).toBeNull();
  });

  it("agreeing sources are listed with the value", () => {
    const [best] = siteNames("leichtathletik-ostalbkreis.de.1952007");
    expect(best.agreeing).toEqual(["the header logo's alt text", "title part matching the host name"]);
    const [dallozBest] = siteNames("dalloz-actualite.fr.raoult");
    expect(dallozBest.agreeing).toContain("title part matching the host name");
  });

  it("an unfilled template placeholder in og:site_name is no site name", () => {
    // mpimet.mpg.de states og:site_name "{$plugin.tx_news.opengraph.site_name}".
    expect(mpimet).toContain("{$plugin.tx_news.opengraph.site_name}");
    const values = siteNames("mpimet.de.klimasystem").map((v) => v.value);
    expect(values.some((v) => v.includes("{$"))).toBe(false);
  });

  it("a script's button image in the header is not the logo (ekhn.de's 'Auszeit nehmen' pause button)", () => {
    expect(siteNames("ekhn.de-Pflegefinanzierung").map((v) => v.value)).not.toContain("Auszeit nehmen");
  });
});

describe("site-name rules", () => {
  it("compares names with the host without case, accents, spacing or a domain ending", () => {
    expect(siteKey("LaRepública.pe")).toBe("larepublica");
    expect(hostMatch("Dalloz Actualité", "dalloz-actualite")).toBe(2);
    expect(hostMatch("Schweizer Jäger Online", "schweizerjaeger")).toBe(1);
    expect(hostMatch("Backen.de", "backen")).toBe(2);
    expect(hostMatch("Science Video Project", "idw-online")).toBe(0);
  });

  it("takes a blog platform's subdomain as the site, and a www subdomain as nothing", () => {
    expect(hostLabel("https://zahlenzauberin.wordpress.com/2012/08/22/x/")).toBe("zahlenzauberin");
    expect(hostLabel("http://rueda.wikidot.com/enchufla")).toBe("rueda");
    expect(hostLabel("https://www.wordpress.com/x")).toBe("wordpress");
    expect(hostLabel("https://www.bbc.co.uk/news")).toBe("bbc");
  });

  it("cleans stated names: taglines, the page's own title, legal forms and placeholders", () => {
    expect(cleanSiteName("GAY.CH · Alles bleibt anders!", "gay", [])).toBe("GAY.CH");
    expect(cleanSiteName("WSVN 7News | Miami News, Weather, Sports | Fort Lauderdale", "wsvn", [])).toBe("WSVN 7News");
    expect(cleanSiteName("BUND - BUND für Naturschutz und Umwelt in Deutschland", "bund", [])).toBe("BUND");
    const title = "Land zahlte rund 1,4 Millionen Euro Erlegungsprämie | MLUK";
    expect(cleanSiteName(title, "brandenburg", [title, "Land zahlte rund 1,4 Millionen Euro Erlegungsprämie"])).toBe("MLUK");
    expect(cleanSiteName("Ein langer Titel der Seite selbst", "example", ["Ein langer Titel der Seite selbst"])).toBeNull();
    // An association's "e. V." is part of the name it states ("PETA Deutschland e.V.", "BWE e.V."); a company's form is not.
    expect(cleanSiteName("PETA Deutschland e.V.", "peta", [])).toBe("PETA Deutschland e.V.");
    expect(cleanSiteName("Greenleaf Garden Centre Ltd", "greenleaf", [])).toBe("Greenleaf Garden Centre");
    expect(cleanSiteName("{$plugin.tx_news.opengraph.site_name}", "mpg", [])).toBeNull();
    expect(cleanSiteName("{{ site.name }}", "example", [])).toBeNull();
    expect(cleanSiteName("Start", "neos", [])).toBeNull();
    // A short title that is the site's own name stays (a home page, a blog named in its h1).
    expect(cleanSiteName("Zahlenzauberin", "zahlenzauberin", ["Zahlenzauberin"])).toBe("Zahlenzauberin");
  });

  it("keeps the owner a site states before its name, and drops what a logo puts there", () => {
    // og:site_name and JSON-LD WebSite.name: one or two capitalised words before the name that spells the host.
    expect(cleanSiteName("Dussmann - Das Kulturkaufhaus", "kulturkaufhaus", [], true)).toBe("Dussmann - Das Kulturkaufhaus");
    expect(cleanSiteName("Martina Berg - Lady 50plus", "lady50plus", [], true)).toBe("Martina Berg - Lady 50plus");
    expect(cleanSiteName("Fischerhütte | hejfish.com", "hejfish", [], true)).toBe("Fischerhütte | hejfish.com");
    // A tagline after the name still goes; so does a link's word, the page's own title, or a longer text before it.
    expect(cleanSiteName("Martina Berg - Lady 50plus - Fashion. Lifestyle.", "lady50plus", [], true)).toBe("Martina Berg - Lady 50plus");
    expect(cleanSiteName("Startseite - Das Kulturkaufhaus", "kulturkaufhaus", [], true)).toBe("Das Kulturkaufhaus");
    expect(cleanSiteName("Kreatives Basteln - Das Kulturkaufhaus", "kulturkaufhaus", ["Kreatives Basteln"], true)).toBe("Das Kulturkaufhaus");
    expect(cleanSiteName("News zu VR, AR und KI | MIXED.de", "mixed", [], true)).toBe("MIXED.de");
    expect(cleanSiteName("digital for good | RESET.ORG", "reset", [], true)).toBe("RESET.ORG");
    // The name twice, as words and as the address.
    expect(cleanSiteName("NationNews Barbados -- nationnews.com", "nationnews", [], true)).toBe("nationnews.com");
    // A logo's alt text names a section or an abbreviation there.
    expect(cleanSiteName("Nachrichten - FOCUS Online", "focus", [])).toBe("FOCUS Online");
  });

  it("reads a logo's alt text as a name, without the words around it", () => {
    expect(brandText("Logo Deutsches Weininstitut")).toBe("Deutsches Weininstitut");
    expect(brandText("Bundesministerium für Wirtschaft und Klimaschutz (Link zur Homepage)")).toBe("Bundesministerium für Wirtschaft und Klimaschutz");
    expect(brandText("Grafik: idw-Logo")).toBe("idw");
    expect(brandText("Acme logo")).toBe("Acme");
    expect(brandText("Dalloz Actualité >")).toBe("Dalloz Actualité");
    expect(brandText("Anwalt Niemeyer (Logo)")).toBe("Anwalt Niemeyer");
    // The home page named before or after the name (erneuerbareenergien.de, zamg.ac.at, mdr.de); a name that starts with "Home" stays.
    expect(brandText("Startseite ERNEUERBARE ENERGIEN")).toBe("ERNEUERBARE ENERGIEN");
    expect(brandText("Zur Startseite MDR Thüringen")).toBe("MDR Thüringen");
    expect(brandText("ZAMG Homepage")).toBe("ZAMG");
    expect(brandText("Accueil - Le Monde")).toBe("Le Monde");
    expect(brandText("Home Depot")).toBe("Home Depot");
    for (const junk of ["Home", "Startseite", "Logo", "English", "Headerimage", "navbar.site.backen.de", "Print Friendly, PDF & Email", "header-bg.png", ""]) {
      expect(brandText(junk), junk).toBeNull();
    }
  });

  it("keeps the words of a brand that spell the host when a tagline of three words or more follows", () => {
    expect(hostWords("DER FARANG Magazin für Urlauber und Residenten in Thailand", "der-farang")).toBe("DER FARANG");
    expect(hostWords("Trails! Der online Bike-Guide", "trails")).toBe("Trails!");
    expect(hostWords("Lesben- und Schwulenverband in Deutschland (LSVD)", "lsvd")).toBe("LSVD");
    expect(hostWords("Python Wiki", "python")).toBe("Python Wiki");
    // The separator before the tagline goes with it.
    expect(hostWords("Luxury Haven | Award-winning Singapore Lifestyle Blog", "luxuryhaven")).toBe("Luxury Haven");
    expect(hostWords("TALENT Schweiz", "talent")).toBe("TALENT Schweiz");
    expect(hostWords("Evangelische Kirche in Österreich", "evang")).toBe("Evangelische Kirche in Österreich");
  });

  it("splits titles at the separators real sites use", () => {
    expect(titleParts("A : EKHN ǀ Evangelische Kirche")).toEqual(["A", "EKHN", "Evangelische Kirche"]);
    expect(titleParts("Lockdown-Gottesdienste › evang.at")).toEqual(["Lockdown-Gottesdienste", "evang.at"]);
  });

  it("tells a site's address from a domain name a site gives itself", () => {
    const addresses = ["www.bmas.de", "https://www.mesopinions.com/", "tdg.ch/", "http://example.org/news"];
    const names = ["Gala.fr", "FAZ.NET", "Goodnight.at", "BMAS", "www bmas de"];
    expect(addresses.filter((a) => !isWebAddress(a))).toEqual([]);
    expect(names.filter(isWebAddress)).toEqual([]);
    expect(["Gala.fr", "FAZ.NET", "www.bmas.de"].every(isDomainName)).toBe(true);
  });
});
