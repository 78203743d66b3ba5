import { describe, expect, it } from "vitest";

/**
 * The public pages stay light: the modules a visitor's browser loads for the landing page, docs, help and
 * news never pull in the validation library or the HTML sanitizer (they weigh 94 and 14 KiB gzipped and
 * made the landing page's first paint slow on phones). This follows the static imports of the browser's
 * side from the public routes and the root: type-only imports and `import()` (loaded on demand) are not
 * followed, nor server modules (`*.server.ts`, the Worker's services, database and libraries), which
 * Remix keeps out of the browser's bundle together with the loaders that use them.
 */
const sources = {
  ...import.meta.glob<string>("../../app/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../../workers/contracts/*.ts", { query: "?raw", import: "default", eager: true }),
};

const ENTRIES = ["root.tsx", "routes/_index.tsx", "routes/docs.tsx", "routes/docs._index.tsx", "routes/docs.$section.$topic.tsx", "routes/help.tsx", "routes/news._index.tsx", "routes/news.$slug.tsx", "routes/privacy.tsx"].map((f) => `../../app/${f}`);
const HEAVY = ["zod", "dompurify", "isomorphic-dompurify", "sanitize-html"];

/** Static value imports of a module: `import x from`, `import { a } from`, `export … from`; not `import type`, not `import()`. */
function valueImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/gm)) {
    if (m[2]) continue;
    const clause = m[3].trim();
    // `import { type A, type B } from` brings no value.
    if (/^\{[^}]*\}$/.test(clause) && clause.slice(1, -1).split(",").every((s) => !s.trim() || s.trim().startsWith("type "))) continue;
    out.push(m[4]);
  }
  for (const m of source.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) out.push(m[1]);
  return out;
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = `../../app/${spec.slice(2)}`;
  else if (spec.startsWith(".")) {
    const parts = from.split("/").slice(0, -1);
    for (const seg of spec.split("/")) {
      if (seg === "..") parts.pop();
      else if (seg !== ".") parts.push(seg);
    }
    base = parts.join("/");
  } else return spec; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (candidate in sources) return candidate;
  return null; // outside the globbed sources (the Worker's server side)
}

const serverOnly = (file: string) => /\.server(\.tsx?)?$/.test(file) || /\/workers\/(services|db|lib|api|runs|crawl|mapping|targets|enrich)\//.test(file);

/** Every heavy package reachable from the entries, with the chain of modules that reaches it. */
function heavyChains(): string[] {
  const from = new Map<string, string | null>();
  const queue = ENTRIES.filter((e) => e in sources);
  for (const e of queue) from.set(e, null);
  const found: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const spec of valueImports(sources[file as keyof typeof sources])) {
      const target = resolve(file, spec);
      if (!target) continue;
      if (!target.startsWith("../")) {
        if (HEAVY.some((h) => target === h || target.startsWith(`${h}/`))) {
          const chain = [target];
          for (let at: string | null = file; at; at = from.get(at) ?? null) chain.push(at.replace("../../", ""));
          found.push(chain.join(" <- "));
        }
        continue;
      }
      if (serverOnly(target) || from.has(target)) continue;
      from.set(target, file);
      queue.push(target);
    }
  }
  return found;
}

describe("the public pages' browser modules", () => {
  it("reads the entries", () => {
    expect(ENTRIES.every((e) => e in sources)).toBe(true);
    expect(valueImports(`import type { A } from "./a";\nimport { type B } from "./b";\nimport { c, type D } from "./c";\nexport { e } from "./e";\nimport "./f";\nconst g = await import("./g");`)).toEqual(["./c", "./e", "./f"]);
  });

  it("never load the validation library or an HTML sanitizer", () => {
    expect(heavyChains()).toEqual([]);
  });

  it("would see one that did", () => {
    sources["../../app/routes/privacy.tsx" as keyof typeof sources] += `\nimport { platformConfigSchemas } from "../../workers/contracts/platforms";`;
    try {
      expect(heavyChains()).toContainEqual(expect.stringMatching(/^zod <- workers\/contracts\/platforms\.ts <- app\/routes\/privacy\.tsx/));
    } finally {
      sources["../../app/routes/privacy.tsx" as keyof typeof sources] = sources["../../app/routes/privacy.tsx" as keyof typeof sources].replace(`\nimport { platformConfigSchemas } from "../../workers/contracts/platforms";`, "");
    }
  });
});
