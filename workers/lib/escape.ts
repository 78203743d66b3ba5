/** Text made safe to place between HTML tags. */
export function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text made safe to place in a double-quoted HTML attribute. */
export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, "&quot;");
}
