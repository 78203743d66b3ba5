/**
 * What a publisher says to the reader around an article, in a paragraph of its own, with no class or
 * label to give it away: calls to follow, subscribe, download the app or support the paper; paywall
 * and reprint notices, disclaimers and affiliate disclosures; picture agency credits standing alone;
 * and a server's error messages printed into the page. Several languages. Read by the boilerplate
 * filter (boilerplate.ts), which removes such a block where it is short or after the article's last
 * paragraph of prose.
 */

export type NoticeKind = "call to action" | "notice" | "credit" | "page error" | "author bio";

/** A word boundary that knows letters beyond ASCII (`\b` does not: "wir übernehmen" has none before "ü"). */
const B = String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`;
/**
 * One pattern of alternatives, `\b` read as B, matched against lowercased text: each alternative opens
 * at a word boundary, which is tested once per position for all of them, and without the `i` flag the
 * engine compares letters as they are instead of case-folding each one. (Written with `iu` and B before
 * every alternative, these patterns took most of the time of a page's extraction.)
 */
const anyOf = (parts: string[]) => {
  if (!parts.every((p) => p.startsWith(String.raw`\b`))) throw new Error("every alternative of a notice pattern opens at a word boundary");
  return new RegExp(`${B}(?:${parts.map((p) => p.replace(/^\\b/, "").replaceAll(String.raw`\b`, B)).join("|")})`, "u");
};

/** The publisher asks something of the reader: follow, subscribe, download, join, support, share, write in. */
const CALL_TO_ACTION = anyOf(
  [
    // English
    String.raw`\b(follow|like|find|join) us on (twitter|x|facebook|instagram|telegram|whatsapp|youtube|tiktok|linkedin|threads|mastodon|google news)\b`,
    String.raw`\bdownload (our|the [\p{L} ]{1,30}) apps?\b`,
    String.raw`\bapps? for (ios|iphone) and android\b`,
    String.raw`\b(sign(ing)? up|subscribe) (for|to) (our|the) [\p{L} ]{0,30}newsletter\b`,
    String.raw`\bnever miss (a|the latest|an?) (story|stories|news|update|post|article)`,
    String.raw`\b(please|to (view|read|continue reading|access) (the|this) (full|rest of the|whole) (story|article)[,.]? (please )?)subscribe\b`,
    String.raw`\balready a (subscriber|member)\b`,
    String.raw`\bsupport (our|independent|local|quality) (journalism|reporting|newsroom)\b`,
    String.raw`\bbecome a (member|subscriber|supporter|patron)\b`,
    String.raw`\bif you (enjoyed|liked|found value in) (reading )?(this|our) (post|article|story|content)\b`,
    String.raw`\bsubmit your (letter|story|news tip)\b`,
    String.raw`\bsend us (a|your) (letter|tip|story|news)\b`,
    String.raw`\b(pop|enter|put) your email (address )?(into|in) the box\b`,
    String.raw`\b(we'll|we will) (send|email) you (a|our) (daily |weekly )?(roundup|newsletter|digest|briefing)\b`,
    String.raw`\byou can unsubscribe (from (this|our) (service|newsletter) )?at any time\b`,
    // German
    String.raw`\bfolge?n? (sie |du )?uns (auf|bei) `,
    String.raw`\b(möchten sie|willst du|möchtest du) (den|diesen) (artikel|beitrag) teilen\b`,
    String.raw`\bmit diesem button\b`,
    String.raw`\bgefällt (dir|ihnen|euch) (unser|dieser|der)\b`,
    String.raw`\b(hat|haben) (dir|ihnen|euch) (der|dieser) (artikel|beitrag|text) gefallen\b`,
    String.raw`\b(dir|ihnen|euch) (hat|haben) (der|dieser) (artikel|beitrag|text) gefallen\b`,
    String.raw`\bunterstützen sie (uns|unseren journalismus|unsere arbeit)\b`,
    String.raw`\b(jetzt|ab sofort) auch digital\b`,
    String.raw`\bnichts mehr (verpassen|versäumen)\b`,
    String.raw`\b(abonnieren sie|jetzt abonnieren|newsletter abonnieren|zum newsletter anmelden)\b`,
    // A paywall's call: "Mit top+ weiterlesen", "Jetzt mit SZ Plus weiterlesen", "Weiterlesen mit Z+".
    String.raw`\b(jetzt )?mit [\p{L}\d]{1,12}(\+| plus) weiterlesen\b`,
    String.raw`\bweiterlesen mit [\p{L}\d]{1,12}(\+| plus)`,
    String.raw`\bmelden sie sich (jetzt )?(für|zu) (unseren|unserem|den|dem) [\p{L} -]{0,30}newsletter an\b`,
    // Spanish and Portuguese
    String.raw`\b(síguenos|siganos|síganos|sigue-nos|siga-nos)\b`,
    String.raw`\b(suscríbete|suscribete|hazte (miembro|socio|suscriptor)|assine (já|agora))\b`,
    String.raw`\b(únete|unete|súmate) (a|al|en) (nuestro|nuestra)\b`,
    String.raw`\bnuestro canal de (telegram|whatsapp|youtube)\b`,
    String.raw`\bcanal de (telegram|whatsapp|youtube)\b.{0,40}\b(únete|unete|suscríbete|síguenos)\b`,
    String.raw`\bcancela cuando quieras\b`,
    String.raw`\bapoya (el|nuestro) periodismo\b`,
    // French and Italian
    String.raw`\b(suivez-nous|abonnez-vous|téléchargez (notre|l'application)|soutenez (notre|le) journalisme)\b`,
    String.raw`\b(seguici su|iscriviti alla nostra newsletter)\b`,
    // Polish
    String.raw`\bzapraszamy (też |również )?do (subskrypcji|obserwowania)\b`,
    String.raw`\bobserwuj nas\b`,
  ],
);

