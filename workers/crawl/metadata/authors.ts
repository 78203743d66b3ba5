/**
 * Author values after every source is read: link texts ("View all posts by Jane Doe") and byline
 * words cut to the name, account names and placeholders rejected, the site or its owner company
 * (which `meta name=author` and JSON-LD often name) kept only as a weak last resort where no one else
 * is named, and values that only the markup states, never the page, ranked down: the author of a page
 * is who the page shows as its author.
 */
import { type Candidate, type Collector, isDomainName, looseKey, siteKey, textKey } from "./collect";
import { type Layout, shownTexts } from "./layout";
import { titleParts } from "./title";
import { isWrittenName } from "./visible";

/** Link and byline phrases around a name, in the languages bylines are written in. */
const LEAD = new RegExp(
  "^(?:(?:view|see|show|read)\\s+(?:all\\s+|more\\s+)?(?:posts|articles|stories|entries)\\s+(?:by|from|of)|(?:all\\s+)?(?:posts|articles|stories|entries)\\s+(?:by|from)|more\\s+(?:posts\\s+)?(?:by|from)|" +
    "(?:zeige\\s+)?alle\\s+(?:beiträge|artikel|einträge|posts)\\s+(?:von|vom)|mehr\\s+(?:beiträge\\s+|artikel\\s+)?von|(?:erstellt|geschrieben|verfasst|veröffentlicht|publiziert|gepostet|gespeichert|eingestellt)\\s+(?:von|vom)|" +
    "(?:voir\\s+)?tous\\s+les\\s+articles\\s+(?:de|par)|(?:ver\\s+)?(?:todas\\s+las\\s+)?(?:entradas|publicaciones)\\s+de|tutti\\s+gli\\s+articoli\\s+di|" +
    "(?:written|posted|published|reported|authored|contributed|created)\\s+by|post\\s+author|(?:publicado|escrito)\\s+por|(?:publié|écrit)\\s+par|(?:pubblicato|scritto)\\s+da|by|von|vom|par|por|di|door|av|af)(?:\\s*:\\s*|\\s+)|" +
    "^(?:autor(?:in)?|author|auteur|verfasser(?:in)?|text|texte|redaktion)\\s*:\\s*",
  "iu",
);

/** Values that name nobody: CMS defaults, placeholders, byline words on their own. */
const NOBODY = new RegExp(
  "^(?:admin|administrator|wordpressadmin|wpadmin|siteadmin|webmaster|root|user|super\\s*user|default|guest|gast|anonymous|anonym|unknown|no\\s*author|n/?a|none|null|" +
    "publisher|human|author|autor|auteur|by|von|vom|par|posted|published|publiziert|veröffentlicht|geschrieben|erstellt|written|autoreninformation|author\\s*info(?:rmation)?|" +
    "about\\s+the\\s+author|über\\s+den\\s+autor|redakteur|editor|staff|red\\.?|kontakt|contact|mehr|more|" +
    // An advertisement's label in a post's author slot.
    "anzeige|werbung|advertisement|sponsored(?:\\s+(?:content|post))?|gesponsert(?:e\\s+inhalte)?|sponsoris[ée]|publicidad|pubblicità|" +
    "(?:ein\\s+)?(?:artikel|beitrag|text|bericht)\\s+von|(?:an?\\s+)?(?:article|post|story)\\s+by|(?:un\\s+)?article\\s+(?:de|par))$",
  "iu",
);

const DEGREE = /^(?:ph\.?\s?d\.?|m\.?d\.?|mba|m\.?sc\.?|b\.?sc\.?|m\.?a\.?|b\.?a\.?|ll\.?m\.?|dipl\.?-?\w*\.?|rn|esq\.?)$/i;

/** Company and association forms: a name with one is the site's owner, not a person. */
const LEGAL_FORM = /(?:^|[\s,])(?:gmbh|ag|e\.\s?v\.?|eg|se|kg|ohg|ug|gbr|inc\.?|ltd\.?|llc|plc|s\.a\.|sarl|s\.r\.l\.|srl|b\.v\.|bv|co\.\s?kg|verlag|gmbh\s*&\s*co)(?=$|[\s,.])/iu;
/** A domain name as the value ("example.de"): the site, not a person. */

/** Families whose value the page need not show: structured data and head tags. */
const UNSEEN = new Set(["jsonld", "og", "twitter", "dc", "rel author", "microdata", "rdfa"]);
const isMetaTag = (c: Candidate) => c.family.startsWith("meta ");
/** The family of every author value that only the markup states: see refineAuthors. */
const UNSHOWN_FAMILY = "head, not shown";
/** The family of every author value that is an account name: see refineAuthors. */
const ACCOUNT_FAMILY = "account";

