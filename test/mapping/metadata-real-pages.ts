/**
 * The real pages (test/fixtures/real, train split) the metadata tests read, and how they read them: each page's
 * metadata as the crawler extracts it, and the value a person read off it.
 */
import type { TruthFields } from "../../bench/quality/corpus";
import type { MetadataValue, PageMetadata } from "../../workers/contracts/extraction";
import { extractPage } from "../../workers/crawl/extract";
import fieldLabels from "../fixtures/real/field-labels.json";
import manifest from "../fixtures/real/manifest.json";
import berkutschi from "../fixtures/real/pages/berkutschi.com-willingen.html?raw";
import netbits from "../fixtures/real/pages/netbits.us.stunnel_rsync.html?raw";
import abc13 from "../fixtures/real/pages/abc13.com-Copperfield.html?raw";
import autohaus from "../fixtures/real/pages/autohaus.de-skode.html?raw";
import bmz from "../fixtures/real/pages/bmz.de-schulze.html?raw";
import lsvd from "../fixtures/real/pages/lsvd.de-afghanistan.html?raw";
import msn from "../fixtures/real/pages/msn.com.university.html?raw";
import cbsnews from "../fixtures/real/pages/cbsnews.com.carolina.html?raw";
import pagesix from "../fixtures/real/pages/pagesix.com.myers.html?raw";
import abenteuer from "../fixtures/real/pages/abenteuer-astronomie.de.plejaden.html?raw";
import anarc from "../fixtures/real/pages/anarc.at.cdpath.html?raw";
import creativecommons from "../fixtures/real/pages/creativecommons.at.faircoin.html?raw";
import cicero from "../fixtures/real/pages/cicero.de.pandemie.html?raw";
import farang from "../fixtures/real/pages/der-farang.com-Grab-Bote.html?raw";
import ekhn from "../fixtures/real/pages/ekhn.de-Pflegefinanzierung.html?raw";
import eldeber from "../fixtures/real/pages/eldeber.com.bo-autos.html?raw";
import finanzmarktwelt from "../fixtures/real/pages/finanzmarktwelt.de-Benko-Firma.html?raw";
import harpers from "../fixtures/real/pages/harpers.org.justice.html?raw";
import jangrosser from "../fixtures/real/pages/jan-grosser.de.xum1541.html?raw";
import pinkstinks from "../fixtures/real/pages/pinkstinks.de-Kulturtechnik.html?raw";
import pythonspeed from "../fixtures/real/pages/pythonspeed.com.docker.html?raw";
import googleblog from "../fixtures/real/pages/security.googleblog.com.protection.html?raw";
import silvias from "../fixtures/real/pages/silvias.net.wahlzensur.html?raw";
import sprechwaisen from "../fixtures/real/pages/sprechwaisen.com.sw082.html?raw";
import stackoverflow from "../fixtures/real/pages/stackoverflow.com.rust.html?raw";
import steinhau from "../fixtures/real/pages/steinhau.com.zahlen.html?raw";
import tagesspiegel from "../fixtures/real/pages/tagesspiegel.de.abstandsregeln.html?raw";
import weinlachgummis from "../fixtures/real/pages/weinlachgummis.blogspot.com.rezi.html?raw";
import wolfgangmichal from "../fixtures/real/pages/wolfgangmichal.de.sorgfaltspflicht.html?raw";
import chorknaben from "../fixtures/real/pages/chorknaben-ulm.de.geschichte.html?raw";
import rheinruhr from "../fixtures/real/pages/rheinruhronline.de.essenwestviertel.html?raw";
import rueda from "../fixtures/real/pages/rueda.wikidot.com.enchufla.html?raw";
import klaenge from "../fixtures/real/pages/klaenge-des-verschweigens.de.geschichte.html?raw";
import viconsortium from "../fixtures/real/pages/viconsortium.com-cocaine.html?raw";
import martinruetter from "../fixtures/real/pages/martinruetter.com-Winter.html?raw";
import nationalrail from "../fixtures/real/pages/nationalrail.co.uk.disruptions.html?raw";
import wdr from "../fixtures/real/pages/www1.wdr.de-Correctiv-Recherche.html?raw";
import zoll from "../fixtures/real/pages/zoll.de-Tabaksteuer.html?raw";
import itforkids from "../fixtures/real/pages/it-for-kids.org.variables.html?raw";
import baechli from "../fixtures/real/pages/baechli-bergsport.ch-lawinen.html?raw";
import maenner from "../fixtures/real/pages/maenner.media-church.html?raw";
import football from "../fixtures/real/pages/football.ua.podolski.html?raw";
import simplyscience from "../fixtures/real/pages/simplyscience.ch.erdoel.html?raw";
import pythonblog from "../fixtures/real/pages/blog.python.org.html?raw";
import everardo from "../fixtures/real/pages/everardoherrera.com-momento.html?raw";
import falstaff from "../fixtures/real/pages/falstaff.de-burgenland.html?raw";
import flvw from "../fixtures/real/pages/flvw.de-hallenmeisterschaften.html?raw";
import arteradio from "../fixtures/real/pages/arteradio.com-nuls.html?raw";
import goodnight from "../fixtures/real/pages/goodnight.at.konzert.html?raw";
import aoc from "../fixtures/real/pages/aoc.media.archaisme.html?raw";
import sonnenenergie from "../fixtures/real/pages/sonnenernergie.de.Windrebell.html?raw";
import larepublica from "../fixtures/real/pages/larepublica.pe-minedu.html?raw";
import wbf from "../fixtures/real/pages/wbf.admin.ch.14093.html?raw";
import futurezone from "../fixtures/real/pages/futurezone.at.lyft.html?raw";
import coopbuddy from "../fixtures/real/pages/coopbuddy.de.bee.html?raw";
import eurosport from "../fixtures/real/pages/eurosport.de-corona.html?raw";
import guatemala from "../fixtures/real/pages/guetemala.com-nicole.html?raw";
import aussengedanken from "../fixtures/real/pages/aussengedanken.de.feuerholz.html?raw";
import autopresse from "../fixtures/real/pages/auto-presse.de-minisuv.html?raw";
import regenbogen from "../fixtures/real/pages/regenbogenportal.de-intersex.html?raw";
import energiezukunft from "../fixtures/real/pages/energiezukunft.eu.bioenergie.html?raw";
import legrandcontinent from "../fixtures/real/pages/legrandcontinent.eu.heran.html?raw";
import nestle from "../fixtures/real/pages/nestle-marktplatz.de-produkttest.html?raw";
import silkes from "../fixtures/real/pages/silkes-weinkeller.de-dekantieren.html?raw";
import lady50plus from "../fixtures/real/pages/lady50plus.de.sekre.html?raw";
import polizeiticker from "../fixtures/real/pages/polizeiticker.ch-Unfall.html?raw";
import rnz from "../fixtures/real/pages/rnz.de.witzel.html?raw";
import ekiba from "../fixtures/real/pages/ekiba.de-trauer.html?raw";
import zeit from "../fixtures/real/pages/zeit.de.zugverkehr.html?raw";
import moritzmeyer from "../fixtures/real/pages/moritz-meyer.net.vreni.html?raw";
import modepilot from "../fixtures/real/pages/modepilot.de.duschkopf.html?raw";
import literaturkritik from "../fixtures/real/pages/literaturkritik.de-Ann-Cotten.html?raw";
import noticias from "../fixtures/real/pages/100noticias.com-millones.html?raw";

