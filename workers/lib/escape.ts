/** Text made safe to place between HTML tags. */
export function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text made safe to place in a double-quoted HTML attribute. */
export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, "&quot;");
}

/** A URI component with its escapes decoded, or as it is when one of them is malformed ("%E0%A4%A"). */
export function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