/** The name in an author value: "View all posts by Jane Doe" → "Jane Doe"; null when it names nobody. */
function stripLead(raw: string): string {
  let v = raw;
  for (let i = 0; i < 2; i++) {
    const m = LEAD.exec(v);
    // "Von Trier", "Di Maio": a capitalised lead word alone before a one-word rest is a surname; a
    // byline's "von zahlenzauberin", "vom Krimiblogger" is not.
    if (!m || (/^(Von|Di|Par|Av|Af|Door)\s/.test(m[0]) && v.slice(m[0].length).split(" ").length < 2)) break;
    v = v.slice(m[0].length);
  }
  return v;
}

/**
 * A publication credited after the names in structured data: "Jane Doe And John Roe For The Mail On Sunday".
 */
function stripCredits(v: string): string {
  return v.replace(/^(.+?\p{L}+\s+\p{L}+)\s+[Ff]or\s+(?:[Tt]he\s+)?\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,4}$/u, "$1");
}

/**
 * A role written before the name: "FOCUS-Online-Experte Robin Tschöpe", "Gastautorin Jane Doe",
 * "Rechtsanwalt Sebastian Einbock". Only before a name of two capitalised words or more.
 */
const ROLE_BEFORE = /^(?:[\p{L}]+-)*(?:experte|expertin|gastautor|gastautorin|redakteur|redakteurin|korrespondent|korrespondentin|reporter|reporterin|kolumnist|kolumnistin|rechtsanwalt|rechtsanwältin|fachanwalt|fachanwältin)\s+(?=\p{Lu}[\p{L}'’.-]*\s+\p{Lu})/iu;

/** A desk named after a person's name ("Michael Rädel, Redaktion"): the person's role, not another author. */
const DESK = /^(?:redaktion|redacci[oó]n|r[ée]daction|redazione|redakcja|editorial(?:\s+team)?|newsroom)$/iu;

/** One capitalised word ("London", "Brüssel"): between full names in a list of authors, the writer's place. */
const PLACE_WORD = /^\p{Lu}\p{Ll}{2,}$/u;

/**
 * Two to four words, each capitalised: "Beat Bumbacher", "Markus M. Haefliger". Stricter than
 * isPersonName, which lets particles through: "Autorenseite von" is no name beside a place.
 */
const FULL_NAME = /^\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){1,3}$/u;
/** A person's name as written: two to five capitalised words and particles ("Anna von Berg", "Sadhbh O'Sullivan"). */
const isPersonName = (name: string) => name.split(/\s+/).length >= 2 && isWrittenName(name);

/** A photo credit where a byline stands ("Foto: Jane Doe", "Фото из Инстаграма …"): the photographer, not the author. */
const PHOTO_CREDIT = /^(?:fotos?|photos?|фото|bild(?:er)?|image)\s*(?::|(?:by|von|из|de|credit)(?=\s))/iu;

/**
 * Names in one value: separated by commas and semicolons, or by a spaced slash ("Laura Jordán / Javier
 * Urbina"). A bare slash stays: it joins an agency's codes ("dpa/lno") or a party's name ("Bündnis 90/Die Grünen").
 */
const NAME_SEPARATOR = /\s*[,;]\s*|\s+\/\s+/u;

export function authorName(raw: string): string | null {
  let v = stripLead(stripCredits(raw.replace(/\s+/g, " ").trim())).replace(ROLE_BEFORE, "");
  v = v.replace(/^[\s,;:|·•—–-]+|[\s,;:|·•—–→»›-]+$/g, "");
  // "Williams Perdomo @wperdomod": the account after the name is not part of it.
  v = v.replace(/(?<=\p{L}{2})\s+\(?@[\p{L}\p{N}_.]+\)?$/u, "");
  // "Kristen Falc'honKristen Falc'hon": a name read twice (a visible and a screen-reader copy) is one name.
  if (v.length >= 6 && v.length % 2 === 0 && v.slice(0, v.length / 2) === v.slice(v.length / 2)) v = v.slice(0, v.length / 2);
  if (!v || NOBODY.test(v) || v.startsWith("@") || v.startsWith("#") || PHOTO_CREDIT.test(v)) return null;
  // "Jane Doe, Jane Doe", "Ulrike, von Ulrike": the same name twice is one name.
  // "Michael L. Anderson, PhD": a degree after a comma is not another author.
  let members = v.split(NAME_SEPARATOR).map((p) => stripLead(p).trim()).filter((p) => p && !DEGREE.test(p));
  if (members.some((p) => !DESK.test(p))) members = members.filter((p) => !DESK.test(p));
  // "Markus M. Haefliger, London, Beat Bumbacher": a single capitalised word between two full names is
  // where the first correspondent writes from, not another author (an agency is written in capitals: "AFP").
  members = members.filter((p, i) => !(PLACE_WORD.test(p) && i > 0 && i < members.length - 1 && FULL_NAME.test(members[i - 1]!) && FULL_NAME.test(members[i + 1]!)));
  // "Adam Aaronson PhillyVoice Staff, Adam Aaronson": a name with its role after it is that name again.
  const unique = members.filter(
    (p, i) => members.findIndex((q) => looseKey(q) === looseKey(p)) === i && !NOBODY.test(p) && !members.some((q) => looseKey(q) !== looseKey(p) && textKey(p).startsWith(`${textKey(q)} `)),
  );
  return unique.length ? unique.join(", ") : null;
}

/** Whether a name is an organisation: a legal form or a domain name. */
export function isOrganization(name: string): boolean {
  return LEGAL_FORM.test(name) || isDomainName(name);
}

/** An account name rather than a written name: "jdoe", "robert.stitz", "web_admin". */
export const isAccount = (name: string) => !/\s/.test(name) && (/^[\p{Ll}\p{N}._-]+$/u.test(name) || /[._]/.test(name));

/**
 * A given name alone ("Nils", as a JSON-LD author or a link text often carries it) completed with the
 * surname the page shows after it: only where the page writes the full name at least twice and never
 * with another surname, so a namesake the article mentions once does not become the author.
 */
export function completeGivenName(name: string, text: string): string | null {
  if (!/^\p{Lu}\p{Ll}{1,20}$/u.test(name)) return null;
  const surnames = new Map<string, number>();
  const re = new RegExp(`(?<!\\p{L})(?:${name}|${name.toUpperCase()}) (\\p{Lu}[\\p{L}'’-]*\\p{L})(?!\\p{L})`, "gu");
  for (const m of text.matchAll(re)) {
    const surname = m[1]!;
    const cased = surname === surname.toUpperCase() ? surname[0] + surname.slice(1).toLowerCase() : surname;
    surnames.set(cased, (surnames.get(cased) ?? 0) + 1);
  }
  const [only, more] = [...surnames];
  return only && !more && only[1] >= 2 ? `${name} ${only[0]}` : null;
}

/** How far the site as author falls below a person's byline under the headline. */
const SITE_BELOW_BYLINE = 0.3;
/** How far a source's value falls when it names only the site, and nothing else names anyone. */
const SITE_CREDIT_BELOW = 0.45;
const round = (n: number) => Math.round(n * 1000) / 1000;

const words = (s: string) => s.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * Refines the author candidates: names cut out of link texts, nobody dropped, the site kept only
 * where nothing else is left, and values of the markup alone weighed by whether the page shows them.
 */
export function refineAuthors(col: Collector, layout: Layout | null, siteNames: string[]): void {
  // Compared as site names are (siteKey): "www.elcolombiano.com" names the site as "El Colombiano" does.
  const sites = siteNames.map(siteKey).filter((k) => k.length >= 3);
  // "LN" of "LN - Lübecker Nachrichten": the short name the site states beside its full one.
  for (const name of siteNames) for (const part of titleParts(name)) if (part !== name && /^\p{Lu}{2,6}$/u.test(part)) sites.push(siteKey(part));
  const isSite = (name: string) => {
    const key = siteKey(name);
    return sites.some((s) => key === s || (s.length >= 4 && key.includes(s) && key.length <= s.length + 12));
  };
  let parts: string[] | undefined;
  let text: string | undefined;
  let cased: string | undefined;
  const shown = (name: string) => {
    text ??= ` ${words((parts ??= layout ? shownTexts(layout) : []).join(" "))} `;
    return name.split(/\s*,\s*/).some((n) => text!.includes(` ${words(n)} `));
  };
  // One line per text: a name never runs on into the next element's text ("Nils" + "Autor").
  const casedText = () => (cased ??= (parts ??= layout ? shownTexts(layout) : []).map((part) => part.normalize("NFKC").replace(/\s+/g, " ")).join("\n"));
  // The site named as the author by a byline on the page is the credit the page shows.
  const bylines = new Set(col.list("author").filter((c) => c.family === "byline").map((c) => looseKey(authorName(c.value) ?? "")));
  // A person's byline under the headline: the site credited elsewhere (a teaser's "L'Opinion") ranks below it.
  const personByline = col.list("author").some((c) => c.family === "byline" && /under the h[12]/.test(c.provenance) && !isSite(authorName(c.value) ?? c.value));
  const refined: Candidate[] = [];
  // The site as the author: proposed only where no other author value is left.
  const siteCredits: Candidate[] = [];
  for (const c of col.list("author")) {
    const name = authorName(c.value);
    if (!name) continue;
    // Co-authors that are the site ("Jane Doe, Example News") are the publisher's credit line.
    // "unocero - Alberto Ávila": the site and the writer in one value. Beside the site, a part that is
    // no written name ("Noticias de El Salvador - La Prensa Gráfica | Informate con la verdad") makes
    // the whole the site's title with its tagline: the site's credit.
    const named = name.split(", ").flatMap((n) => {
      const parts = n.split(/\s+[-|–]\s+/);
      if (parts.length < 2 || !parts.some(isSite)) return [n];
      const rest = parts.filter((p) => !isSite(p));
      return rest.every(isWrittenName) ? rest : parts.filter(isSite);
    });
    const people = named.filter((n) => !isSite(n) || bylines.has(looseKey(n)));
    if (!people.length) {
      // The site credited as the author ("author":{"@type":"Organization","name":"Eurosport"}): the
      // page's only credit where no one else is named, and a weak one.
      if (named.length) siteCredits.push({ ...c, value: named.join(", "), strength: round(c.strength - SITE_CREDIT_BELOW), provenance: `${c.provenance} (the site)` });
      continue;
    }
    let value = people.join(", ");
    let strength = c.strength;
    let provenance = c.provenance;
    let family = c.family;
    if (personByline && people.every(isSite)) {
      strength -= SITE_BELOW_BYLINE;
      provenance = `${provenance} (the site, beside a writer's byline)`;
    }
    const full = people.length === 1 ? completeGivenName(value, casedText()) : null;
    if (full) {
      value = full;
      provenance = `${provenance}, completed with the surname the page shows`;
    }
    if (people.some(isOrganization)) {
      // A company in a head tag is the site's owner; in a byline it may be the credited source.
      if (isMetaTag(c) || UNSEEN.has(c.family)) continue;
      strength -= 0.2;
    }
    if (UNSEEN.has(c.family) || isMetaTag(c)) {
      if (!shown(value)) {
        // What only the head states is the CMS's record of the account that posted the page, which
        // its SEO plugin writes into JSON-LD, meta author and twitter:data1 alike: one source, not three.
        family = UNSHOWN_FAMILY;
        // Head tags name the site's owner or the theme's author about as often as the writer: such a
        // name is proposed for review only.
        if (isAccount(value)) continue;
        strength -= isMetaTag(c) || c.family === "dc" ? 0.4 : 0.3;
        provenance = `${provenance} (not shown on the page)`;
      } else if (isMetaTag(c)) strength -= 0.15;
      // "fhaacker": structured data naming the CMS account that posted the page, which the page may also print.
      else if (isAccount(value)) {
        strength -= 0.25;
        provenance = `${provenance} (an account name)`;
      }
    }
    // A login ("fhaacker") that the theme prints, marks up and writes into JSON-LD is one record of the
    // CMS, not sources that agree.
    if (isAccount(value)) family = ACCOUNT_FAMILY;
    refined.push({ ...c, value, strength: round(strength), provenance, family });
  }
  col.replace("author", withCoAuthors(refined.length ? refined : siteCredits));
}

const nameSet = (value: string) => new Set(value.split(/\s*,\s*/).map(looseKey).filter(Boolean));

/**
 * A value that names only some of the authors a byline on the page lists ("Jane Doe" in JSON-LD, "Jane
 * Doe, John Roe" under the h1) is incomplete: it ranks below the byline.
 */
function withCoAuthors(candidates: Candidate[]): Candidate[] {
  const lists = candidates.filter((c) => c.family === "byline" && nameSet(c.value).size > 1 && c.value.split(/\s*,\s*/).every(isPersonName));
  if (!lists.length) return candidates;
  return candidates.map((c) => {
    const names = nameSet(c.value);
    const fuller = lists.find((l) => {
      const all = nameSet(l.value);
      return all.size > names.size && [...names].every((n) => all.has(n));
    });
    if (!fuller || c.strength < fuller.strength) return c;
    return { ...c, strength: Math.round((fuller.strength - 0.05) * 1000) / 1000, provenance: `${c.provenance} (the page's byline names more authors)` };
  });
}
