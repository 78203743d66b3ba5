import { escapeAttr, escapeText } from "../lib/escape";
import type { MailMessage } from "./mail";

/** The product's name, as mail signs it. */
export const PRODUCT_NAME = "Migrate";

/**
 * A mail of the product: the same paragraphs as plain text and as simple HTML, signed with the product's
 * name. No images, no tracking pixels, no rewritten links: a link is shown as the address it opens.
 */
export function accountMail(to: string, subject: string, paragraphs: string[], link?: string): MailMessage {
  const textParts = [...paragraphs];
  if (link) textParts.splice(1, 0, link);
  const text = `${textParts.join("\n\n")}\n\n— ${PRODUCT_NAME}`;
  const htmlParts = paragraphs.map((p) => `<p>${escapeText(p)}</p>`);
  if (link) htmlParts.splice(1, 0, `<p><a href="${escapeAttr(link)}">${escapeText(link)}</a></p>`);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${htmlParts.join("")}<p>— ${PRODUCT_NAME}</p></body></html>`;
  return { to, subject, text, html };
}
