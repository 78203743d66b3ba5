import { describe, expect, it } from "vitest";

/**
 * Every button, input, select and text area of the app comes from the design system (app/components/ui):
 * its look, focus ring, dark mode, labels and error announcements are written once there. This reads
 * every .tsx under app/ outside app/components/ui and lists each raw `<button`, `<select`, `<textarea`
 * and `<input` by file and line. A form's `<input type="hidden">` carries a value, not a control, and may
 * stay raw. (The sources are read through Vite's `?raw` imports: the tests run inside workerd, without
 * the file system.)
 */
const sources = import.meta.glob<string>("../../app/**/*.tsx", { query: "?raw", import: "default", eager: true });

const ROOT = "../../";
const DESIGN_SYSTEM = `${ROOT}app/components/ui/`;
const RAW_CONTROL = /<(button|select|textarea|input)\b/g;
const HIDDEN_TYPE = /\stype=(?:"hidden"|'hidden'|\{\s*["']hidden["']\s*\})/;

/** The JSX opening tag that starts at `start`, up to its closing `>` (a `>` inside braces or quotes, such as an arrow function's, does not end it). */
function openingTag(source: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === ">" && depth === 0) return source.slice(start, i + 1);
  }
  return source.slice(start);
}

/** Each raw control outside the design system, as "app/…/file.tsx:line <tag", file by file, in the order of their lines. */
function rawControls(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const key of Object.keys(files).sort()) {
    if (key.startsWith(DESIGN_SYSTEM)) continue;
    const source = files[key];
    for (const m of source.matchAll(RAW_CONTROL)) {
      if (m[1] === "input" && HIDDEN_TYPE.test(openingTag(source, m.index))) continue;
      const line = source.slice(0, m.index).split("\n").length;
      found.push(`${key.slice(ROOT.length)}:${line} <${m[1]}`);
    }
  }
  return found;
}

describe("design-system controls", () => {
  it("reads the app's components, routes and the design system", () => {
    const keys = Object.keys(sources);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys).toContain(`${ROOT}app/routes/start.tsx`);
    expect(keys).toContain(`${DESIGN_SYSTEM}button.tsx`);
  });

  it("has no raw button, input, select or text area outside app/components/ui", () => {
    expect(rawControls(sources)).toEqual([]);
  });

  it("names the file and line of each raw control, and lets hidden inputs and the design system through", () => {
    const screen = [
      "<form>",
      '  <input type="hidden" name="intent" value={intent} />',
      "  <input",
      '    type="text"',
      "    onChange={(e) => setValue(e.target.value)}",
      "  />",
      '  <input onChange={() => undefined} type="hidden" name="id" />',
      "  <input",
      "    type='hidden'",
      "  />",
      '  <button type="button">Go</button>',
      "  <Button>Fine</Button>",
      '  <select name="role"></select>',
      "  <textarea rows={3} />",
      '  <input type={"hidden"} name="token" />',
      '  <input type="checkbox" aria-label="hidden" />',
      "</form>",
    ].join("\n");
    const files = { [`${ROOT}app/components/example.tsx`]: screen, [`${DESIGN_SYSTEM}example.tsx`]: '<button type="button" />' };
    expect(rawControls(files)).toEqual([
      "app/components/example.tsx:3 <input",
      "app/components/example.tsx:11 <button",
      "app/components/example.tsx:13 <select",
      "app/components/example.tsx:14 <textarea",
      "app/components/example.tsx:16 <input",
    ]);
  });
});