/**
 * "Follow The Gleaner on Twitter": a call to follow a named publication, told from "fans can follow the
 * race on YouTube" by the capitals, so matched with case (the patterns above ignore it).
 */
const FOLLOW_NAMED = new RegExp(
  String.raw`\b(Follow|Like|Join) \p{Lu}[\p{L}.]*( \p{Lu}[\p{L}.]*){0,3} on (Twitter|X|Facebook|Instagram|Telegram|WhatsApp|YouTube|TikTok|LinkedIn|Threads|Mastodon|Google News)\b`.replaceAll(String.raw`\b`, B),
  "u",
);

/** Rights, reprint and paywall notices, disclaimers and disclosures. */
const NOTICE = anyOf(
  [
    String.raw`\bcopyrighted (property|material)\b`,
    String.raw`\b(written|prior) permission (must|is required|of)\b`,
    String.raw`\bmay not be (reproduced|republished|redistributed|copied)\b`,
    String.raw`\bis not responsible for the (opinions|content|views|statements)\b`,
    String.raw`\bthe views expressed (here|in this)\b`,
    String.raw`\bthis (post|article|page) (contains|may contain) (affiliate|references to products|sponsored)\b`,
    String.raw`\b(alle angaben ohne gewähr|übernehmen wir keine haftung|keine haftung für (die )?inhalte)\b`,
    String.raw`\b(enthält|beinhaltet) (werbe|affiliate|partner)-?links\b`,
    String.raw`\b(gekennzeichneten|markierten) links (sind|handelt es sich um) (sogenannte )?\P{L}?(affiliate|provisions|partner)-?links\b`,
    String.raw`\b(we|i) (may )?(earn|receive) a (small )?(commission|fee) (from|on|if|when)\b`,
    String.raw`\bas an amazon associate\b`,
    // A paywall's meter and a sponsored-content label.
    String.raw`\b(noch )?\d+ (gratis|kostenlose|freie)[- ]?(artikel|beiträge) (in |im |für )?(diesen|diesem|den|im) monat\b`,
    String.raw`\byou have \d+ (free|remaining) (articles?|stories|story) (left|remaining)?\b`,
    String.raw`\b\d+ (of \d+ )?free (articles?|stories) (left|remaining)\b`,
    // A broadcaster's note of when its programme covered the story (tagesschau.de, ndr.de, br.de and their kin).
    String.raw`\büber dieses thema berichtete(n)? (das|der|die)? ?\p{L}+`,
    String.raw`\b(diese seite|dieser beitrag|dieser artikel) (zeigt|enthält|ist) (gesponserten?|bezahlten?) (marketing-?)?(inhalte?|werbung|beitrag)\b`,
    // The rules for readers' comments under the article.
    String.raw`\b(die )?kommentare der (user|leser|nutzer|userinnen|leserinnen)\b[^.]{0,40}\b(geben|spiegeln) nicht\b`,
    String.raw`\bbehält sich (das recht )?vor,? [^.]{0,60}\b(kommentare|lesermeinungen|leserbriefe|beiträge)\b[^.]{0,40}\b(zu kürzen|zu löschen|zu entfernen|nicht zu veröffentlichen)\b`,
    String.raw`\b(die )?kommentare werden (von (der redaktion|moderatoren)|vor der veröffentlichung|[^.]{0,30}moderiert)\b`,
    String.raw`\b(comments|replies) (are|will be) (moderated|reviewed|held for moderation)\b`,
    // The comment form's login notice.
    String.raw`\bum (selbst )?kommentare (verfassen|schreiben|abgeben) zu können,? (müssen|musst) (sie|du) (sich|dich) (bitte )?(einloggen|anmelden|registrieren)\b`,
    String.raw`\byou must be (logged|signed) in to (post|leave|write|add) a (comment|reply)\b`,
    String.raw`\breserves? the right to (delete|remove|edit) (any )?comments\b`,
    String.raw`\bcomments (do not|don't) (necessarily )?(reflect|represent) the (views|opinions?)\b`,
    // The placeholder of an embedded post or video the page holds back until the reader consents.
    String.raw`\bich bin (damit )?einverstanden, dass (ich|mir) (diesen |diese |externe )?(inhalte?|inhalt) angezeigt\b`,
    String.raw`\b(das )?(automatische )?laden (der|von) (inhalten|inhalte) (von|aus) .{1,40}? blockiert\b`,
    String.raw`\bpersonenbezogene(n)? daten an (den betreiber|drittplattformen|dritt(anbieter|e))`,
    String.raw`\bi (agree|consent) (to|that) (external|third[- ]party) content\b`,
    String.raw`\b(your )?(personal )?data (will|may|can) be (transferred|sent|transmitted) to (the )?(third[- ]party|external) (platform|provider|service)s?\b`,
    // The site's banner for old browsers.
    String.raw`\byou('re| are) using an? (outdated|old|older|unsupported) (web )?browser\b`,
    String.raw`\b(please )?(upgrade|update) (to a newer version of )?your (web )?browser\b`,
    String.raw`\bsie (verwenden|nutzen) einen (veralteten |alten )?browser, der\b`,
    String.raw`\b(einen )?(neueren|aktuellen) browser (kostenfrei |kostenlos )?herunter\b`,
    String.raw`\bvotre navigateur (est )?(obsolète|n'est plus (pris en charge|supporté))\b`,
    String.raw`\b(navegador|explorador) (desactualizado|obsoleto)\b`,
    String.raw`\bmateriał chroniony prawem autorskim\b`,
    String.raw`\bwszelkie prawa zastrzeżone\b`,
    String.raw`\b(todos los derechos reservados|prohibida (su|la) reproducción( total o parcial)?)\b`,
    String.raw`\breproduction (interdite|strictement interdite)\b`,
  ],
);

