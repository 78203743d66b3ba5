import { escapeAttr } from "../lib/escape";

/** A double-quoted attribute's value in one tag, as written ("src" does not match "data-src"). */
function attrOf(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i").exec(tag)?.[1];
}

/**
 * Sets the alt attribute of the <img> tags that `matches` picks (it reads a tag's attributes), and leaves
 * every other byte of the HTML as it was, so the HTML before is what a rollback writes back. Returns the
 * HTML and how many tags were changed.
 */
export function setImageAlt(html: string, matches: (attr: (name: string) => string | undefined) => boolean, alt: string): { html: string; count: number } {
  let count = 0;
  const out = html.replace(/<img\b[^>]*>/gi, (tag) => {
    if (!matches((name) => attrOf(tag, name))) return tag;
    count++;
    return /\salt\s*=\s*"[^"]*"/i.test(tag) ? tag.replace(/(\s)alt\s*=\s*"[^"]*"/i, `$1alt="${escapeAttr(alt)}"`) : tag.replace(/^<img\b/i, `<img alt="${escapeAttr(alt)}"`);
  });
  return { html: out, count };
}
