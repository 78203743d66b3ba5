import { describe, expect, it } from "vitest";

/**
 * Imports point down the layers, never back up (ARCHITECTURE.md rule 10):
 * api → services → runs → mapping, targets, crawl → db → lib, contracts.
 * This reads the import statements of every file under workers/ (type-only imports included: they
 * tie the layers together just the same) and lists each import that runs back up.
 */

const sources = import.meta.glob<string>("../workers/**/*.ts", { query: "?raw", import: "default", eager: true });

type Layer = "api" | "services" | "runs" | "mapping" | "enrich" | "targets" | "crawl" | "db" | "lib" | "contracts";

/** What each layer must not import. */
const FORBIDDEN: Partial<Record<Layer, readonly Layer[]>> = {
  services: ["api"],
  runs: ["api", "services"],
  mapping: ["api", "services", "runs"],
  enrich: ["api", "services", "runs"],
  targets: ["api", "services", "runs"],
  crawl: ["api", "services", "runs"],
  db: ["api", "services", "runs", "mapping", "enrich", "targets", "crawl"],
  lib: ["api", "services", "runs", "mapping", "enrich", "targets", "crawl", "db"],
  contracts: ["api", "services", "runs", "mapping", "enrich", "targets", "crawl", "db", "lib"],
};

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** "a/b/../c" → "a/c", relative to workers/. */
function resolve(fromFile: string, spec: string): string {
  const parts = fromFile.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  return parts.join("/");
}

function layerOf(path: string): Layer | null {
  const [first, ...rest] = path.split("/");
  if (!rest.length) return null;
  return first in FORBIDDEN || first === "api" ? (first as Layer) : null;
}

function importsOf(source: string): string[] {
  const specs: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec?.startsWith(".")) specs.push(spec);
  }
  return specs;
}

/** Every import of workers/ that runs back up, as "from -> to" (paths relative to workers/, no extension). */
function backEdges(): string[] {
  const edges: string[] = [];
  for (const [key, source] of Object.entries(sources)) {
    const file = key.replace(/^\.\.\/workers\//, "");
    const from = layerOf(file);
    if (!from) continue;
    for (const spec of importsOf(source)) {
      const target = resolve(file, spec).replace(/\.(ts|js)$/, "");
      const to = layerOf(target);
      if (to && FORBIDDEN[from]?.includes(to)) edges.push(`${file} -> ${target}`);
    }
  }
  return edges.sort();
}

describe("import graph", () => {
  it("reads the workers' sources", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(importsOf(`import type { A } from "../a";\nimport {\n  b,\n  type C,\n} from "./b";\nexport * from "../../c";\nconst d = await import("./d");`)).toEqual(["../a", "./b", "../../c", "./d"]);
  });

  it("has no import running back up the layers", () => {
    expect(backEdges()).toEqual([]);
  });

  it("finds an import that runs back up", () => {
    expect(importsOf(`import { mapSnapshot } from "../services/mapping";`).map((spec) => layerOf(resolve("runs/compose.ts", spec)))).toEqual(["services"]);
  });

  it("leaves the composition to the entry points: only workers/index.ts imports workers/compose.ts, and nothing imports index.ts", () => {
    const importers: string[] = [];
    for (const [key, source] of Object.entries(sources)) {
      const file = key.replace(/^\.\.\/workers\//, "");
      for (const spec of importsOf(source)) {
        const target = resolve(file, spec).replace(/\.(ts|js)$/, "");
        if (target === "compose" || target === "index") importers.push(`${file} -> ${target}`);
      }
    }
    expect([...new Set(importers)]).toEqual(["index.ts -> compose"]);
  });
});