/** A server's error printed into the page: "Warning: Creating default object … on line 12". */
const PAGE_ERROR = /^(warning|notice|deprecated|fatal error|parse error|strict standards): .{0,300}\bon line \d+/iu;

/** Picture agencies and wire services, as they sign a picture. */
const AGENCY = String.raw`getty ?images|shutterstock(\.com)?|istock(photo)?(\.com)?|adobe ?stock|imago( images)?|picture[- ]alliance|dpa|afp|reuters|ap photo|keystone|wenn(\.com)?|pap|efe|télam|telam|depositphotos|unsplash|pixabay|pexels|123rf|fotolia|colourbox`;
/** A credit line alone: "TebNad/Shutterstock.com", "Augusta National/Getty Images", "aja/PAP", "Imagen: Télam". */
const CREDIT = new RegExp(String.raw`^(?:(?:foto|fotos|photo|photos|bild|imagen|image|zdjęcie|fot\.|titelbild)\s*:\s*.{1,40}|(?:[^\s/]+(?: [^\s/]+){0,3} ?/ ?)?(?:${AGENCY})(?: ?/ ?[^\s/]+(?: [^\s/]+){0,3})?)$`, "iu");

/**
 * The writer's biography under the article: a name, then what the writer is ("Evan V. Symon is the Senior
 * Editor for the California Globe.", "Evan Tepest ist Autor*in und Journalist*in."). The name is matched
 * with its capitals; the rest in lower case, the role within the first sentence.
 */
const BIO_NAME = /^\p{Lu}[\p{L}'’-]+\.?(?:\s(?:\p{Lu}\.|\p{Lu}[\p{L}'’-]+|von|van|de|der|di|da|del|la|le)){1,3}(?:\s\(\d{2}\))?,?\s/u;
const BIO_ROLE =
  /^(?:is|ist|est|es|è|jest)\s(?:(?:a|an|the|ein|eine|der|die|un|une|el|la|il|lo|seit)\s)?[^.]{0,80}?(?:editor|reporter|journalist|writer|correspondent|columnist|contributor|author|founder|redakteur|autor|korrespondent|kolumnist|gründer|rédacteur|rédactrice|journaliste|periodista|redactor|redactora|escritor|escritora|giornalista|dziennikarz|dziennikarka)(?:in|\*in)?(?![\p{L}])/u;

/** Longer than this (in letters), a block is not one notice. */
export const LONG_NOTICE = 400;

/** What kind of reader notice `text` (a block's whole text) is, or null when it is none. */
export function readerNotice(text: string): NoticeKind | null {
  const t = text.replace(/\s+/g, " ").trim();
  if (!t) return null;
  if (t.length <= 60 && CREDIT.test(t)) return "credit";
  if (PAGE_ERROR.test(t)) return "page error";
  const name = BIO_NAME.exec(t);
  if (name && BIO_ROLE.test(t.slice(name[0].length).toLowerCase())) return "author bio";
  const lower = t.toLowerCase();
  if (CALL_TO_ACTION.test(lower) || FOLLOW_NAMED.test(t)) return "call to action";
  if (NOTICE.test(lower)) return "notice";
  return null;
}
