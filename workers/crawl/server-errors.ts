/**
 * A server's error messages printed into the page by PHP, in the form its html_errors setting writes
 * ("<br />\n<b>Warning</b>:  Use of undefined constant … in <b>/var/www/…/functions.php</b> on line
 * <b>45</b><br />"): old WordPress sites print dozens before the doctype, between the posts and inside
 * the article. They are nobody's content, so they leave the HTML before anything is read from it (the
 * string, not the parsed document: Readability parses the HTML again, and messages before the doctype
 * leave linkedom with elements outside <body>).
 */

/** PHP's labels for what it reports. */
const LABELS = "Warning|Notice|Deprecated|Strict Standards|Fatal error|Catchable fatal error|Recoverable fatal error|Parse error";
/** One message: its label in bold, a colon, the message and file (a few hundred characters at most), the line number in bold. */
const MESSAGE = new RegExp(`(?:<br\\s*/?>\\s*)?<b>(?:${LABELS})</b>:(?:(?!<b>(?:${LABELS})</b>)[\\s\\S]){1,600}? on line <b>\\d+</b>(?:\\s*<br\\s*/?>)?`, "g");

/** The HTML without PHP's error messages. */
export function withoutServerErrors(html: string): string {
  return html.includes("</b>:") ? html.replace(MESSAGE, "") : html;
}
