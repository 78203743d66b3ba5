/**
 * Site names: what the run and the host know (the title suffix the site's pages share, the host's
 * label, the title part that spells it), the brand the page shows in its header (a logo's alt text,
 * a `.site-title`), and the clean-up of names that carry a tagline, a legal form or a template
 * placeholder ("GAY.CH · Alles bleibt anders!" → "GAY.CH").
 */
import { collapse } from "../html";
import { type Candidate, type Collector, isWebAddress, looseKey, siteKey, spelledKey } from "./collect";
import { hostLabel, titleParts } from "./title";

/** How a name relates to the host's label: 2 the same, 1 one contains the other, 0 unrelated. */
export function hostMatch(name: string, label: string): number {
  const host = siteKey(label);
  if (host.length < 3) return 0;
  let best = 0;
  for (const key of new Set([siteKey(name), spelledKey(name)])) {
    if (!key) continue;
    if (key === host) return 2;
    if (key.includes(host) || (key.length >= 4 && host.includes(key))) best = 1;
  }
  return best;
}

/**
 * Whether a title part's words spell each word of a host of several ("CDU-Fraktion im Erfurter Stadtrat"
 * for cdu-fraktion-erfurt.de, "Feuerwehr Oldenburg" for feuerwehrtaucher-oldenburg.de): every word of
 * the host begins a word of the part, or a word of the part begins it.
 */
function spellsHostWords(part: string, label: string): boolean {
  const host = label.split("-").map(spelledKey).filter((w) => w.length >= 3);
  if (host.length < 2 || host.length < label.split("-").length) return false;
  const words = part.split(/[\s-]+/).map(spelledKey).filter((w) => w.length >= 3);
  return host.every((h) => words.some((w) => w.startsWith(h) || h.startsWith(w)));
}

