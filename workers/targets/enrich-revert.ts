/**
 * The guard every enricher's rollback uses: a value the apply wrote is set back to its old value only
 * where the target still holds what the apply wrote. A value an editor, or a later apply (another page's,
 * on a shared asset), changed since is left as it is and reported, so a rollback never undoes work done
 * after the apply.
 */
import { ENRICH_ROLLBACK_MESSAGES, type EnrichRollbackOutcome } from "../contracts/enrich";

/** What a rollback did with one value, as an enricher reports it (the service adds the page). */
export type RevertOutcome = Omit<EnrichRollbackOutcome, "pageUrl">;

export const restored = (item: string): RevertOutcome => ({ status: "restored", item, message: ENRICH_ROLLBACK_MESSAGES.restored(item) });
export const restoredEarlier = (item: string): RevertOutcome => ({ status: "restored", item, message: ENRICH_ROLLBACK_MESSAGES.restoredEarlier(item) });
export const left = (item: string): RevertOutcome => ({ status: "left", item, message: ENRICH_ROLLBACK_MESSAGES.left(item) });
export const gone = (item: string): RevertOutcome => ({ status: "gone", item, message: ENRICH_ROLLBACK_MESSAGES.gone(item) });
export const unchecked = (item: string): RevertOutcome => ({ status: "unchecked", item, message: ENRICH_ROLLBACK_MESSAGES.unchecked(item) });

/** JSON with object keys sorted, so two values compare equal whatever order a platform answers their keys in. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Whether two values are the same; an absent value (undefined) and null are the same, as both mean "not set". */
export const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Decides one value: `restore` when the target holds what the apply wrote (the caller writes `previous`
 * back); nothing to write when it holds the old value already (a write the platform did not keep, or one
 * undone by hand); left alone otherwise.
 */
export function guard(item: string, now: unknown, written: unknown, previous: unknown): { restore: boolean; outcome: RevertOutcome } {
  if (sameValue(now, written)) return { restore: true, outcome: restored(item) };
  if (sameValue(now, previous)) return { restore: false, outcome: restored(item) };
  return { restore: false, outcome: left(item) };
}

/**
 * `guard` for a value on a shared thing (see TargetEnricher.shared): the old value is the one `restoreTo`
 * names for the item where it names one (the value before earlier applies rolled back since), else the
 * one the apply recorded. Returns the value to write back with the decision.
 */
export function guardShared(item: string, now: unknown, written: unknown, recorded: unknown, restoreTo?: ReadonlyMap<string, unknown>): { restore: boolean; old: unknown; outcome: RevertOutcome } {
  const earlier = !!restoreTo?.has(item);
  const old = earlier ? restoreTo!.get(item) : recorded;
  const decision = guard(item, now, written, old);
  return { restore: decision.restore, old, outcome: earlier && decision.outcome.status === "restored" ? restoredEarlier(item) : decision.outcome };
}

/** Marks a value whose apply kept no record of what it wrote: it goes back unchecked. */
export const UNRECORDED: unique symbol = Symbol("unrecorded");

/** One value an apply wrote, as a platform reads it back: `key` is how the platform addresses it. */
export interface GuardedValue<K> {
  key: K;
  /** What the value is, in the platform's words ("page property jcr:title", "field seoTitle"). */
  item: string;
  /** What the target holds now. */
  now: unknown;
  /** What the apply wrote, or UNRECORDED. */
  written: unknown;
  /** The old value the apply recorded. */
  recorded: unknown;
}

/**
 * The one rollback loop every enricher runs: guards each value (see guardShared) and hands the old value
 * to `put` where it may go back; a value without a record of what was written goes back unchecked.
 * Returns the outcomes in order and whether anything was put.
 */
export function guardEach<K>(values: Iterable<GuardedValue<K>>, put: (key: K, old: unknown) => void, restoreTo?: ReadonlyMap<string, unknown>): { outcomes: RevertOutcome[]; changed: boolean } {
  const outcomes: RevertOutcome[] = [];
  let changed = false;
  for (const v of values) {
    if (v.written === UNRECORDED) {
      put(v.key, v.recorded);
      changed = true;
      outcomes.push(unchecked(v.item));
      continue;
    }
    const decision = guardShared(v.item, v.now, v.written, v.recorded, restoreTo);
    if (decision.restore) {
      put(v.key, decision.old);
      changed = true;
    }
    outcomes.push(decision.outcome);
  }
  return { outcomes, changed };
}

/** A value written at a path of keys inside a document (Sanity's, a Storyblok story's content). */
export interface WrittenAt {
  path: string[];
  value: unknown;
}

export function getAt(doc: unknown, path: string[]): unknown {
  let node = doc;
  for (const key of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Sets the value at `path` (deletes it where `value` is undefined); a path whose parent is gone is left alone. */
export function setAt(doc: unknown, path: string[], value: unknown): void {
  const parent = getAt(doc, path.slice(0, -1));
  if (!parent || typeof parent !== "object") return;
  const key = path[path.length - 1]!;
  if (value === undefined) delete (parent as Record<string, unknown>)[key];
  else (parent as Record<string, unknown>)[key] = value;
}

/**
 * Guards each value written at a path of `current` (see WrittenAt) against `previous`, the document
 * before the apply, and sets the old value back in `current` where the guard lets it. `name` says what a
 * path is in the platform's words. Returns the outcomes and whether `current` changed.
 */
export function revertAt(current: unknown, previous: unknown, written: WrittenAt[], name: (path: string[]) => string): { outcomes: RevertOutcome[]; changed: boolean } {
  return guardEach(
    written.map((w) => ({ key: w.path, item: name(w.path), now: getAt(current, w.path), written: w.value, recorded: getAt(previous, w.path) })),
    (path, old) => setAt(current, path, old === undefined ? undefined : JSON.parse(JSON.stringify(old))),
  );
}
