/**
 * Bag-of-tokens scoring of extracted main content, the way article-extraction benchmarks compute it:
 * both texts lowercased and split on anything that is not a letter or digit (any script), then
 * compared as multisets. A token counts as right as many times as it occurs in both.
 */
import { sharedTokens } from "./stats";

/** Lowercased tokens: runs of letters and digits (with their combining marks), in any script. */
export function tokens(text: string): string[] {
  return text.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
}

export interface TokenCounts {
  /** Tokens in both texts (multiset intersection). */
  tp: number;
  /** Extracted tokens that are not in the truth. */
  fp: number;
  /** Truth tokens the extraction missed. */
  fn: number;
}

export function tokenCounts(extracted: string, truth: string): TokenCounts {
  const truthTokens = tokens(truth);
  const got = tokens(extracted);
  const tp = sharedTokens(truthTokens, got);
  return { tp, fp: got.length - tp, fn: truthTokens.length - tp };
}

export interface TokenScore extends TokenCounts {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Precision, recall and F1 of an extraction against the truth. Two empty texts agree perfectly;
 * when only one is empty, every score is 0.
 */
export function tokenF1(extracted: string, truth: string): TokenScore {
  const c = tokenCounts(extracted, truth);
  if (c.tp + c.fp === 0 && c.fn === 0) return { ...c, precision: 1, recall: 1, f1: 1 };
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { ...c, precision, recall, f1 };
}