/** Values a template left unfilled ("{$plugin.tx_news.opengraph.site_name}", "{{ site.name }}"). */
const PLACEHOLDER = /\{\{|\{\$|\{%|<\?|%%|\$\{|^\[.*\]$/;

/**
 * A company's legal form after its name, which a reader does not say ("Greenleaf Garden Centre Ltd" →
 * "Greenleaf Garden Centre"). An association's "e. V." stays: readers and the sites themselves name
 * associations with it ("PETA Deutschland e.V.", "DRK e.V.").
 */
const LEGAL_FORM = /,?\s+(?:g?GmbH(?:\s*&\s*Co\.?\s*KG)?|AG|KG|Inc\.?|LLC|Ltd\.?|S\.?A\.?|SAS|S\.?L\.?|B\.?V\.?|Pty\.? Ltd\.?)$/;

/** Words that a logo's alt text adds around the name. */
const LOGO_WORDS = /^(?:(?:das|the|le|la|el|il)\s+)?logo(?:\s+(?:of|von|de|du|der|des|del))?\s*[:\-–]?\s+|\s+[-–]?\s*logo$|\s*[(\[]logo[)\]]$/i;
const HOME_WORDS = /\s*[(\[]?\s*(?:link\s+)?(?:zur|to(?:\s+the)?|vers\s+la|a\s+la)\s+(?:startseite|homepage|home\s*page|home|accueil|portada|inicio)\s*[)\]]?\s*$|\s*\((?:[^()]*(?:startseite|homepage|home|accueil|portada|inicio)[^()]*)\)\s*$/i;
/** The home page named before or after the name: "Startseite ERNEUERBARE ENERGIEN", "Zur Startseite MDR Thüringen", "ZAMG Homepage". */
const HOME_PAGE_WORD = /^(?:(?:zur|to(?:\s+the)?|back\s+to(?:\s+the)?)\s+)?(?:startseite|homepage|accueil)\s*[:\-–]?\s+(?=\S)|\s+[-–]?\s*(?:startseite|homepage)$/i;
/** Texts that say where a link goes or what an image is, not whose the site is. */
const NOT_A_NAME = /^(?:home|homepage|startseite|start|accueil|inicio|portada|logo|zur startseite|back to home|go to homepage|menu|menü|search|suche|image|bild|header|headerimage|header image|banner|english|deutsch|français|español|italiano|nederlands|news|blog)$/i;
/** What an alt text says an image is ("Grafik: idw-Logo", "Bildwortmarke der …"). */
const IMAGE_WORDS = /^(?:grafik|bild|foto|photo|image|abbildung|bildwortmarke|wortmarke|wort-bildmarke)(?:\s*:\s*|\s+(?:der|des|von|of)\s+)/i;

/** A logo's alt text or a brand element's text as a site name, or null when it names no site. */
export function brandText(raw: string): string | null {
  let t = collapse(raw).replace(HOME_WORDS, "").replace(HOME_PAGE_WORD, "").replace(IMAGE_WORDS, "").replace(LOGO_WORDS, "").replace(LOGO_WORDS, "").trim();
  t = t.replace(/[\s|:–—>»›-]+$/u, "").replace(/[-\s]?logo$/i, "").trim();
  if (t.length < 2 || t.length > 60 || NOT_A_NAME.test(t) || !/\p{L}/u.test(t) || PLACEHOLDER.test(t)) return null;
  // A file name, a translation key ("navbar.site.backen.de"), or a button ("Print Friendly, PDF & Email").
  if (/\.(?:png|jpe?g|svg|gif|webp)$/i.test(t) || /^[a-z\d_-]+(?:\.[a-z\d_-]+){2,}$/.test(t)) return null;
  if (/\b(?:print|pdf|e-?mail|share|teilen|facebook|twitter|instagram|youtube|linkedin|whatsapp|rss)\b/i.test(t)) return null;
  return t;
}

/**
 * The words of a brand text that spell the host, when the text says more: "DER FARANG Magazin für
 * Urlauber" → "DER FARANG" for der-farang.com, "Lesben- und Schwulenverband in Deutschland (LSVD)"
 * → "LSVD" for lsvd.de. The text itself when it spells the host as a whole or no part of it does.
 */
export function hostWords(text: string, label: string | null): string {
  if (!label) return text;
  const host = siteKey(label);
  if (host.length < 3 || siteKey(text) === host || spelledKey(text) === host) return text;
  const bracket = /\(([^()]+)\)\s*$/.exec(text);
  if (bracket && hostMatch(bracket[1], label) === 2) return bracket[1].trim();
  const words = text.split(/\s+/);
  // Only a tagline of three words or more goes: "Python Wiki" and "TALENT Schweiz" are names.
  for (let n = words.length - 3; n >= 1; n--) {
    for (const window of [words.slice(0, n), words.slice(words.length - n)]) {
      const w = window.join(" ").replace(/^[^\p{L}\p{N}]+|[\s,;:|·•–—-]+$/gu, "");
      if (w && hostMatch(w, label) === 2) return w;
    }
  }
  return text;
}

/**
 * The name with the short part written before it, where that part is its owner or its branch rather
 * than a tagline: "Dussmann - Das Kulturkaufhaus", "Martina Berg - Lady 50plus", "Fischerhütte |
 * hejfish.com" (a subdomain's site). Sites write a tagline after their name; one or two capitalised
 * words before it, that are neither a link's words ("Startseite") nor the page's own title, name whose
 * site it is. Only a name the site states (og:site_name, JSON-LD, its feed's title) is read so: a logo's
 * alt text puts a section ("Nachrichten - FOCUS Online") or an abbreviation ("BSI - Bundesamt für …")
 * there. Null where no such part stands first.
 */
function ownerBefore(value: string, parts: readonly string[], at: number, label: string, titles: ReadonlySet<string>): string | null {
  if (at !== 1) return null;
  const owner = parts[0]!;
  const words = owner.split(/\s+/);
  if (words.length > 2 || !words.every((w) => /^[\p{Lu}\p{N}]/u.test(w)) || NOT_A_NAME.test(owner) || titles.has(looseKey(owner))) return null;
  // "NationNews Barbados -- nationnews.com": the name, then the site's address; not an owner.
  if (hostMatch(owner, label) > 0) return null;
  const end = value.indexOf(parts[1]!, value.indexOf(owner) + owner.length);
  return end < 0 ? null : value.slice(0, end + parts[1]!.length).trim();
}

/**
 * A stated site name cleaned: a placeholder is no name (null); a name with a tagline keeps the part
 * that spells the host (with its owner before it where the site `stated` the name: see ownerBefore)
 * or, failing that, loses the part that is the page's own title; a trailing company's legal form goes.
 */
export function cleanSiteName(value: string, label: string | null, pageTitles: readonly string[], stated = false): string | null {
  const v = collapse(value);
  if (!v || PLACEHOLDER.test(v) || NOT_A_NAME.test(v)) return null;
  let name = v;
  const parts = titleParts(v);
  if (parts.length > 1) {
    const titles = new Set(pageTitles.map(looseKey).filter((k) => k.length >= 8));
    const scored = label ? parts.map((p, i) => ({ p, i, score: hostMatch(p, label) })).filter((s) => s.score > 0) : [];
    scored.sort((a, b) => b.score - a.score || a.i - b.i);
    if (scored.length) name = (stated && label ? ownerBefore(v, parts, scored[0].i, label, titles) : null) ?? scored[0].p;
    else {
      const rest = parts.filter((p) => !titles.has(looseKey(p)));
      if (rest.length && rest.length < parts.length) name = rest.join(" – ");
    }
  }
  // The whole value is the page's long title or headline, and does not spell the host: no site name.
  // (A blog's h1 is often its name, and a home page's title the site's.)
  const own = pageTitles.some((t) => looseKey(t) === looseKey(name) && t.split(/\s+/).length >= 4);
  if (own && !(label && hostMatch(name, label))) return null;
  name = name.replace(LEGAL_FORM, "").trim();
  return name.length >= 2 ? name : null;
}

/**
 * A header text that starts in lower case ("skispringen", "für Fans"): a section or a slogan, not a
 * name, unless it spells the host.
 */
const startsLower = (s: string) => /^\p{Ll}/u.test(s);

/** Classes and ids of the element that shows the site's name or logo in its header. */
const BRAND = /(?:^|[\s_-])(?:site-?title|site-?name|site-?branding|site-?logo|navbar-brand|brand|logo|masthead-title|header-title|blog-?title|blogname)(?:$|[\s_-])/i;

/**
 * The site's name as its header shows it: the text of a `.site-title` or `.navbar-brand` that links
 * home, or the alt text of the logo image. Only the first such element outside the main content counts.
 */
export function readBrand(elements: readonly Element[], col: Collector, finalUrl: string): void {
  const label = hostLabel(finalUrl);
  let home = "";
  try {
    home = new URL(finalUrl).origin;
  } catch {
    return;
  }
  const isHome = (a: Element | null) => {
    const href = a?.getAttribute("href");
    if (href == null) return false;
    // An empty or "#" link is a script's button ("Auszeit nehmen"), not the way home.
    if (href === "/" || href === "./") return true;
    if (!href.trim() || href.startsWith("#") || /^javascript:/i.test(href)) return false;
    try {
      const u = new URL(href, finalUrl);
      return u.origin === home && /^\/(?:index\.\w+|[a-z]{2}(?:[-_][a-z]{2})?\/?)?$/i.test(u.pathname);
    } catch {
      return false;
    }
  };
  const inContent = (el: Element) => !!el.closest("main, article, [role=main], footer, [role=contentinfo]");
  /** The name a brand text gives, unless it is junk or a lower-case slogan that does not spell the host. */
  const nameIn = (raw: string): { name: string; strength: number } | null => {
    const text = brandText(raw);
    const name = text && hostWords(text, label);
    if (!name) return null;
    const spells = label ? hostMatch(name, label) > 0 : false;
    return !spells && startsLower(name) ? null : { name, strength: spells ? 0.65 : 0.5 };
  };
  let logo: { name: string; strength: number; el: Element } | null = null;
  let titled: { name: string; strength: number; el: Element } | null = null;
  // One pass over the body's elements, which the layout already listed (linkedom's selectors are slow).
  for (const el of elements) {
    if (logo && titled) break;
    const tag = el.tagName.toLowerCase();
    const marks = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
    if (!logo && (tag === "img" || tag === "svg")) {
      // The logo image that links home, or an image whose class, id or file says it is the logo.
      const alt = tag === "img" ? el.getAttribute("alt") : el.getAttribute("aria-label");
      if (alt == null || inContent(el)) continue;
      if (!isHome(el.closest("a")) && !BRAND.test(marks) && !/logo/i.test(el.getAttribute("src") ?? "")) continue;
      const found = nameIn(alt);
      if (found) logo = { ...found, el };
    } else if (!titled && marks.trim() && BRAND.test(marks) && !inContent(el)) {
      // A brand element with text that links home: WordPress's `.site-title`, Bootstrap's `.navbar-brand`.
      if (el.querySelector("p, div, ul, nav, h2, h3") || !isHome(el.closest("a") ?? el.querySelector("a"))) continue;
      const found = nameIn(el.textContent ?? "");
      if (found) titled = { ...found, el };
    }
  }
  // The logo first: where both state the same name, it is the provenance shown.
  if (logo) col.add("siteName", logo.name, "the header logo's alt text", logo.strength, "brand", logo.el);
  if (titled) col.add("siteName", titled.name, "the site name in the header", titled.strength, "brand", titled.el);
}

/** The provenance of the site name read off the host's label ("lbv" for www.lbv.de), the last resort. */
export const HOST_NAME = "host name";

/** A web address as a site name ranks below a name from the title or header (0.6 and up), above the host's label (0.4). */
const ADDRESS_STRENGTH = 0.55;

/**
 * Site names only the run, the title and the host know: the shared title suffix, the title part
 * that spells the host (accents and umlauts aside), the title part beside the page's headline, and
 * the host's label. Every stated name is cleaned first (`cleanSiteName`).
 */
export function readSiteNames(
  col: Collector,
  finalUrl: string,
  siteTitleSuffixes: readonly string[],
  title: string,
  headline: string | null,
  shownText: () => readonly string[],
): void {
  const label = hostLabel(finalUrl);
  const parts = titleParts(title);
  const pageTitles = headline ? [title, headline] : [title];
  const cleaned: Candidate[] = [];
  for (const c of col.list("siteName")) {
    const value = cleanSiteName(c.value, label, pageTitles, c.family !== "brand");
    if (!value) continue;
    // "www.bmas.de", "https://www.mesopinions.com/": the site's address, where the page's name for it
    // ("BMAS", "MesOpinions.com") stands in its title or header. It stays a candidate, behind those.
    if (isWebAddress(value)) cleaned.push({ ...c, value, strength: Math.min(c.strength, ADDRESS_STRENGTH), provenance: `${c.provenance} (a web address)` });
    else cleaned.push(value === c.value ? c : { ...c, value });
  }
  col.replace("siteName", cleaned);

  const ends = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [];
  for (const suffix of siteTitleSuffixes) {
    const inTitle = ends.some((p) => looseKey(p) === looseKey(suffix));
    col.add("siteName", suffix, "title suffix shared by the site's pages", inTitle ? 0.85 : 0.75, "site titles");
  }
  if (parts.length > 1) {
    // "heise online" in "Artikel | heise online" for www.heise.de: the site's own spelling. The ends
    // first, the last end before the first; a middle part only when no end spells the host.
    const order = [parts.length - 1, 0, ...parts.map((_, i) => i).slice(1, -1)];
    const named = label ? (order.map((i) => parts[i]).find((p) => hostMatch(p, label) > 0) ?? ends.find((p) => spellsHostWords(p, label))) : undefined;
    if (named) {
      const name = cleanSiteName(named, label, []);
      if (name) col.add("siteName", name, "title part matching the host name", 0.6, "host");
    } else if (headline) {
      // "Headline | Some Site": the part that is not the page's headline names the site.
      const h = looseKey(headline);
      const first = looseKey(parts[0]);
      const last = looseKey(parts[parts.length - 1]);
      const other = h && (first === h || (h.length >= 12 && first.startsWith(h))) ? parts[parts.length - 1] : h && last === h ? parts[0] : null;
      // A byline in the title ("By linksc") is no site name.
      const name = other && !/^(?:by|von|par|por|di|door|av)\s/i.test(other) ? cleanSiteName(other, label, pageTitles) : null;
      if (name && name.length <= 60) col.add("siteName", name, "title part beside the headline", 0.5, "host");
    }
  }
  if (label && label.length >= 2) {
    // "hackernoon" is "Hacker Noon" where the page writes it so: the host's name as the site spells it.
    const written = label.length >= 4 && !col.list("siteName").length ? writtenHostName(shownText(), label) : null;
    if (written) col.add("siteName", written, `${HOST_NAME}, as the page writes it`, 0.4, "host");
    else col.add("siteName", label, HOST_NAME, 0.4, "host");
  }
}

/** How many words a written form of the host's name may have ("Hacker Noon", "The Nervous Breakdown"). */
const WRITTEN_HOST_WORDS = 5;

/**
 * The form the page's text writes the host's name in, where it writes it with a capital ("w polityce"
 * in a Polish sentence is words, not wpolityce.pl's name): the form of most words, then the most
 * frequent. Null when the text spells it only as the host does.
 */
export function writtenHostName(texts: readonly string[], label: string): string | null {
  const key = spelledKey(label);
  if (key.length < 4) return null;
  const forms = new Map<string, number>();
  for (const text of texts) {
    if (!spelledKey(text).includes(key)) continue;
    const tokens = text.split(/\s+/).filter(Boolean);
    for (let i = 0; i < tokens.length; i++) {
      let run = "";
      for (let j = i; j < Math.min(tokens.length, i + WRITTEN_HOST_WORDS); j++) {
        run = run ? `${run} ${tokens[j]}` : tokens[j]!;
        const k = spelledKey(run);
        if (k === key) {
          const form = run.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}!?]+$/gu, "");
          if (form && form !== label && /\p{Lu}/u.test(form) && !/[.@/:]/.test(form)) forms.set(form, (forms.get(form) ?? 0) + 1);
        }
        if (k.length >= key.length) break;
      }
    }
  }
  const wordCount = (f: string) => f.split(" ").length;
  return [...forms.entries()].sort((a, b) => wordCount(b[0]) - wordCount(a[0]) || b[1] - a[1])[0]?.[0] ?? null;
}
