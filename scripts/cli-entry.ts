/**
 * The command line of the mapping evaluation, run by scripts/cli.mjs (which bundles this file with
 * the product code it imports, unchanged):
 *
 *   npm run cli -- extract <file.html|url> [--url <page url>] [--definitions defs.json]
 *   npm run cli -- map <file.html|url> --definitions defs.json [--url <page url>] [--memory memory.json]
 *                  [--prefer-rag] [--rag-only] [--min-confidence 0.85]
 *
 * `defs.json` holds { components, templates } (or just the components map). A URL is fetched as is
 * (no JavaScript runs); a file is read from disk and resolved against --url (default
 * http://localhost/<file name>). No language model is used unless one is configured through
 * MAPPING_LLM_BASE_URL, MAPPING_LLM_MODEL and MAPPING_LLM_API_KEY (an OpenAI-compatible endpoint).
 */
import fs from "node:fs";
import path from "node:path";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { componentDefinitionSchema, templateDefinitionSchema } from "../workers/contracts/definitions";
import { DEFAULT_MIN_CONFIDENCE } from "../workers/contracts/mapping";
import { extractPage } from "../workers/crawl/extract";
import { createLlmLayer } from "../workers/mapping/llm";
import { DEFAULT_MAPPING_PROMPT } from "../workers/mapping/llm-prompt";
import { mapPage } from "../workers/mapping/mapper";
import type { MappingDefinitions, MemoryEntry } from "../workers/mapping/types";

const USAGE = `Usage:
  npm run cli -- extract <file.html|url> [--url <page url>] [--definitions defs.json]
  npm run cli -- map <file.html|url> --definitions defs.json [--url <page url>] [--memory memory.json] [--prefer-rag] [--rag-only] [--min-confidence 0.85]`;

interface Args {
  command: string;
  input: string;
  flags: Map<string, string | true>;
}

function parseArgs(argv: string[]): Args {
  const [command = "", input = "", ...rest] = argv;
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith("--")) throw new Error(`Unexpected argument: ${a}`);
    const next = rest[i + 1];
    if (next !== undefined && !next.startsWith("--")) {
      flags.set(a.slice(2), next);
      i++;
    } else flags.set(a.slice(2), true);
  }
  return { command, input, flags };
}

function flag(args: Args, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === "string" ? v : undefined;
}

async function loadPage(input: string, urlFlag: string | undefined): Promise<{ html: string; url: string }> {
  if (/^https?:\/\//i.test(input)) {
    const res = await fetch(input, { redirect: "follow", headers: { "User-Agent": "cms-migrate-cli" } });
    if (!res.ok) throw new Error(`GET ${input} answered ${res.status}`);
    return { html: await res.text(), url: urlFlag ?? res.url ?? input };
  }
  const file = path.resolve(input);
  if (!fs.existsSync(file)) throw new Error(`No such file: ${input}`);
  return { html: fs.readFileSync(file, "utf8"), url: urlFlag ?? `http://localhost/${path.basename(file)}` };
}

function loadDefinitions(file: string): MappingDefinitions {
  const raw = JSON.parse(fs.readFileSync(path.resolve(file), "utf8")) as Record<string, unknown>;
  const hasSections = typeof raw.components === "object" || typeof raw.templates === "object";
  const components = (hasSections ? raw.components : raw) as Record<string, unknown> | undefined;
  const templates = (hasSections ? raw.templates : {}) as Record<string, unknown> | undefined;
  return {
    components: Object.fromEntries(Object.entries(components ?? {}).map(([k, v]) => [k, componentDefinitionSchema.parse(v)])),
    templates: Object.fromEntries(Object.entries(templates ?? {}).map(([k, v]) => [k, templateDefinitionSchema.parse(v)])),
  };
}

function configuredLlm() {
  const baseURL = process.env.MAPPING_LLM_BASE_URL;
  const model = process.env.MAPPING_LLM_MODEL;
  if (!baseURL || !model) return null;
  const provider = createOpenAICompatible({ name: "mapping", baseURL, apiKey: process.env.MAPPING_LLM_API_KEY, supportsStructuredOutputs: true });
  return createLlmLayer({
    model: provider.chatModel(model),
    prompt: DEFAULT_MAPPING_PROMPT,
    onRejected: (reasons) => console.error(`language model answer partly rejected: ${reasons.join("; ")}`),
    onError: (error) => console.error(`language model failed, heuristics stand: ${error instanceof Error ? error.message : String(error)}`),
  });
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args.input || !["extract", "map"].includes(args.command)) {
    console.error(USAGE);
    return 2;
  }
  const { html, url } = await loadPage(args.input, flag(args, "url"));
  if (args.command === "extract") {
    const defsFile = flag(args, "definitions");
    const defs = defsFile ? loadDefinitions(defsFile) : { components: {}, templates: {} };
    console.log(JSON.stringify(extractPage(html, url, defs.components), null, 2));
    return 0;
  }
  const defsFile = flag(args, "definitions");
  if (!defsFile) {
    console.error("map needs --definitions defs.json\n" + USAGE);
    return 2;
  }
  const definitions = loadDefinitions(defsFile);
  const memoryFile = flag(args, "memory");
  const memory = memoryFile ? (JSON.parse(fs.readFileSync(path.resolve(memoryFile), "utf8")) as MemoryEntry[]) : [];
  const minConfidence = Number(flag(args, "min-confidence") ?? DEFAULT_MIN_CONFIDENCE);
  const extraction = extractPage(html, url, definitions.components);
  const mapping = await mapPage({
    page: extraction,
    definitions,
    memory,
    llm: configuredLlm(),
    options: { preferRagRuns: args.flags.has("prefer-rag"), ragOnly: args.flags.has("rag-only"), minConfidence },
  });
  const autoApplied = mapping.lowestConfidence !== null && mapping.lowestConfidence >= minConfidence;
  const proposals = mapping.proposals.map(({ features: _features, signatureParts: _parts, ...p }) => ({ ...p, confidence: Math.round(p.confidence * 1000) / 1000 }));
  console.log(JSON.stringify({ url: mapping.url, template: mapping.template, minConfidence, autoApplied, lowestConfidence: mapping.lowestConfidence, layers: mapping.layers, proposals }, null, 2));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
