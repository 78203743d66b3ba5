/**
 * A page's score, 0..100: 100 less a penalty per finding kind (an error costs more than a warning,
 * a notice least), weighed by the finding's confidence. A kind counts once per page however many
 * images or links it concerns, so one page with many images is not sunk by one habit.
 */
import type { Finding, FindingSeverity } from "../contracts/enrich";

export const SEVERITY_PENALTY: Record<FindingSeverity, number> = { error: 15, warning: 8, notice: 3 };

export function pageScore(findings: Finding[]): number {
  const worst = new Map<string, number>();
  for (const f of findings) worst.set(f.kind, Math.max(worst.get(f.kind) ?? 0, SEVERITY_PENALTY[f.severity] * f.confidence));
  const penalty = [...worst.values()].reduce((a, b) => a + b, 0);
  return Math.max(0, Math.round(100 - penalty));
}

/** Key of what a finding or proposal changes: the field, and the image for alt text. */
export const changeKey = (field: string, target = "") => `${field}\n${target}`;

/**
 * The findings left after the approved changes: a finding whose field (and image) has an approved
 * or applied proposal is resolved by it.
 */
export function remainingFindings(findings: Finding[], resolved: Set<string>): Finding[] {
  return findings.filter((f) => !f.field || !resolved.has(changeKey(f.field, f.field === "imageAlt" ? f.target ?? "" : "")));
}

/** Pages per score band of ten (the last band holds 90..100). */
export function scoreDistribution(scores: number[]): number[] {
  const bands = new Array<number>(10).fill(0);
  for (const s of scores) bands[Math.min(9, Math.floor(s / 10))]!++;
  return bands;
}
