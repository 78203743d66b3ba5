import type { SuggestedComponent } from "../../../workers/contracts/mapping";
import { definitionKeySchema } from "../../../workers/contracts/mapping";
import { AUTO_POPULATE_TEXTS } from "./texts";

/** A suggestion as the user picked, renamed and re-keyed it. */
export interface Choice {
  checked: boolean;
  key: string;
  name: string;
}

export type RowErrors = Record<string, { key?: string; name?: string }>;

/** Checks the picked rows as the API would: valid, distinct keys and a name. */
export function validateChoices(suggestions: readonly SuggestedComponent[], choices: Record<string, Choice>): RowErrors {
  const errors: RowErrors = {};
  const seen = new Set<string>();
  for (const s of suggestions) {
    const c = choices[s.id];
    if (!c?.checked) continue;
    const e: { key?: string; name?: string } = {};
    const key = definitionKeySchema.safeParse(c.key);
    if (!key.success) e.key = key.error.issues[0]?.message ?? "Invalid key";
    else if (seen.has(key.data)) e.key = AUTO_POPULATE_TEXTS.duplicateKey;
    else seen.add(key.data);
    if (!c.name.trim()) e.name = AUTO_POPULATE_TEXTS.nameRequired;
    if (e.key || e.name) errors[s.id] = e;
  }
  return errors;
}
