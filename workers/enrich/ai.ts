/**
 * The language model layer of Enrich, over the same `ai` SDK model the site's mapping uses: meta
 * title and description written from the page's content, alt text from each image's context, a
 * summary and tags chosen from the site's own taxonomy. The answer is checked: over-long values are
 * cut, tags outside the taxonomy and images the page does not have are dropped.
 */
import { generateText, Output, type LanguageModel } from "ai";
import { z } from "zod";
import type { Finding } from "../contracts/enrich";
import type { PageExtraction } from "../contracts/extraction";
import { LIMITS } from "./findings";
import { cutText, type ProposalDraft } from "./proposals";

export const DEFAULT_ENRICH_PROMPT = [
  "You improve the SEO and accessibility metadata of one migrated web page.",
  `Write in the page's language. A meta title has at most ${LIMITS.titleChars} characters and names the page's subject first;`,
  `a meta description has at most ${LIMITS.descriptionChars} characters and says what the reader finds on the page.`,
  "Alt text says what an image shows in its context, in at most 125 characters; never start with 'image of'.",
  "A summary is two or three sentences. Tags are chosen only from the site's taxonomy given to you.",
  "Answer null for anything you cannot say from the page.",
].join(" ");

export const enrichAnswerSchema = z.object({
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  alts: z.array(z.object({ src: z.string(), alt: z.string() })),
  summary: z.string().nullable(),
  tags: z.array(z.string()),
});
export type EnrichAnswer = z.infer<typeof enrichAnswerSchema>;

/** The page as the model reads it: the start of its main text, its headings and the images to describe. */
export function buildEnrichRequest(x: PageExtraction, findings: Finding[], taxonomy: string[]): Record<string, unknown> {
  const images = findings.filter((f) => f.kind === "image-alt-missing" && f.target).map((f) => ({ src: f.target, caption: x.audit?.images.find((i) => i.src === f.target)?.caption ?? null }));
  return {
    url: x.url,
    language: x.language,
    title: x.title,
    description: x.metaDescription,
    headings: (x.audit?.headings ?? x.headings).slice(0, 20).map((h) => `h${h.level} ${h.text}`),
    text: x.mainText.slice(0, 4000),
    images,
    taxonomy,
  };
}

/** Turns a checked answer into proposals, dropping what does not belong to the page. */
export function answerProposals(x: PageExtraction, findings: Finding[], answer: EnrichAnswer, taxonomy: string[], modelName: string, seen: ReadonlySet<string> = new Set()): ProposalDraft[] {
  const source = `ai:${modelName}`;
  const out: ProposalDraft[] = [];
  const kinds = new Set(findings.map((f) => f.kind));
  const titleKind = kinds.has("title-missing") ? "title-missing" : kinds.has("title-too-long") ? "title-too-long" : kinds.has("title-duplicate") ? "title-duplicate" : "ai";
  const descKind = kinds.has("description-missing") ? "description-missing" : kinds.has("description-too-long") ? "description-too-long" : kinds.has("description-duplicate") ? "description-duplicate" : "ai";
  if (answer.metaTitle?.trim() && titleKind !== "ai") out.push({ field: "metaTitle", target: "", kind: titleKind, before: x.title, value: cutText(answer.metaTitle, LIMITS.titleChars), confidence: 0.7, source, rationale: "Written by the language model from the page's content." });
  if (answer.metaDescription?.trim() && descKind !== "ai") out.push({ field: "metaDescription", target: "", kind: descKind, before: x.metaDescription, value: cutText(answer.metaDescription, LIMITS.descriptionChars), confidence: 0.7, source, rationale: "Written by the language model from the page's content." });
  const wanted = new Set(findings.filter((f) => f.kind === "image-alt-missing").map((f) => f.target));
  for (const a of answer.alts) {
    if (!wanted.has(a.src) || !a.alt.trim()) continue;
    out.push(
      seen.has(a.src)
        ? { field: "imageAlt", target: a.src, kind: "image-alt-missing", before: "", value: cutText(a.alt, 125), confidence: 0.75, source, rationale: "Written by the language model from the image itself and its context on the page." }
        : { field: "imageAlt", target: a.src, kind: "image-alt-missing", before: "", value: cutText(a.alt, 125), confidence: 0.65, source, rationale: "Written by the language model from the image's context on the page." },
    );
  }
  if (answer.summary?.trim()) out.push({ field: "summary", target: "", kind: "ai", before: "", value: cutText(answer.summary, 600), confidence: 0.6, source, rationale: "A summary of the page by the language model." });
  const allowed = new Map(taxonomy.map((t) => [t.toLowerCase(), t]));
  const tags = [...new Set(answer.tags.map((t) => allowed.get(t.trim().toLowerCase())).filter((t): t is string => !!t))];
  if (tags.length) out.push({ field: "tags", target: "", kind: "ai", before: "", value: tags.join(", "), confidence: 0.6, source, rationale: "Tags chosen by the language model from the site's own taxonomy." });
  return out;
}