export const HTML: Record<string, string> = {
  "abc13.com-Copperfield": abc13,
  "autohaus.de-skode": autohaus,
  "bmz.de-schulze": bmz,
  "berkutschi.com-willingen": berkutschi,
  "netbits.us.stunnel_rsync": netbits,
  "lsvd.de-afghanistan": lsvd,
  "msn.com.university": msn,
  "cbsnews.com.carolina": cbsnews,
  "pagesix.com.myers": pagesix,
  "abenteuer-astronomie.de.plejaden": abenteuer,
  "anarc.at.cdpath": anarc,
  "cicero.de.pandemie": cicero,
  "creativecommons.at.faircoin": creativecommons,
  "der-farang.com-Grab-Bote": farang,
  "ekhn.de-Pflegefinanzierung": ekhn,
  "eldeber.com.bo-autos": eldeber,
  "finanzmarktwelt.de-Benko-Firma": finanzmarktwelt,
  "harpers.org.justice": harpers,
  "jan-grosser.de.xum1541": jangrosser,
  "pinkstinks.de-Kulturtechnik": pinkstinks,
  "pythonspeed.com.docker": pythonspeed,
  "security.googleblog.com.protection": googleblog,
  "silvias.net.wahlzensur": silvias,
  "sprechwaisen.com.sw082": sprechwaisen,
  "stackoverflow.com.rust": stackoverflow,
  "steinhau.com.zahlen": steinhau,
  "tagesspiegel.de.abstandsregeln": tagesspiegel,
  "weinlachgummis.blogspot.com.rezi": weinlachgummis,
  "wolfgangmichal.de.sorgfaltspflicht": wolfgangmichal,
  "chorknaben-ulm.de.geschichte": chorknaben,
  "rheinruhronline.de.essenwestviertel": rheinruhr,
  "rueda.wikidot.com.enchufla": rueda,
  "klaenge-des-verschweigens.de.geschichte": klaenge,
  "viconsortium.com-cocaine": viconsortium,
  "martinruetter.com-Winter": martinruetter,
  "nationalrail.co.uk.disruptions": nationalrail,
  "www1.wdr.de-Correctiv-Recherche": wdr,
  "zoll.de-Tabaksteuer": zoll,
  "it-for-kids.org.variables": itforkids,
  "baechli-bergsport.ch-lawinen": baechli,
  "maenner.media-church": maenner,
  "football.ua.podolski": football,
  "simplyscience.ch.erdoel": simplyscience,
  "blog.python.org": pythonblog,
  "everardoherrera.com-momento": everardo,
  "falstaff.de-burgenland": falstaff,
  "flvw.de-hallenmeisterschaften": flvw,
  "arteradio.com-nuls": arteradio,
  "goodnight.at.konzert": goodnight,
  "aoc.media.archaisme": aoc,
  "sonnenernergie.de.Windrebell": sonnenenergie,
  "larepublica.pe-minedu": larepublica,
  "wbf.admin.ch.14093": wbf,
  "futurezone.at.lyft": futurezone,
  "coopbuddy.de.bee": coopbuddy,
  "eurosport.de-corona": eurosport,
  "guetemala.com-nicole": guatemala,
  "aussengedanken.de.feuerholz": aussengedanken,
  "auto-presse.de-minisuv": autopresse,
  "regenbogenportal.de-intersex": regenbogen,
  "energiezukunft.eu.bioenergie": energiezukunft,
  "legrandcontinent.eu.heran": legrandcontinent,
  "nestle-marktplatz.de-produkttest": nestle,
  "silkes-weinkeller.de-dekantieren": silkes,
  "lady50plus.de.sekre": lady50plus,
  "polizeiticker.ch-Unfall": polizeiticker,
  "rnz.de.witzel": rnz,
  "ekiba.de-trauer": ekiba,
  "zeit.de.zugverkehr": zeit,
  "moritz-meyer.net.vreni": moritzmeyer,
  "modepilot.de.duschkopf": modepilot,
  "literaturkritik.de-Ann-Cotten": literaturkritik,
  "100noticias.com-millones": noticias,
};

export type Truth = TruthFields;

/** The fields labelled again by reading each page under written rules (field-labels.json). */
export const checked = (fieldLabels as { pages: Record<string, Truth> }).pages;
export const vp = (values: MetadataValue[] | undefined) => (values ?? []).map((v) => [v.value, v.provenance]);
export const pages = new Map((manifest as { pages: { id: string; url: string; split: string; fields: Truth }[] }).pages.map((p) => [p.id, p]));
const cache = new Map<string, PageMetadata>();

export function metadataOf(id: string): PageMetadata {
  const page = pages.get(id)!;
  if (!cache.has(id)) cache.set(id, extractPage(HTML[id], page.url).metadata!);
  return cache.get(id)!;
}

export const same = (field: keyof Truth, a: string, b: string) => (field === "datePublished" ? a.slice(0, 10) === b.slice(0, 10) : a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim());

/** The value a person read off the page: the corpus's own label, or where it has none (or an empty one), the label read again under the written rules. */
export const truthOf = (id: string, field: keyof Truth): string => (pages.get(id)!.fields[field] || checked[id]![field])!;
