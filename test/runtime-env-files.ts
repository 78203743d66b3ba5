import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Splits the test files into those that reach `cloudflare:test` (directly or through a helper they
 * import) and those that do not. Touching `env` or `SELF` makes workerd load the whole Worker (the
 * Remix build, every route, the run object): 7 to 15 s per test file on a 2-CPU machine, and the D1
 * migrations in test/setup.ts need `env`. Files that never reach it still run inside workerd, but skip
 * both costs. A file put on the wrong side fails loudly (no `env`, no tables), never silently.
 */
export function splitByRuntimeEnv(root: string, testDir = "test"): { runtimeEnv: string[]; plain: string[] } {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".test.ts")) files.push(full);
    }
  };
  walk(path.join(root, testDir));
  const memo = new Map<string, boolean>();
  const reaches = (file: string, seen: Set<string>): boolean => {
    const known = memo.get(file);
    if (known !== undefined) return known;
    if (seen.has(file)) return false;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    let found = false;
    for (const specifier of importSpecifiers(source)) {
      if (specifier === "cloudflare:test") found = true;
      else {
        const target = resolveLocal(root, file, specifier);
        if (target && reaches(target, seen)) found = true;
      }
      if (found) break;
    }
    memo.set(file, found);
    return found;
  };
  const runtimeEnv: string[] = [];
  const plain: string[] = [];
  for (const file of files.sort()) (reaches(file, new Set()) ? runtimeEnv : plain).push(path.relative(root, file));
  return { runtimeEnv, plain };
}

/** The modules a source file imports: static imports and re-exports, side-effect imports and dynamic import() of a literal. */
function importSpecifiers(source: string): string[] {
  const out: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) out.push(match[1]);
  return out;
}

/** A relative or app-alias (`~/`) import, as a file of the project; packages and raw assets are not followed. */
function resolveLocal(root: string, from: string, specifier: string): string | null {
  if (specifier.includes("?")) return null;
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, ...[".ts", ".tsx", ".js", ".mjs"].map((ext) => base + ext), ...[".ts", ".tsx", ".js"].map((ext) => path.join(base, `index${ext}`))];
  for (const candidate of candidates) {
    if (!/\.(ts|tsx|js|mjs)$/.test(candidate)) continue;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // "./x.js" written for "./x.ts"
  if (base.endsWith(".js") && existsSync(base.replace(/\.js$/, ".ts"))) return base.replace(/\.js$/, ".ts");
  return null;
}