/** An image of the page without alt text, as a vision model is shown it. */
export interface PageImage {
  src: string;
  bytes: Uint8Array;
  mediaType: string;
}

/**
 * Whether a model reads images (vision): Workers AI's vision models, and the common multimodal families
 * behind an OpenAI-compatible endpoint. A model not recognised gets the text context only.
 */
export function modelSeesImages(model: LanguageModel): boolean {
  const id = typeof model === "string" ? model : model.modelId;
  return /vision|llava|uform|gpt-4o|gpt-4\.1|gpt-5|claude|gemini|pixtral|qwen[\w.-]*-vl|llama-4/i.test(id);
}

/**
 * Asks the model about one page; a failed call or an invalid answer gives no proposals (the deterministic
 * ones stand). With `images` (a vision model), each image follows the page as its own part, named by
 * its `src`, and the model's alt text for it says it looked at the image.
 */
export async function aiProposals(model: LanguageModel, prompt: string, x: PageExtraction, findings: Finding[], taxonomy: string[], onError?: (e: unknown) => void, images: PageImage[] = []): Promise<ProposalDraft[]> {
  try {
    const request = JSON.stringify(buildEnrichRequest(x, findings, taxonomy));
    const { output } = await generateText({
      model,
      instructions: prompt,
      ...(images.length
        ? {
            messages: [
              {
                role: "user" as const,
                content: [
                  { type: "text" as const, text: request },
                  ...images.flatMap((i) => [
                    { type: "text" as const, text: `The image ${i.src}:` },
                    { type: "image" as const, image: i.bytes, mediaType: i.mediaType },
                  ]),
                ],
              },
            ],
          }
        : { prompt: request }),
      output: Output.object({ schema: enrichAnswerSchema, name: "enrichment", description: "Meta title, meta description, alt texts, summary and tags of the page" }),
      temperature: 0,
    });
    const modelName = typeof model === "string" ? model : model.modelId;
    return answerProposals(x, findings, output, taxonomy, modelName, new Set(images.map((i) => i.src)));
  } catch (error) {
    onError?.(error);
    return [];
  }
}

/** The site's own taxonomy: article tags and sections, and meta keywords, most used first. */
export function siteTaxonomy(pages: PageExtraction[], max = 50): string[] {
  const counts = new Map<string, { label: string; n: number }>();
  for (const x of pages) {
    const og = Object.entries(x.openGraph).filter(([k]) => k === "article:tag" || k === "article:section").map(([, v]) => v);
    for (const raw of og.flatMap((v) => v.split(","))) {
      const label = raw.trim();
      if (!label || label.length > 40) continue;
      const key = label.toLowerCase();
      counts.set(key, { label, n: (counts.get(key)?.n ?? 0) + 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.n - a.n).slice(0, max).map((c) => c.label);
}
